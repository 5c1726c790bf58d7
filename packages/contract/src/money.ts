/**
 * One bound for every amount of money the platform accepts, in minor units: 15 digits, ৳9,999,999,999,999.99.
 * The contract's amount schemas, the provider wallet API and the ledger all refuse past it, so no layer meets an
 * amount another refused; it stays below 2^52 (exact in a float, should one ever slip in at an edge) and far
 * below int8, so sums of many stay exact in PostgreSQL.
 */
export const MAX_AMOUNT_DIGITS = 15;
export const MAX_AMOUNT_MINOR = 10n ** BigInt(MAX_AMOUNT_DIGITS) - 1n;

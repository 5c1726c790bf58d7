/**
 * Query keys of the wallet feature. Everything starts with `wallet`, so a money
 * event (live push, a transfer) refreshes all of it with one invalidation.
 */
export const WALLET_KEY = ['wallet'] as const;
export const walletKey = (...parts: (string | number | null | undefined)[]) => [...WALLET_KEY, ...parts] as const;

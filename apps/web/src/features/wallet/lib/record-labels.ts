/**
 * Account record labels from the viewer's side (issue 22). A transfer between members is one ledger kind for both of
 * them; the sign of the viewer's own entry says which side they are on: the downline who sent UPLINE_TRANSFER reads
 * "Transfer to upline", the upline who got it "Transfer from downline"; DOWNLINE_TRANSFER likewise.
 */
const SIDED: Record<string, { out: string; in: string }> = {
  UPLINE_TRANSFER: { out: 'UPLINE_TRANSFER', in: 'FROM_DOWNLINE' },
  DOWNLINE_TRANSFER: { out: 'DOWNLINE_TRANSFER', in: 'FROM_UPLINE' },
};

/** The catalogue key under records.types for a movement of `type` whose signed amount (minor units, text) is `amount`. */
export function recordTypeKey(type: string, amount: string): string {
  const sided = SIDED[type];
  if (!sided) return type;
  return amount.trim().startsWith('-') ? sided.out : sided.in;
}

/** The account record's type filter: the kinds a member meets, in the order a player thinks of them. */
export const RECORD_TYPE_FILTER = [
  'DEPOSIT',
  'WITHDRAWAL_HOLD',
  'WITHDRAWAL_PAYOUT',
  'WITHDRAWAL_RELEASE',
  'BET',
  'WIN',
  'ROLLBACK',
  'VENDOR_TRANSFER_IN',
  'VENDOR_TRANSFER_OUT',
  'UPLINE_TRANSFER',
  'DOWNLINE_TRANSFER',
  'BONUS',
  'BONUS_CONVERSION',
  'REBATE',
  'CASHBACK',
  'COMMISSION',
  'ADJUSTMENT',
] as const;

/** What a filter choice is called: a transfer kind covers both sides, so it is named as the kind, not one side. */
export const recordFilterKey = (type: string) => (type in SIDED ? `filter.${type}` : `types.${type}`);

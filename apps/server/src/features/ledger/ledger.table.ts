import type { ColumnType, Generated, Selectable } from 'kysely';

export const LEDGER_ACCOUNT_KINDS = [
  'MEMBER_WALLET',
  /** A member's balance held at a transfer-mode game vendor. */
  'VENDOR_WALLET',
  /** A member's funds held for their pending withdrawals. */
  'WITHDRAWAL_HOLD',
  /** The operator's game profit and loss (per vendor when vendor_code is set). */
  'HOUSE',
  /** Money in flight from/to payment gateways (per gateway when vendor_code is set). */
  'PAYMENT_CLEARING',
  /** Promotions budget: bonuses, rebates, commissions paid out. */
  'BONUS',
  /** Source of opening balances (e.g. balances migrated from another system). */
  'SYSTEM_EQUITY',
  /** A member's bonus money: locked until its wagering is met, then converted to the wallet (decision 026). */
  'MEMBER_BONUS',
] as const;
export type LedgerAccountKind = (typeof LEDGER_ACCOUNT_KINDS)[number];

export const LEDGER_TRANSFER_KINDS = [
  'DEPOSIT',
  'WITHDRAWAL_HOLD',
  'WITHDRAWAL_RELEASE',
  'WITHDRAWAL_PAYOUT',
  'BET',
  'WIN',
  'ROLLBACK',
  'VENDOR_TRANSFER_IN',
  'VENDOR_TRANSFER_OUT',
  'UPLINE_TRANSFER',
  'DOWNLINE_TRANSFER',
  'BONUS',
  'REBATE',
  'COMMISSION',
  'POINTS_REDEMPTION',
  'OPENING_BALANCE',
  'ADJUSTMENT',
  /** A met bonus moving from the bonus account to the wallet. */
  'BONUS_CONVERSION',
  /** Bonus money going back to the budget: cancelled, expired, forfeited at a withdrawal, or over the cash-out cap. */
  'BONUS_FORFEIT',
  /** Rewards (issue 12): cash or bonus paid from the brand's BONUS budget (features/rewards/pay-reward.ts). */
  'CASHBACK',
  'MISSION_REWARD',
  'RED_ENVELOPE',
  'WHEEL_PRIZE',
  'EGG_PRIZE',
  'RAFFLE_PRIZE',
  /** Agent contract settlements (issue 14, features/agents/contracts): from the upline's wallet or the brand's budget. */
  'AGENT_SALARY',
  'AGENT_DIVIDEND',
  /** A referrer's reward when a referred member meets the brand's rule (features/referral, decision 049). */
  'REFERRAL_REWARD',
] as const;
export type LedgerTransferKind = (typeof LEDGER_TRANSFER_KINDS)[number];

/** Any JSON value; what `reference` metadata and stored answers may hold. */
export type JsonValue = string | number | boolean | null | JsonValue[] | { [key: string]: JsonValue };
export type JsonObject = { [key: string]: JsonValue };

/** int8 arrays come back as strings from `pg` and as bigints from PGlite; the column has a default. */
type Int8ArrayWithDefault = ColumnType<Array<bigint | string>, bigint[] | undefined, bigint[]>;
/** jsonb is written as JSON text (the same on both engines) and read as parsed JSON. */
type Jsonb<T extends JsonValue = JsonValue> = ColumnType<T, string, string>;
type JsonbWithDefault<T extends JsonValue = JsonValue> = ColumnType<T, string | undefined, string>;

export type LedgerAccountTable = {
  id: Generated<bigint>;
  kind: LedgerAccountKind;
  member_id: number | null;
  vendor_code: string | null;
  currency: string;
  balance: Generated<bigint>;
  allow_negative: Generated<boolean>;
  created_at: Generated<Date>;
};
export type LedgerAccountRow = Selectable<LedgerAccountTable>;

export type LedgerTransferTable = {
  id: Generated<bigint>;
  kind: LedgerTransferKind;
  debit_account_id: bigint;
  credit_account_id: bigint;
  amount: bigint;
  currency: string;
  idempotency_scope: string;
  idempotency_key: string;
  /** Position of this transfer within its posting (0-based). */
  leg: number;
  reference: JsonbWithDefault<JsonObject>;
  created_at: Generated<Date>;
};

export type LedgerEntryTable = {
  id: Generated<bigint>;
  transfer_id: bigint;
  account_id: bigint;
  /** Signed: negative on the debited account, positive on the credited one. */
  amount: bigint;
  balance_after: bigint;
  created_at: Generated<Date>;
};

export type IdempotencyRecordTable = {
  id: Generated<bigint>;
  scope: string;
  key: string;
  /** Hex SHA-256 of the canonical request: a repeat must carry the same one. */
  request_hash: string;
  /** The first answer, replayed to every repeat (see `StoredAnswer` in the service). */
  response: Jsonb;
  transfer_ids: Int8ArrayWithDefault;
  created_at: Generated<Date>;
};

/**
 * One row per member wallet a money movement moved, written by ledger_post in the movement's transaction
 * (the outbox: decision 021). `kind` is the ledger transfer kind, `amount` the signed change of that wallet,
 * `source` the posting's idempotency scope.
 */
export type MoneyEventTable = {
  id: Generated<bigint>;
  tx_id: Generated<string>;
  member_id: number;
  kind: string;
  amount: bigint;
  balance_after: bigint;
  currency: string;
  source: string;
  reference: JsonbWithDefault<JsonObject>;
  created_at: Generated<Date>;
};

/** Each outbox consumer's position: the (transaction id, event id) of the last money_event it applied. */
export type OutboxConsumerTable = {
  name: string;
  position: Generated<bigint>;
  position_tx: Generated<string>;
  updated_at: Generated<Date>;
};

/** Member money moves summed per hour and kind (the `money-hourly` outbox consumer). */
export type MemberMoneyHourlyTable = {
  member_id: number;
  hour: Date;
  kind: string;
  currency: string;
  total: bigint;
  moves: number;
};

import type { DepositOrderStatus, WithdrawalMethod, WithdrawalStatus } from '@playfront/contract/funds-paths';
import type { ColumnType, Generated, Selectable } from 'kysely';

/** Row types of the funds tables (migration 20261122T0600_funds). */
export type DepositChannelTable = {
  id: Generated<number>;
  brand_id: number;
  code: string;
  name: string;
  name_bn: string | null;
  gateway: Generated<string>;
  min_amount: bigint;
  max_amount: bigint;
  active: Generated<boolean>;
  sort: Generated<number>;
};
export type DepositChannelRow = Selectable<DepositChannelTable>;

export type DepositOrderTable = {
  id: Generated<bigint>;
  order_no: string;
  brand_id: number;
  member_id: number;
  channel_code: string;
  gateway: string;
  amount: bigint;
  currency: string;
  status: Generated<DepositOrderStatus>;
  gateway_payment_id: string | null;
  gateway_txn_id: string | null;
  failure_reason: string | null;
  /** The deposit promotion the member picked (issue 11): its bonus follows the credit. */
  promotion_id: ColumnType<number | null, number | null | undefined, number | null>;
  created_at: ColumnType<Date, Date | undefined, Date>;
  expires_at: Date;
  paid_at: Date | null;
  updated_at: ColumnType<Date, Date | undefined, Date>;
};
export type DepositOrderRow = Selectable<DepositOrderTable>;

export type PaymentWebhookEventTable = { gateway: string; event_id: string; received_at: ColumnType<Date, Date | undefined, never> };

export type SandboxPaymentTable = {
  id: string;
  merchant_order_no: string;
  amount: bigint;
  currency: string;
  status: Generated<'PENDING' | 'PAID' | 'CANCELLED'>;
  transaction_id: string | null;
  notify_url: string;
  return_url: string;
  expires_at: Date;
  created_at: ColumnType<Date, Date | undefined, never>;
  completed_at: Date | null;
};
export type SandboxPaymentRow = Selectable<SandboxPaymentTable>;

export type WithdrawalOrderTable = {
  id: Generated<bigint>;
  order_no: string;
  brand_id: number;
  member_id: number;
  request_id: string;
  request_hash: string;
  amount: bigint;
  currency: string;
  method: WithdrawalMethod;
  account_name: string;
  account_number: string;
  bank_name: string | null;
  status: Generated<WithdrawalStatus>;
  reject_reason: string | null;
  decided_by: string | null;
  created_at: ColumnType<Date, Date | undefined, never>;
  decided_at: Date | null;
  /** No earlier approved withdrawal of this member went to this method and account (decision 016). */
  new_payee: Generated<boolean>;
};
export type WithdrawalOrderRow = Selectable<WithdrawalOrderTable>;

export type WithdrawalOutcome = 'RECEIVED' | 'PARTLY_RECEIVED' | 'NOT_RECEIVED';
export type WithdrawalConfirmationTable = {
  withdrawal_id: bigint;
  outcome: WithdrawalOutcome;
  forced: Generated<boolean>;
  note: string | null;
  confirmed_at: ColumnType<Date, Date | undefined, never>;
};
export type WithdrawalProofTable = {
  id: Generated<bigint>;
  withdrawal_id: bigint;
  mime: 'image/png' | 'image/jpeg';
  size: number;
  bytes: Uint8Array;
  created_at: ColumnType<Date, Date | undefined, never>;
};
export type JobRunTable = { job: string; period: string; started_at: ColumnType<Date, Date | undefined, never>; affected: number | null };

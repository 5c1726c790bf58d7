import type { ColumnType, Generated } from 'kysely';

export type OutboxTable = {
  id: Generated<number>;
  brand_id: number | null;
  channel: 'sms' | 'email';
  recipient: string;
  template: string;
  payload: ColumnType<Record<string, unknown>, string, string>;
  created_at: ColumnType<Date, Date | string | undefined, never>;
};

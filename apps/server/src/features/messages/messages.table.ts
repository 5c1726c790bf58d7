import type { MessageType } from '@playfront/contract/funds-paths';
import type { ColumnType, Generated, Selectable } from 'kysely';

export type MemberMessageTable = {
  id: Generated<bigint>;
  member_id: number;
  type: MessageType;
  amount: bigint | null;
  currency: string | null;
  params: ColumnType<Record<string, string>, string | undefined, string>;
  dedupe_key: string | null;
  created_at: ColumnType<Date, Date | undefined, never>;
  read_at: Date | null;
};
export type MemberMessageRow = Selectable<MemberMessageTable>;

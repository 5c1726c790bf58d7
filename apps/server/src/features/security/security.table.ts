import type { LoginMethod, LoginResultKind } from '@playfront/contract/security-paths';
import type { ColumnType, Generated, Selectable } from 'kysely';

type Timestamp = ColumnType<Date, Date | string, Date | string>;

/** One login or refused login of a member (migration 20261129T1200_security), append-only. */
export type LoginEventTable = {
  id: Generated<bigint>;
  member_id: number;
  created_at: Timestamp;
  ip: string | null;
  user_agent: string | null;
  browser: string;
  os: string;
  result: LoginResultKind;
  method: LoginMethod | null;
};
export type LoginEventRow = Selectable<LoginEventTable>;

/** The browser and system families a member has logged in from (the new-device message's "seen before"). */
export type MemberKnownDeviceTable = {
  member_id: number;
  device_key: string;
  first_seen_at: Timestamp;
  last_seen_at: Timestamp;
};

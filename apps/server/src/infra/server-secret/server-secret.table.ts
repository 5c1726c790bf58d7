import type { ColumnType } from 'kysely';

/** Random keys the server makes once and every instance shares (migration 20261202T1100_server_secret). */
export type ServerSecretTable = {
  name: string;
  secret: Buffer;
  created_at: ColumnType<Date, Date | string | undefined, never>;
};

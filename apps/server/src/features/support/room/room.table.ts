import type { Generated } from 'kysely';

export type SupportRoomMessageTable = {
  id: Generated<bigint>;
  brand_id: number;
  member_id: number;
  body: string;
  created_at: Date;
  deleted_at: Date | null;
};
export type SupportRoomWordTable = { brand_id: number; word: string };
export type SupportRoomMuteTable = { brand_id: number; member_id: number; muted_until: Date; created_at: Date };

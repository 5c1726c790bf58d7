import type { FeedbackStatus, FeedbackType } from '@playfront/contract/support-paths';
import type { Generated, Selectable } from 'kysely';

/** A brand's feedback content bounds (no row: FEEDBACK_DEFAULT_BOUNDS). */
export type FeedbackSettingsTable = { brand_id: number; min_chars: number; max_chars: number; updated_at: Generated<Date> };

export type FeedbackTable = {
  id: Generated<bigint>;
  brand_id: number;
  member_id: number;
  type: FeedbackType;
  content: string;
  status: Generated<FeedbackStatus>;
  created_at: Date;
  updated_at: Date;
};
export type FeedbackRow = Selectable<FeedbackTable>;

export type FeedbackImageTable = { id: Generated<bigint>; feedback_id: bigint; mime: 'image/png' | 'image/jpeg'; bytes: Buffer };

export type FeedbackReplyTable = { id: Generated<bigint>; feedback_id: bigint; content: string; created_at: Date };

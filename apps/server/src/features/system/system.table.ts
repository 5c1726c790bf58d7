import type { Generated, Selectable } from 'kysely';

export type HelpArticleTable = {
  id: Generated<number>;
  brand_id: number;
  /** A brand language code: 'BN', 'EN'. */
  lang: string;
  slug: string;
  title: string;
  /** Server-authored HTML. */
  content: string;
  sort: Generated<number>;
  /** The help centre page's grouping: RULES, PAYMENTS, ACCOUNT, GENERAL (migration 20261129T1000_feedback). */
  category: Generated<string>;
  /** Unpublished articles are kept for the console only (migration 20261201T1300). */
  active: Generated<boolean>;
  updated_at: Generated<Date>;
};
export type HelpArticleRow = Selectable<HelpArticleTable>;

export type CaptchaChallengeTable = {
  id: string;
  /** Hex SHA-256 of the lower-cased answer. */
  answer_hash: string;
  created_at: Generated<Date>;
  expires_at: Date;
  used_at: Date | null;
};

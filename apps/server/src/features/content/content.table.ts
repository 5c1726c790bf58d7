import type { LanguageCode } from '@playfront/contract';
import type { Generated, Selectable } from 'kysely';

/**
 * Lobby content rows. Localised columns are jsonb keyed by language code
 * (`{ EN: '…', BN: '…' }`): one id per item in every language (see the
 * migration 20261122T0320_demo_content for why).
 */
export type Localised = Partial<Record<LanguageCode, string>>;

export type BannerTable = {
  id: Generated<number>;
  brand_id: number;
  group_name: 'w_login' | 'w_register' | 'w_leftmenu' | 'w_home';
  /** Path under an image CDN host, per language. */
  image_url: Localised;
  linkage_type: Generated<'NONE' | 'URL' | 'GAME' | 'PROMOTION'>;
  link_target: Generated<string>;
  title: Localised;
  sort: Generated<number>;
  active: Generated<boolean>;
};
export type BannerRow = Selectable<BannerTable>;

export type NoticeTable = {
  id: Generated<number>;
  brand_id: number;
  type: 'B' | 'PL' | 'PU' | 'PR' | 'H';
  title: Localised;
  content: Localised;
  platform: Generated<string>;
  sort: Generated<number>;
  active: Generated<boolean>;
  /** Shown from (null: at once) until (null: until switched off). */
  starts_at: Date | null;
  ends_at: Date | null;
};

export type PopupTable = {
  id: Generated<number>;
  brand_id: number;
  execution: 'A' | 'B' | 'F';
  title: Localised;
  content: Localised;
  image_url: Localised | null;
  sort: Generated<number>;
  active: Generated<boolean>;
  starts_at: Date | null;
  ends_at: Date | null;
};

export type AnnouncementTable = {
  id: Generated<number>;
  brand_id: number;
  title: Localised;
  content: Localised;
  promotion_type: Generated<string>;
  published_at: Date;
};

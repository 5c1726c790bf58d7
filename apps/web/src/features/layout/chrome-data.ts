/**
 * What the chrome shows, handed in by the app (features do not import each
 * other: the app reads the brand configuration and passes it here).
 */
export type ChromeLink = { csType: string; name: string; url: string };
export type SocialKind = 'whatsapp' | 'facebook' | 'instagram' | 'telegram';

export type ChromeData = {
  brandName: string;
  /** Brand features that add menu entries. */
  vipEnabled: boolean;
  referralEnabled: boolean;
  /** Customer service: the live chat (or first channel), and the telegram and facebook channels for the right bar. */
  liveChat?: ChromeLink;
  /** The member's unread support-chat messages (the built-in chat's badge), when logged in. */
  chatUnread?: number;
  telegram?: ChromeLink;
  facebook?: ChromeLink;
  socialLinks: { kind: SocialKind; url: string }[];
  /** App download links as configured (resources IOS_APP, ANDROID_APP). */
  iosAppUrl?: string;
  androidAppUrl?: string;
  /** Help centre articles for the footer list. */
  helpArticles: { slug: string; title: string }[];
  /** Game categories that have at least one vendor (lower-case paths' keys: live, rng…); undefined until vendor data exists, then the side menu hides the others. */
  gameCategories?: string[];
};

export const EMPTY_CHROME: ChromeData = {
  brandName: '',
  vipEnabled: false,
  referralEnabled: false,
  socialLinks: [],
  helpArticles: [],
};

/** The member-centre page for a side-menu or header entry (spec section 2, "Member centre menu pages"). */
export const memberPage = (page: string) => `/member?page=${page}`;

/**
 * The member's referral programme (issue 15; spec sections 2, 3 "referralCode from the query parameter", 6 "referral
 * entries only when the referral promo is enabled"). Zod-free so a screen can import paths and vocabulary without the
 * schemas (referral.ts re-exports this and adds them). The spec names no path: chosen here, under `/wps/member/`.
 */
export const REFERRAL_PATHS = {
  /**
   * GET (token, no trial) ?pageNo&pageSize: the member's own referral code and link, the members who signed up with
   * it (masked, newest first, paged) and the rewards earned through the brand's referral promotion. Refused with
   * REFERRAL_DISABLED while the brand's REFERRAL feature flag is off.
   */
  summary: '/wps/member/referral',
} as const;

/** The operator's referral reward rule, under /ops/ behind the operator key (the Merchant header names the brand). */
export const OPS_REFERRAL_PATHS = {
  /** GET / PUT: the brand's rule (a referred member's first deposit and turnover → the referrer's reward). */
  settings: '/ops/referral/settings',
} as const;

/** The query parameter of a member's referral link; the register form sends it as `referralCode` (spec section 3). */
export const REFERRAL_CODE_PARAM = 'referralCode';

/** `<site origin>/register?referralCode=<code>`: the page that opens the register popup with the code filled in. */
export const referralLink = (origin: string, code: string) => `${origin}/register?${REFERRAL_CODE_PARAM}=${encodeURIComponent(code)}`;

/** An invitee is active once they have made a paid deposit. */
export const INVITEE_STATUSES = ['active', 'inactive'] as const;
export type InviteeStatus = (typeof INVITEE_STATUSES)[number];

export const REFERRAL_PAGE_SIZE = 10;
export const REFERRAL_PAGE_MAX = 50;

/** The share targets of the referral page: the right bar's networks (spec section 2). */
export const REFERRAL_SHARE_NETWORKS = ['whatsapp', 'facebook', 'telegram'] as const;
export type ReferralShareNetwork = (typeof REFERRAL_SHARE_NETWORKS)[number];

/** Each network's own share URL for a link and a line of text (opened in a new tab; nothing is loaded from them here). */
export function shareUrl(network: ReferralShareNetwork, link: string, text: string): string {
  const u = encodeURIComponent(link);
  switch (network) {
    case 'whatsapp':
      return `https://wa.me/?text=${encodeURIComponent(`${text} ${link}`)}`;
    case 'facebook':
      return `https://www.facebook.com/sharer/sharer.php?u=${u}`;
    case 'telegram':
      return `https://t.me/share/url?url=${u}&text=${encodeURIComponent(text)}`;
  }
}

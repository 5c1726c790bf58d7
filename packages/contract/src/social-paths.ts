/**
 * Social login and account linking with any OpenID Connect provider the brand configures (issue 15, decision 053).
 * Zod-free: the web's first bundle may import these. Schemas: `@playfront/contract/social`.
 */
export const SOCIAL_PATHS = {
  /** GET: the brand's enabled providers (display name, whether it registers new members); never a secret. */
  providers: '/wps/social/providers',
  /** POST: a login (or registration) flow; answers the provider's authorization URL. */
  start: '/wps/social/start',
  /** POST (session): a linking flow for the logged-in member. */
  linkStart: '/wps/social/link/start',
  /** POST: the provider's answer (the callback page's query); logs in, registers or links. */
  complete: '/wps/social/complete',
  /** GET (session): the member's linked identities. There is no unlink: a link is final (spec section 4). */
  identities: '/wps/social/identities',
} as const;

export const OPS_SOCIAL_PATHS = {
  providers: '/ops/social/providers',
  provider: '/ops/social/providers/:slug',
} as const;

/** The SPA route the provider sends the browser back to; each provider's redirect URI is `<site origin>` + this. */
export const SOCIAL_CALLBACK_ROUTE = '/social-callback';

/** How long a started flow may take at the provider (login, consent) before its state is refused. */
export const SOCIAL_FLOW_SECONDS = 600;

/** A provider's slug in paths and buttons. */
export const SOCIAL_SLUG_PATTERN = /^[a-z0-9][a-z0-9-]{1,31}$/;

export const SOCIAL_OUTCOMES = ['login', 'registered', 'linked'] as const;
export type SocialOutcome = (typeof SOCIAL_OUTCOMES)[number];

/** Where the web keeps which flow it started (login or link) while the browser is at the provider. */
export const SOCIAL_FLOW_STORAGE_KEY = 'pf.socialFlow';

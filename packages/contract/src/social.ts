import { z } from 'zod';
import { envelope } from './envelope.ts';
import { LoginResultSchema } from './session.ts';
import { SOCIAL_OUTCOMES, SOCIAL_SLUG_PATTERN } from './social-paths.ts';

/** Schemas of social login and linking. Import as `@playfront/contract/social`; paths live zod-free in social-paths.ts. */
export * from './social-paths.ts';

const Slug = z.string().regex(SOCIAL_SLUG_PATTERN);

export const SocialProviderSchema = z.object({
  slug: z.string(),
  displayName: z.string(),
  /** An identity no member has linked yet makes a new account (else the member is told to register or link first). */
  registration: z.boolean(),
});
export type SocialProvider = z.infer<typeof SocialProviderSchema>;
export const SocialProvidersResponseSchema = envelope(z.array(SocialProviderSchema));

export const SocialStartSchema = z.object({
  provider: Slug,
  /** The referral link's code, kept for a registration the flow may end in. */
  referralCode: z.string().max(64).optional(),
});
export const SocialLinkStartSchema = z.object({ provider: Slug });
export const SocialStartResponseSchema = envelope(z.object({ authorizationUrl: z.string() }));

/** The callback page's query string as the provider sent it (code, state, iss, or error). */
export const SocialCompleteSchema = z.object({ query: z.string().min(1).max(4096) });

export const LinkedIdentitySchema = z.object({
  provider: z.string(),
  displayName: z.string(),
  /** The identity's e-mail as the provider gave it, masked; null when it gave none. */
  email: z.string().nullable(),
  linkedAt: z.string(),
});
export type LinkedIdentity = z.infer<typeof LinkedIdentitySchema>;
export const LinkedIdentitiesResponseSchema = envelope(z.array(LinkedIdentitySchema));

export const SocialCompleteResultSchema = z.object({
  outcome: z.enum(SOCIAL_OUTCOMES),
  /** login and registered: the session, exactly like a password login's answer. */
  login: LoginResultSchema.nullable(),
  /** linked: the identity now linked to the member, for good. */
  identity: LinkedIdentitySchema.nullable(),
});
export type SocialCompleteResult = z.infer<typeof SocialCompleteResultSchema>;
export const SocialCompleteResponseSchema = envelope(SocialCompleteResultSchema);

// ---- operator ------------------------------------------------------------

export const SocialProviderSettingsSchema = z.object({
  displayName: z.string().trim().min(1).max(40),
  /** The issuer; its /.well-known/openid-configuration is read. https (http only outside production). */
  issuer: z.url().max(500),
  clientId: z.string().min(1).max(300),
  /** Sealed at rest, never answered. Optional on a change: the stored one is kept. */
  clientSecret: z.string().min(1).max(500).optional(),
  /** Registered at the provider: the site origin + SOCIAL_CALLBACK_ROUTE. */
  redirectUri: z.url().max(500),
  enabled: z.boolean(),
  allowRegistration: z.boolean(),
  sort: z.number().int().min(0).max(1000).optional(),
});
export type SocialProviderSettings = z.infer<typeof SocialProviderSettingsSchema>;
export const SocialProviderSlugParamsSchema = z.object({ slug: Slug });
/** The console's "new provider": the settings and its slug (the ops API takes the slug from the path). */
export const SocialProviderCreateSchema = SocialProviderSettingsSchema.extend({ slug: Slug });
export type SocialProviderCreate = z.infer<typeof SocialProviderCreateSchema>;

export const SocialProviderAdminSchema = z.object({
  slug: z.string(),
  displayName: z.string(),
  issuer: z.string(),
  clientId: z.string(),
  hasClientSecret: z.boolean(),
  redirectUri: z.string(),
  enabled: z.boolean(),
  allowRegistration: z.boolean(),
  sort: z.number(),
  linkedIdentities: z.number(),
});
export type SocialProviderAdmin = z.infer<typeof SocialProviderAdminSchema>;
export const SocialProviderAdminResponseSchema = envelope(SocialProviderAdminSchema);
export const SocialProvidersAdminResponseSchema = envelope(z.array(SocialProviderAdminSchema));

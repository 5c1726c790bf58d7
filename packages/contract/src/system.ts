import { z } from 'zod';
import { FEATURE_FLAGS, SUPPORTED_LANGUAGES, WHITELABEL_FLAGS } from './constants.ts';
import { envelope } from './envelope.ts';
import { PATTERN_IDS, REGISTRATION_FIELDS } from './registration-patterns.ts';

export { CLIENT_KEY_HEADER, SYSTEM_PATHS } from './system-paths.ts';

export const LanguageSchema = z.enum(SUPPORTED_LANGUAGES);

// ---- status -------------------------------------------------------------

export const SystemStatusSchema = z.object({
  /** 0 normal, 1 maintenance, 2 region-restricted. */
  status: z.union([z.literal(0), z.literal(1), z.literal(2)]),
  ip: z.string(),
  /** During maintenance: the operator's message in the caller's language (console brand page), when one is set. */
  message: z.string().optional(),
});
export type SystemStatus = z.infer<typeof SystemStatusSchema>;
export const SystemStatusResponseSchema = envelope(SystemStatusSchema);

// ---- whitelabel -----------------------------------------------------------

export const WhitelabelFlagSchema = z.enum(WHITELABEL_FLAGS);
export const FeatureFlagSchema = z.enum(FEATURE_FLAGS);

/** Every whitelabel and feature flag, each true or false. */
export const WhitelabelSchema = z.object({
  flags: z.record(WhitelabelFlagSchema, z.boolean()),
  features: z.record(FeatureFlagSchema, z.boolean()),
});
export type Whitelabel = z.infer<typeof WhitelabelSchema>;
export const WhitelabelResponseSchema = envelope(WhitelabelSchema);

// ---- registration settings and rules ------------------------------------

// The field list lives with the pattern catalogue, which the web's registration popup reads without zod.
export { REGISTRATION_FIELDS } from './registration-patterns.ts';
export const RegistrationFieldSchema = z.enum(REGISTRATION_FIELDS);
export type RegistrationField = z.infer<typeof RegistrationFieldSchema>;

/** One field's rule as served by regValidata (spec section 3: patternId, acceptedPattern, minLength, maxLength). */
export const FieldRuleSchema = z.object({
  patternId: z.enum(PATTERN_IDS as [string, ...string[]]),
  acceptedPattern: z.string(),
  minLength: z.number().int().min(0),
  maxLength: z.number().int().min(1),
  /** The field is shown on the register form. */
  show: z.boolean(),
  /** The field must be filled when shown. */
  required: z.boolean(),
});
export type FieldRuleDto = z.infer<typeof FieldRuleSchema>;

export const RegValidataSchema = z.record(RegistrationFieldSchema, FieldRuleSchema);
export type RegValidata = z.infer<typeof RegValidataSchema>;
export const RegValidataResponseSchema = envelope(RegValidataSchema);

export const CountryDialingSchema = z.object({
  code: z.string(),
  dialingCode: z.string(),
  minDigits: z.number().int(),
  maxDigits: z.number().int(),
});

// getCountryCode answers the same list the register settings carry.
export const CountryCodesSchema = z.object({ list: z.array(CountryDialingSchema), defaultCountry: z.string() });
export type CountryCodes = z.infer<typeof CountryCodesSchema>;
export const CountryCodesResponseSchema = envelope(CountryCodesSchema);

export const RegisterSettingsSchema = z.object({
  usernameRegistration: z.boolean(),
  mobileRegistration: z.boolean(),
  mobilePasswordRegistration: z.boolean(),
  smsVerification: z.boolean(),
  agentPolicy: z.boolean(),
  minimumAge: z.number().int(),
  countries: z.array(CountryDialingSchema),
  defaultCountry: z.string(),
  /** regExp for mobileNum with its length bounds (spec section 3, public state). */
  mobileRule: z.object({ regExp: z.string(), minLength: z.number().int(), maxLength: z.number().int() }),
});
export type RegisterSettings = z.infer<typeof RegisterSettingsSchema>;
export const RegisterSettingsResponseSchema = envelope(RegisterSettingsSchema);

// ---- domain routes ------------------------------------------------------

export const DomainRouteSchema = z.object({
  domain: z.string(),
  /** What the domain is for: main site, agent site, app download, backup. */
  purpose: z.enum(['main', 'agent', 'app', 'backup']),
  path: z.string(),
});
export const DomainRouteResponseSchema = envelope(z.array(DomainRouteSchema));

// ---- help centre --------------------------------------------------------

export const HelpCenterQuerySchema = z.object({
  lang: LanguageSchema.default('BN'),
  device: z.literal('WEB').default('WEB'),
});
export const HelpArticleSchema = z.object({
  id: z.number().int(),
  slug: z.string(),
  title: z.string(),
  /** Safe HTML (server-authored content only). */
  content: z.string(),
  /** The help centre page's group (HELP_CATEGORIES; an operator's own word shows as "other"). Issue 15. */
  category: z.string().optional(),
});
export const HelpCenterResponseSchema = envelope(z.array(HelpArticleSchema));

// ---- captcha -------------------------------------------------------------

export const CaptchaSchema = z.object({
  /** Identifier the client sends back with the answer. */
  captchaId: z.string(),
  /** `data:image/svg+xml;base64,...` */
  image: z.string(),
  expiresInSeconds: z.number().int(),
});
export const CaptchaResponseSchema = envelope(CaptchaSchema);

// ---- permission ---------------------------------------------------------

/** A value encrypted for one client: AES-256-GCM under an ECDH(P-256) shared secret. */
export const SealedValueSchema = z.object({ iv: z.string(), data: z.string() });
export type SealedValue = z.infer<typeof SealedValueSchema>;

export const CustomerServiceSchema = z.object({
  csType: z.enum(['LIVECHAT', 'TELEGRAM', 'WHATSAPP', 'FACEBOOK', 'EMAIL', 'PHONE']),
  name: z.string(),
  /** The link, sealed for this client; the web decrypts it (see docs/decisions). */
  path: SealedValueSchema,
});

export const SocialLinkSchema = z.object({
  kind: z.enum(['whatsapp', 'facebook', 'instagram', 'telegram']),
  url: z.string(),
});

export const ResourceSchema = z.object({
  resourceType: z.string(),
  url: z.string(),
  label: z.string().optional(),
});

export const BrandSchema = z.object({
  merchantCode: z.string(),
  name: z.string(),
  platform: z.literal('WEB'),
  lotteryType: z.string(),
  languages: z.array(LanguageSchema),
  defaultLanguage: LanguageSchema,
  currency: z.string(),
  currencySymbol: z.string(),
  esportCodes: z.array(z.string()),
  cockfightCodes: z.array(z.string()),
  prizeModes: z.record(z.string(), z.string()),
  agentAccountTypes: z.array(z.number().int()),
  trialAccountType: z.number().int(),
});
export type Brand = z.infer<typeof BrandSchema>;

export const PermissionSchema = z.object({
  brand: BrandSchema,
  customerService: z.array(CustomerServiceSchema),
  /** The server's ephemeral ECDH public key (raw, base64) that sealed the customer-service paths. */
  sealKey: z.string().nullable(),
  domainRoute: z.array(DomainRouteSchema),
  resources: z.record(z.string(), ResourceSchema),
  socialLinks: z.array(SocialLinkSchema),
  whitelabel: WhitelabelSchema,
  register: RegisterSettingsSchema,
  mainDomain: z.string(),
  analytics: z.object({ gtagId: z.string() }),
  imageCDNs: z.array(z.string()),
  launchGameCDNs: z.array(z.string()),
  location: z.object({ ip: z.string() }),
  maintenance: z.boolean(),
  regionRestriction: z.boolean(),
});
export type Permission = z.infer<typeof PermissionSchema>;
export const PermissionResponseSchema = envelope(PermissionSchema);

// ---- health --------------------------------------------------------------

export const HealthSchema = z.object({
  status: z.enum(['ok', 'degraded']),
  database: z.enum(['pglite', 'postgres']),
  uptimeSeconds: z.number(),
});

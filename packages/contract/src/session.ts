import { z } from 'zod';
import { AGENT_ACCOUNT_TYPES, LIMITS, MEMBER_ACCOUNT_TYPE, SUPPORTED_LANGUAGES, TRIAL_ACCOUNT_TYPE } from './constants.ts';
import { envelope } from './envelope.ts';

/**
 * The session and member calls of spec section 7, and the accounts vocabulary.
 * Calls marked E in the spec take a sealed body (see `encrypted-payload.ts` and
 * docs/decisions/003-encrypted-payloads.md); the schemas below are the payload
 * *inside* the seal. Paths the spec did not give (public key, social login,
 * outbox, e-mail reset) were chosen here.
 */
export { SESSION_PATHS } from './session-paths.ts';

// ---- account types -----------------------------------------------------

/**
 * Who may log in where:
 * - member site: members (0), trial accounts (4, free play only) and agents (1, 2, 41, 42);
 * - agent site: agents only;
 * - any other type is a non-member: house and operator accounts the platform
 *   itself owns (e.g. SYSTEM_ACCOUNT_TYPE for the ledger's house account or a
 *   back-office test login). They never log in on either site.
 */
export const SYSTEM_ACCOUNT_TYPE = 9 as const;
export type AccountType = number;

export const isAgentType = (type: AccountType) => (AGENT_ACCOUNT_TYPES as readonly number[]).includes(type);
export const isTrialType = (type: AccountType) => type === TRIAL_ACCOUNT_TYPE;
export const isMemberSiteType = (type: AccountType) => type === MEMBER_ACCOUNT_TYPE || isTrialType(type) || isAgentType(type);

export const LOGIN_SITES = ['member', 'agent'] as const;
export const LoginSiteSchema = z.enum(LOGIN_SITES);
export type LoginSite = z.infer<typeof LoginSiteSchema>;

/** Built-in profile icons; the web draws each one (`avatar-01` … `avatar-12`). */
export const MEMBER_AVATARS = Array.from({ length: 12 }, (_, i) => `avatar-${String(i + 1).padStart(2, '0')}`);
export const DEFAULT_AVATAR = 'avatar-01';

/** The get-code button counts down this many minutes unless the server says otherwise (spec sections 4 and 9). */
export const DEFAULT_SMS_CODE_MINUTES = 1;
/**
 * An SMS code works this long (issue 22): a slow SMS or a switch of apps outlasts the 1-minute resend countdown.
 * Never shorter than the countdown, so a code does not die before its button comes back.
 */
export const SMS_CODE_LIFETIME_MINUTES = 5;

// ---- shared pieces -----------------------------------------------------

/** A country dialing code as the brand lists it (`+880`); `880` is accepted too. */
export const DialingCodeSchema = z
  .string()
  .trim()
  .regex(/^\+?[0-9]{1,4}$/)
  .transform((v) => (v.startsWith('+') ? v : `+${v}`));

const text = (max = 255) => z.string().trim().max(max);
const optionalText = (max = 255) => text(max).optional();
/** Passwords are never trimmed: a space is a character the member chose. */
const password = z.string().min(1).max(128);
const verificationCode = z.string().trim().min(1).max(LIMITS.verificationCodeMax);

/** Human verification (the system captcha): the id from GET /wps/captcha and the typed answer. */
export const HumanCheckSchema = z.object({
  captchaId: z.string().max(64).optional(),
  captcha: z.string().trim().max(16).optional(),
});

// ---- public key --------------------------------------------------------

export const PublicKeySchema = z.object({
  /** RSA-OAEP (SHA-256) public key, SPKI DER, base64. */
  publicKey: z.string(),
  algorithm: z.literal('RSA-OAEP-256'),
  /** Server clock (epoch ms), so a client with a wrong clock can correct the sealed timestamp. */
  serverTime: z.number().int(),
  /** Sealed payloads older than this (or this far in the future) are refused. */
  maxAgeSeconds: z.number().int(),
});
export type PublicKey = z.infer<typeof PublicKeySchema>;
export const PublicKeyResponseSchema = envelope(PublicKeySchema);

// ---- member info -------------------------------------------------------

export const MemberInfoSchema = z.object({
  id: z.number().int(),
  /** The login name. */
  account: z.string(),
  nickname: z.string(),
  type: z.number().int(),
  isAgent: z.boolean(),
  isTrial: z.boolean(),
  vipLabel: z.string(),
  avatar: z.string(),
  /** Spec section 3: whether the brand runs VIP levels (the VIP label and menu entry show only then). */
  hasVip: z.boolean().optional(),
  /** The member's level name in the call's Language (e.g. "Gold"). */
  vipLabelName: z.string().optional(),
  /** The member's level, 0..7. */
  vipRankLevel: z.number().int().optional(),
  /** URL of the level's icon. */
  vipIcon: z.string().optional(),
  /** The language the member chose (saved by PUT memberLanguage), applied after login on any device; null until chosen. */
  language: z.enum(SUPPORTED_LANGUAGES).nullable().optional(),
});
export type MemberInfo = z.infer<typeof MemberInfoSchema>;
export const MemberInfoResponseSchema = envelope(MemberInfoSchema);

// the language update of spec section 7, saved on the account.
/** `en`, `EN`, `bn`, `BN` → the brand's language code (the web's i18n codes are lower-case); anything else is refused. */
export const MemberLanguageBodySchema = z.object({
  language: z.enum(['EN', 'BN', 'en', 'bn']).transform((v) => v.toUpperCase() as (typeof SUPPORTED_LANGUAGES)[number]),
});
export const MemberLanguageResponseSchema = envelope(z.object({ language: z.enum(SUPPORTED_LANGUAGES) }));

export const MemberIconSchema = z.object({ avatar: z.string(), choices: z.array(z.string()) });
export const MemberIconResponseSchema = envelope(MemberIconSchema);
export const MemberIconUpdateSchema = z.object({ avatar: z.string().max(32) });

// ---- login -------------------------------------------------------------

/**
 * Username/password login. `verificationCode` is only sent on the second call
 * after a VERIFICATION_REQUIRED answer (login from an unregistered IP).
 */
export const PasswordLoginSchema = HumanCheckSchema.extend({
  type: z.literal('username').default('username'),
  username: text(64).min(1),
  password,
  site: LoginSiteSchema.default('member'),
  verificationCode: verificationCode.optional(),
});

/** SMS code login, when MOBILEVERCODELOGIN3 is on; the code comes from smsNoLogin. */
export const SmsLoginSchema = z.object({
  type: z.literal('sms'),
  mobileNum: text(20).min(1),
  countryDialingCode: DialingCodeSchema,
  verificationCode,
  site: LoginSiteSchema.default('member'),
});

export const LoginRequestSchema = z.discriminatedUnion('type', [PasswordLoginSchema, SmsLoginSchema]);
export type LoginRequest = z.input<typeof LoginRequestSchema>;

export const LoginResultSchema = z.object({
  /** Opaque session token: send it raw in the Authorization header. */
  token: z.string(),
  firstTimeLogin: z.boolean(),
  passwordExpired: z.boolean(),
  /**
   * The change-password popup must open (first login with the default
   * password, or expired password), and until the password is changed the
   * session may only read member info, change the password and log out.
   */
  mustChangePassword: z.boolean(),
  /** Captcha hint: false after a successful login. */
  captcha: z.boolean(),
  member: MemberInfoSchema,
});
export type LoginResult = z.infer<typeof LoginResultSchema>;
export const LoginResponseSchema = envelope(LoginResultSchema);

// ---- sign-in links -------------------------------------------------------

/** Seconds a sign-in code stays valid (issue 21 item 4: never a session token in a URL). */
export const HANDOFF_CODE_SECONDS = 60;
export const HandoffCodeSchema = z.object({ code: z.string(), expiresInSeconds: z.number().int() });
export const HandoffCodeResponseSchema = envelope(HandoffCodeSchema);
export const HandoffExchangeSchema = z.object({ code: z.string().min(16).max(100) });

/** `value` of a failed login: show the captcha on the next attempt. */
export const LoginFailureValueSchema = z.object({ captcha: z.boolean() });

/** `value` of a VERIFICATION_REQUIRED answer: a code went to the member's mobile; log in again with it. */
export const VerificationRequiredValueSchema = z.object({
  verificationRequired: z.literal('mobile'),
  /** The mobile the code went to, masked: `+880 ******5678`. */
  maskedMobile: z.string(),
  expiredMinutes: z.number().int(),
});
export type VerificationRequiredValue = z.infer<typeof VerificationRequiredValueSchema>;

/**
 * `value` of a TWO_STEP_REQUIRED answer: the password (or SMS code) was right and the account has two-step login on.
 * The challenge is single use and short-lived; it is not a session. Send it with the code to loginTwoStep.
 */
export const TwoStepRequiredValueSchema = z.object({
  twoStepRequired: z.literal('totp'),
  challenge: z.string(),
  expiresInSeconds: z.number().int(),
});
export type TwoStepRequiredValue = z.infer<typeof TwoStepRequiredValueSchema>;
/** Seconds a second-step challenge lives, and the wrong codes it takes before it is spent. */
export const TWO_STEP_CHALLENGE_SECONDS = 300;
export const TWO_STEP_CHALLENGE_ATTEMPTS = 5;
export const LoginTwoStepSchema = z.object({
  challenge: z.string().min(16).max(100),
  /** A 6-digit authenticator code or a recovery code. */
  code: z.string().trim().min(1).max(20),
});
export type LoginTwoStep = z.infer<typeof LoginTwoStepSchema>;

/** `value` of TOO_MANY_REQUESTS. */
export const RetryAfterValueSchema = z.object({ retryAfterSeconds: z.number().int() });

// ---- free play ---------------------------------------------------------

export const FreeplayLoginSchema = z.object({
  os: text(32).min(1),
  platform: z.literal('W'),
  /** A random string from the client (the spec's "encrypted random string"); only logged as a correlation id. */
  random: z.string().min(8).max(256),
  gatewayVersion: z.literal(3),
});

// ---- logout ------------------------------------------------------------

export const EmptyResponseSchema = envelope(z.null());

// ---- SMS codes ---------------------------------------------------------

/** SMS code for login or password reset by phone. The answer is the same whether or not the number is registered. */
export const SmsNoLoginRequestSchema = HumanCheckSchema.extend({
  mobileNum: text(20).min(1),
  countryDialingCode: DialingCodeSchema,
});

/** SMS code for registration; the spec names the number `mobileNo` here. */
export const SmsRegisterRequestSchema = HumanCheckSchema.extend({
  mobileNo: text(20).min(1),
  countryDialingCode: DialingCodeSchema,
});

export const SmsSentSchema = z.object({
  /** The button counts down minutes × 60 s before another code may be asked for (spec section 4). */
  expiredMinutes: z.number().int(),
  /** How long the code works, in minutes (SMS_CODE_LIFETIME_MINUTES, or the countdown when that is longer). */
  validMinutes: z.number().int().optional(),
});
export const SmsSentResponseSchema = envelope(SmsSentSchema);

// ---- registration ------------------------------------------------------

/**
 * The registration user of spec section 3. Field values are checked against
 * the brand's rules (regValidata) with `validateField`, so most fields here
 * are free strings: the rules, not this schema, decide their shape.
 */
export const RegisterRequestSchema = HumanCheckSchema.extend({
  username: optionalText(64),
  password: z.string().max(128).optional(),
  confirmPassword: z.string().max(128).optional(),
  payeeName: optionalText(),
  email: optionalText(),
  qqNum: optionalText(),
  mobileNum: optionalText(20),
  countryDialingCode: DialingCodeSchema.optional(),
  recommenderId: optionalText(),
  verificationCode: verificationCode.optional(),
  affiliateCode: optionalText(),
  paymentPassword: z.string().max(128).optional(),
  line: optionalText(),
  whatsapp: optionalText(),
  facebook: optionalText(),
  wechat: optionalText(),
  idNumber: optionalText(),
  referralCode: optionalText(),
  domain: optionalText(),
  registerUrl: optionalText(2048),
  registerMethod: z.literal('WEB').default('WEB'),
  firebaseChannel: optionalText(),
  firebaseIdToken: optionalText(4096),
  /** Always logs in on success; kept for the wire format of the spec. */
  login: z.boolean().default(true),
  /** The terms checkbox; registration is refused unless true. */
  termsAccepted: z.boolean().default(false),
  /** The member confirms the brand's minimum age (18 or 21, registerSettings.minimumAge); refused unless true. */
  ageConfirmed: z.boolean().default(false),
});
export type RegisterRequest = z.input<typeof RegisterRequestSchema>;

// ---- passwords ---------------------------------------------------------

export const ChangePasswordSchema = z.object({
  /** May be omitted only by an account that has no password yet (registered by mobile without one). */
  oldPassword: z.string().max(128).optional(),
  newPassword: password,
  confirmNewPassword: z.string().max(128),
});

/** Form fields of the forgot-by-email call (application/x-www-form-urlencoded). */
export const ForgotByEmailSchema = z.object({
  username: text(64).min(1),
  email: text().min(1),
});

export const ResetByEmailSchema = z.object({
  username: text(64).min(1),
  verificationCode,
  newPassword: password,
  confirmNewPassword: z.string().max(128).optional(),
});

export const ResetByPhoneSchema = z.object({
  mobileNum: text(20).min(1),
  countryDialingCode: DialingCodeSchema,
  verificationCode,
  newPassword: password,
  confirmNewPassword: z.string().max(128).optional(),
});

/** After a reset the web logs in again with this username and the new password. */
export const PasswordResetResultSchema = z.object({ username: z.string() });
export const PasswordResetResponseSchema = envelope(PasswordResetResultSchema);

// ---- affiliate ---------------------------------------------------------

export const AffiliateQuerySchema = z.object({ code: text(64).min(1), domain: optionalText() });
export const AffiliateResponseSchema = envelope(z.object({ valid: z.literal(true) }));

// ---- social ------------------------------------------------------------

export const SOCIAL_PROVIDERS = ['facebook', 'google'] as const;
export const SocialLoginSchema = z.object({ provider: z.enum(SOCIAL_PROVIDERS), idToken: z.string().min(1).max(8192) });

// ---- operator outbox ---------------------------------------------------

export const OutboxQuerySchema = z.object({ recipient: z.string().min(1).max(255) });
export const OutboxMessageSchema = z.object({
  id: z.number().int(),
  channel: z.enum(['sms', 'email']),
  recipient: z.string(),
  template: z.string(),
  payload: z.record(z.string(), z.unknown()),
  createdAt: z.string(),
});
export const OutboxResponseSchema = envelope(z.array(OutboxMessageSchema));

import { z } from 'zod';
import { envelope } from './envelope.ts';
import { DEVICE_BROWSERS, DEVICE_SYSTEMS, LOGIN_METHODS, LOGIN_RESULTS, TWO_STEP_CODE_MAX } from './security-paths.ts';

/** Schemas of the security centre calls. Import as `@playfront/contract/security`; paths live zod-free in security-paths.ts. */
export * from './security-paths.ts';

export const AccountInfoSchema = z.object({
  username: z.string(),
  nickname: z.string(),
  avatar: z.string(),
  /** The built-in avatars to choose from. */
  avatars: z.array(z.string()),
  /** The payee name withdrawals are paid to; null until set. Final once set. */
  fullName: z.string().nullable(),
  birthday: z.string().nullable(),
  /** Masked, e.g. `+880 ******0001`; null when none is bound. */
  mobile: z.string().nullable(),
  /** Masked, e.g. `de***@example.com`; null when none is bound. */
  email: z.string().nullable(),
  hasPaymentPassword: z.boolean(),
});
export type AccountInfo = z.infer<typeof AccountInfoSchema>;
export const AccountInfoResponseSchema = envelope(AccountInfoSchema);

/** Only the fields sent change. The rules (nicknameProblem, fullNameProblem, birthdayProblem) are checked by the service. */
export const AccountUpdateSchema = z
  .object({
    nickname: z.string().max(100).optional(),
    /** A built-in icon, or the uploaded picture the member has now (`u-` + 40 hex); uploads go to AVATAR_PATHS.upload. */
    avatar: z.string().max(42).optional(),
    fullName: z.string().max(200).optional(),
    birthday: z.string().max(20).optional(),
  })
  .strict();
export type AccountUpdate = z.infer<typeof AccountUpdateSchema>;

export const DeviceSchema = z.object({ browser: z.enum(DEVICE_BROWSERS), os: z.enum(DEVICE_SYSTEMS) });

export const LoginHistoryQuerySchema = z.object({
  pageNo: z.coerce.number().int().min(1).max(10_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(50).default(10),
});
export const LoginEventSchema = z.object({
  id: z.string(),
  at: z.string(),
  ip: z.string().nullable(),
  device: DeviceSchema,
  result: z.enum(LOGIN_RESULTS),
  method: z.enum(LOGIN_METHODS).nullable(),
});
export type LoginEvent = z.infer<typeof LoginEventSchema>;
export const LoginHistoryResponseSchema = envelope(
  z.object({ list: z.array(LoginEventSchema), total: z.number().int(), pageNo: z.number().int(), pageSize: z.number().int() }),
);

export const ActiveSessionSchema = z.object({
  id: z.string(),
  device: DeviceSchema,
  ip: z.string().nullable(),
  startedAt: z.string(),
  lastSeenAt: z.string(),
  /** The session making this call. */
  current: z.boolean(),
});
export type ActiveSession = z.infer<typeof ActiveSessionSchema>;
export const ActiveSessionsResponseSchema = envelope(z.object({ list: z.array(ActiveSessionSchema) }));

export const SessionIdParamsSchema = z.object({ id: z.string().regex(/^[1-9]\d{0,17}$/) });
export const SignedOutResponseSchema = envelope(z.object({ ended: z.number().int() }));

// ---- two-step login (issue 15, part 2) ------------------------------------

export const TwoStepStatusSchema = z.object({
  enabled: z.boolean(),
  enabledAt: z.string().nullable(),
  /** Unused recovery codes; 0 while off. */
  recoveryCodesLeft: z.number().int(),
});
export type TwoStepStatus = z.infer<typeof TwoStepStatusSchema>;
export const TwoStepStatusResponseSchema = envelope(TwoStepStatusSchema);

export const TwoStepSetupSchema = z.object({
  /** Base32, for typing into the app by hand. */
  secret: z.string(),
  /** `otpauth://totp/…`, shown as a QR code. */
  otpauthUri: z.string(),
});
export type TwoStepSetup = z.infer<typeof TwoStepSetupSchema>;
export const TwoStepSetupResponseSchema = envelope(TwoStepSetupSchema);

export const TwoStepCodeBodySchema = z.object({ code: z.string().trim().min(1).max(TWO_STEP_CODE_MAX) });
export type TwoStepCodeBody = z.infer<typeof TwoStepCodeBodySchema>;

/** Shown once: only their hashes are kept. */
export const RecoveryCodesSchema = z.object({ recoveryCodes: z.array(z.string()) });
export type RecoveryCodes = z.infer<typeof RecoveryCodesSchema>;
export const RecoveryCodesResponseSchema = envelope(RecoveryCodesSchema);

// ---- binding a mobile and an e-mail (issue 15, part 2) ---------------------

const contactCode = z.string().trim().min(1).max(10);
export const MobileCodeRequestSchema = z.discriminatedUnion('to', [
  /** To the mobile bound now (changing it needs a code to the old number too). */
  z.object({ to: z.literal('current') }),
  z.object({ to: z.literal('new'), countryDialingCode: z.string().trim().min(1).max(8), mobileNum: z.string().trim().min(1).max(20) }),
]);
export type MobileCodeRequest = z.infer<typeof MobileCodeRequestSchema>;
export const EmailCodeRequestSchema = z.discriminatedUnion('to', [
  z.object({ to: z.literal('current') }),
  z.object({ to: z.literal('new'), email: z.string().trim().min(1).max(200) }),
]);
export type EmailCodeRequest = z.infer<typeof EmailCodeRequestSchema>;
export const CodeSentResponseSchema = envelope(z.object({ expiredMinutes: z.number().int() }));

/** `currentCode`: the code sent to the number bound now; needed only when one is bound (a change). */
export const BindMobileSchema = z.object({
  countryDialingCode: z.string().trim().min(1).max(8),
  mobileNum: z.string().trim().min(1).max(20),
  code: contactCode,
  currentCode: contactCode.optional(),
});
export type BindMobile = z.infer<typeof BindMobileSchema>;
export const BindEmailSchema = z.object({
  email: z.string().trim().min(1).max(200),
  code: contactCode,
  currentCode: contactCode.optional(),
});
export type BindEmail = z.infer<typeof BindEmailSchema>;

/** Sealed body of the forgotten-payment-password reset: the login password, the SMS code and the new 6-digit PIN. */
export const ResetPaymentPasswordSchema = z.object({
  password: z.string().min(1).max(128),
  smsCode: z.string().regex(/^\d{6}$/),
  newPaymentPassword: z.string().regex(/^\d{6}$/),
});
export type ResetPaymentPassword = z.infer<typeof ResetPaymentPasswordSchema>;
export const PaymentPasswordResetResponseSchema = envelope(z.object({ hasPaymentPassword: z.literal(true) }));

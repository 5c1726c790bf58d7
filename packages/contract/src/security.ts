import { z } from 'zod';
import { envelope } from './envelope.ts';
import { DEVICE_BROWSERS, DEVICE_SYSTEMS, LOGIN_METHODS, LOGIN_RESULTS } from './security-paths.ts';

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
    avatar: z.string().max(40).optional(),
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

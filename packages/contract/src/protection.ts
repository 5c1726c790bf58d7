import { z } from 'zod';
import { envelope } from './envelope.ts';
import { MAX_AMOUNT_DIGITS } from './money.ts';
import {
  BLOCK_KINDS,
  COOL_OFF_CHOICES,
  LIMIT_NAMES,
  REALITY_CHECK_CHOICES,
  SELF_EXCLUSION_CHOICES,
  SESSION_LIMIT_MAX_MINUTES,
} from './protection-paths.ts';

/** Schemas of the player-protection calls (issue 18). Import as `@playfront/contract/protection`. */
export * from './protection-paths.ts';

const Minor = z.string().regex(new RegExp(`^\\d{1,${MAX_AMOUNT_DIGITS}}$`));

export const PendingLimitChangeSchema = z.object({
  /** The new value (minor units, or minutes for SESSION_DAY); null = remove the limit. */
  value: Minor.nullable(),
  requestedAt: z.string(),
  /** From when the member may confirm it (24 hours after the request). */
  availableAt: z.string(),
  confirmable: z.boolean(),
});
export type PendingLimitChange = z.infer<typeof PendingLimitChangeSchema>;

export const LimitStateSchema = z.object({
  name: z.enum(LIMIT_NAMES),
  /** Minor units (money limits) or minutes (SESSION_DAY); null = no limit. */
  value: Minor.nullable(),
  /** Used in the current period: deposits, losses (bets − wins, not below 0), stakes, or minutes logged in today. */
  used: Minor,
  /** When the current period ends (the brand's time zone). */
  periodEnd: z.string(),
  pending: PendingLimitChangeSchema.nullable(),
});
export type LimitState = z.infer<typeof LimitStateSchema>;

export const ProtectionBlockSchema = z.object({
  kind: z.enum(BLOCK_KINDS),
  startedAt: z.string(),
  /** null: a permanent self-exclusion. */
  until: z.string().nullable(),
});
export type ProtectionBlock = z.infer<typeof ProtectionBlockSchema>;

export const ProtectionStatusSchema = z.object({
  currency: z.string(),
  /** Periods (day from 00:00, week from Monday, month from the 1st) are in this zone. */
  timeZone: z.string(),
  limits: z.array(LimitStateSchema),
  block: ProtectionBlockSchema.nullable(),
  realityCheckMinutes: z.number().int(),
});
export type ProtectionStatus = z.infer<typeof ProtectionStatusSchema>;
export const ProtectionStatusResponseSchema = envelope(ProtectionStatusSchema);

/**
 * Set a limit. Lowering (or setting one where there was none) applies at once; raising or removing (`value: null`)
 * becomes a pending change the member confirms after 24 hours. SESSION_DAY is in minutes (1–1440).
 */
export const SetLimitSchema = z
  .object({ name: z.enum(LIMIT_NAMES), value: Minor.nullable() })
  .strict()
  .refine((b) => b.value === null || BigInt(b.value) > 0n, { path: ['value'], message: 'must be more than 0' })
  .refine((b) => b.name !== 'SESSION_DAY' || b.value === null || BigInt(b.value) <= BigInt(SESSION_LIMIT_MAX_MINUTES), {
    path: ['value'],
    message: `at most ${SESSION_LIMIT_MAX_MINUTES} minutes`,
  });
export type SetLimit = z.infer<typeof SetLimitSchema>;

export const LimitNameBodySchema = z.object({ name: z.enum(LIMIT_NAMES) }).strict();
export type LimitNameBody = z.infer<typeof LimitNameBodySchema>;

export const RealityCheckBodySchema = z
  .object({
    minutes: z
      .number()
      .int()
      .refine((m) => (REALITY_CHECK_CHOICES as readonly number[]).includes(m), 'not a choice'),
  })
  .strict();

export const StartBlockSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('COOL_OFF'), duration: z.enum(COOL_OFF_CHOICES) }).strict(),
  z.object({ kind: z.literal('SELF_EXCLUSION'), duration: z.enum(SELF_EXCLUSION_CHOICES) }).strict(),
]);
export type StartBlock = z.infer<typeof StartBlockSchema>;

export const PlaySessionSchema = z.object({
  currency: z.string(),
  /** When this login session began. */
  startedAt: z.string(),
  /** Stakes and wins in this session (minor units); net = wins − stakes, may be negative. */
  wagered: Minor,
  won: Minor,
  net: z.string().regex(/^-?\d+$/),
  realityCheckMinutes: z.number().int(),
});
export type PlaySession = z.infer<typeof PlaySessionSchema>;
export const PlaySessionResponseSchema = envelope(PlaySessionSchema);

/** Staff view of a member's protection (read-only). */
export const MemberProtectionSchema = ProtectionStatusSchema.extend({ memberId: z.number().int() });
export type MemberProtection = z.infer<typeof MemberProtectionSchema>;
export const MemberProtectionResponseSchema = envelope(MemberProtectionSchema);
export const MemberIdParamsSchema = z.object({ memberId: z.coerce.number().int().positive().max(2_147_483_647) });

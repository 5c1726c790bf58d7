import { z } from 'zod';
import { envelope } from './envelope.ts';
import { ENVELOPE_LIMITS } from './envelopes-paths.ts';
import { MinorUnitsSchema } from './wallet.ts';

/** Schemas of the red envelope calls. Import as `@playfront/contract/envelopes`; paths live zod-free in envelopes-paths.ts. */
export * from './envelopes-paths.ts';

const PositiveMinorSchema = z.string().regex(/^[1-9]\d{0,14}$/);
const IdSchema = z.string().regex(/^[1-9]\d{0,17}$/);

/** A rain happening now, as a member sees it. */
export const RunningRainSchema = z.object({
  occurrenceId: IdSchema,
  rainId: IdSchema,
  name: z.string(),
  startsAt: z.string(),
  endsAt: z.string(),
  count: z.number().int(),
  /** Envelopes nobody has opened yet. */
  remaining: z.number().int().min(0),
  /** Paid as cash to the wallet, or as bonus money with wagering. */
  payAs: z.enum(['CASH', 'BONUS']),
  minVipLevel: z.number().int().min(0),
  /** With a token: the amount the member opened in this rain, else null. */
  opened: MinorUnitsSchema.nullable(),
  /** With a token: whether the member's VIP level lets them open; null without a token. */
  eligible: z.boolean().nullable(),
});
export type RunningRain = z.infer<typeof RunningRainSchema>;

export const NextRainSchema = z.object({
  rainId: IdSchema,
  name: z.string(),
  startsAt: z.string(),
  durationSeconds: z.number().int(),
  minVipLevel: z.number().int().min(0),
  /** Minutes between occurrences; null for a one-off rain. */
  repeatMinutes: z.number().int().nullable(),
});
export type NextRain = z.infer<typeof NextRainSchema>;

export const RainStateSchema = z.object({
  /** The server's clock, so a countdown does not depend on the device's. */
  now: z.string(),
  currency: z.string(),
  currencySymbol: z.string(),
  current: RunningRainSchema.nullable(),
  next: NextRainSchema.nullable(),
});
export type RainState = z.infer<typeof RainStateSchema>;
export const RainStateResponseSchema = envelope(RainStateSchema);

export const OpenEnvelopeBodySchema = z.object({ occurrenceId: IdSchema });
export type OpenEnvelopeBody = z.infer<typeof OpenEnvelopeBodySchema>;

export const OpenedEnvelopeSchema = z.object({
  occurrenceId: IdSchema,
  amount: MinorUnitsSchema,
  currency: z.string(),
  currencySymbol: z.string(),
  payAs: z.enum(['CASH', 'BONUS']),
});
export type OpenedEnvelope = z.infer<typeof OpenedEnvelopeSchema>;
export const OpenedEnvelopeResponseSchema = envelope(OpenedEnvelopeSchema);

/**
 * A rain's settings. `startsAt` is the first occurrence; with `repeatMinutes` it recurs (1440 = daily at that time
 * of day), without it it happens once. Each occurrence shares `budget` (minor units) among `count` envelopes of
 * `minAmount`..`maxAmount`; `budget` must cover `count × minAmount`.
 */
export const OpsRainBodySchema = z.object({
  name: z.string().trim().min(1).max(60),
  startsAt: z.iso.datetime({ offset: true }),
  durationSeconds: z.number().int().min(ENVELOPE_LIMITS.minDurationSeconds).max(ENVELOPE_LIMITS.maxDurationSeconds),
  repeatMinutes: z.number().int().min(ENVELOPE_LIMITS.minRepeatMinutes).max(ENVELOPE_LIMITS.maxRepeatMinutes).nullable(),
  budget: PositiveMinorSchema,
  count: z.number().int().min(1).max(ENVELOPE_LIMITS.maxCount),
  minAmount: PositiveMinorSchema,
  maxAmount: PositiveMinorSchema,
  /** 0: every member. */
  minVipLevel: z.number().int().min(0).max(7),
  /** Pay as bonus money of this promotion (its wagering); null: cash. */
  bonusPromotionId: z.number().int().positive().nullable(),
  active: z.boolean(),
});
export type OpsRainBody = z.infer<typeof OpsRainBodySchema>;

export const OpsRainSchema = OpsRainBodySchema.extend({
  id: IdSchema,
  currency: z.string(),
  /** The next occurrence's start, null when none is left (one-off done, or inactive). */
  nextStartsAt: z.string().nullable(),
});
export type OpsRain = z.infer<typeof OpsRainSchema>;
export const OpsRainResponseSchema = envelope(OpsRainSchema);
export const OpsRainsResponseSchema = envelope(z.object({ list: z.array(OpsRainSchema) }));
export const OpsRainParamsSchema = z.object({ rainId: IdSchema });

export const OpsOccurrenceSchema = z.object({
  id: IdSchema,
  startsAt: z.string(),
  endsAt: z.string(),
  state: z.enum(['RUNNING', 'ENDED']),
  budget: MinorUnitsSchema,
  count: z.number().int(),
  opened: z.number().int(),
  paid: MinorUnitsSchema,
});
export const OpsOccurrencesResponseSchema = envelope(z.object({ list: z.array(OpsOccurrenceSchema) }));

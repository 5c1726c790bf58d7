import { z } from 'zod';
import { envelope } from './envelope.ts';
import { EGG_COUNTS, LUCKY_CLIENT_SEED_PATTERN, LUCKY_GAMES, LUCKY_PAID_AS, LUCKY_PRIZE_KINDS, RAFFLE_STATUSES } from './lucky-paths.ts';
import { MinorUnitsSchema } from './wallet.ts';

/** Schemas of the lucky-draw calls (wheel, eggs, raffle). Import as `@playfront/contract/lucky`. */
export * from './lucky-paths.ts';

export const LuckyGameParamsSchema = z.object({ game: z.enum(LUCKY_GAMES) });
const HashSchema = z.string().regex(/^[0-9a-f]{64}$/);

export const LuckyPrizeSchema = z.object({
  position: z.number().int(),
  /** In the call's Language. */
  label: z.string(),
  kind: z.enum(LUCKY_PRIZE_KINDS),
  amount: MinorUnitsSchema,
  weight: z.number().int(),
  /** Whether it can still be won (in stock, within its budget and the game's). */
  available: z.boolean(),
});
export type LuckyPrize = z.infer<typeof LuckyPrizeSchema>;

export const LuckySeedSchema = z.object({
  /** SHA-256 of the current server seed: the commitment, shown before any play from it. */
  serverSeedHash: HashSchema,
  clientSeed: z.string(),
  /** The nonce the next play will use. */
  nextNonce: z.number().int(),
});

export const LuckyPlaySchema = z.object({
  id: z.string(),
  game: z.enum(LUCKY_GAMES),
  nonce: z.number().int(),
  clientSeed: z.string(),
  /** The egg smashed (1-based), null on the wheel. */
  egg: z.number().int().nullable(),
  serverSeedHash: HashSchema,
  /** Revealed once the member set a new seed (the pair is finished); null while it is still in play. */
  serverSeed: z.string().nullable(),
  /** The prizes that could be won at that moment, in position order, with their weights: the input of the draw. */
  slots: z.array(z.object({ position: z.number().int(), weight: z.number().int() })),
  position: z.number().int(),
  label: z.string(),
  kind: z.enum(LUCKY_PRIZE_KINDS),
  amount: MinorUnitsSchema,
  paidAs: z.enum(LUCKY_PAID_AS),
  createdAt: z.string(),
});
export type LuckyPlay = z.infer<typeof LuckyPlaySchema>;

export const LuckyGameViewSchema = z.object({
  game: z.enum(LUCKY_GAMES),
  enabled: z.boolean(),
  currency: z.string(),
  currencySymbol: z.string(),
  tickets: z.number().int(),
  /** Minor units deposited / validly bet per ticket earned; null when that activity earns none. */
  depositPerTicket: MinorUnitsSchema.nullable(),
  validBetPerTicket: MinorUnitsSchema.nullable(),
  /** Eggs on the board (eggs only; 0 on the wheel). */
  eggCount: z.number().int(),
  prizes: z.array(LuckyPrizeSchema),
  seed: LuckySeedSchema,
});
export type LuckyGameView = z.infer<typeof LuckyGameViewSchema>;
export const LuckyGameResponseSchema = envelope(LuckyGameViewSchema);

export const LuckyPlayBodySchema = z.object({ egg: z.number().int().min(1).max(9).optional() }).optional();
export const LuckyPlayResultSchema = z.object({ play: LuckyPlaySchema, tickets: z.number().int() });
export type LuckyPlayResult = z.infer<typeof LuckyPlayResultSchema>;
export const LuckyPlayResponseSchema = envelope(LuckyPlayResultSchema);

export const LuckySeedBodySchema = z.object({ clientSeed: z.string().regex(LUCKY_CLIENT_SEED_PATTERN) });
export const LuckySeedRotationSchema = z.object({
  /** The finished pair: its seed is now public, so every play made with it can be verified. */
  revealed: z.object({ serverSeed: z.string(), serverSeedHash: HashSchema, clientSeed: z.string(), plays: z.number().int() }).nullable(),
  seed: LuckySeedSchema,
});
export const LuckySeedResponseSchema = envelope(LuckySeedRotationSchema);

export const LuckyPlaysResponseSchema = envelope(z.object({ list: z.array(LuckyPlaySchema) }));

export const RafflePrizeSchema = z.object({
  rank: z.number().int(),
  kind: z.enum(['CASH', 'BONUS']),
  amount: MinorUnitsSchema,
  label: z.string(),
});
export const RaffleWinnerSchema = z.object({
  rank: z.number().int(),
  /** Masked username. */
  name: z.string(),
  /** The winning ticket's index in the drum of that rank (0-based). */
  ticket: z.number().int(),
  amount: MinorUnitsSchema,
  mine: z.boolean(),
});
export const RaffleSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  status: z.enum(RAFFLE_STATUSES),
  startsAt: z.string(),
  endsAt: z.string(),
  depositPerEntry: MinorUnitsSchema.nullable(),
  validBetPerEntry: MinorUnitsSchema.nullable(),
  myEntries: z.number().int(),
  totalEntries: z.number().int(),
  prizes: z.array(RafflePrizeSchema),
  serverSeedHash: HashSchema,
  /** Revealed with the draw. */
  serverSeed: z.string().nullable(),
  winners: z.array(RaffleWinnerSchema),
  /** After the draw: the drum in member order (masked names), so the draw can be recomputed. */
  entrants: z.array(z.object({ memberId: z.number().int(), name: z.string(), entries: z.number().int() })),
});
export type Raffle = z.infer<typeof RaffleSchema>;
export const RaffleListSchema = z.object({ currency: z.string(), currencySymbol: z.string(), list: z.array(RaffleSchema) });
export type RaffleList = z.infer<typeof RaffleListSchema>;
export const RaffleResponseSchema = envelope(RaffleListSchema);

// Operator calls.
const PositiveMinor = z.string().regex(/^[1-9]\d{0,14}$/);
export const OpsLuckyPrizeSchema = z.object({
  position: z.number().int().min(0).max(23),
  labelEn: z.string().min(1).max(60),
  labelBn: z.string().min(1).max(60),
  kind: z.enum(LUCKY_PRIZE_KINDS),
  /** Minor units; "0" for NONE. */
  amount: z.string().regex(/^\d{1,15}$/),
  /** A BONUS prize is paid as bonus money of this promotion (its wagering). */
  promotionId: z.number().int().positive().nullable().default(null),
  weight: z.number().int().min(1).max(1_000_000),
  /** How many times it can still be won; null: unlimited. */
  stock: z.number().int().min(0).nullable().default(null),
  /** Money it can still pay in all; null: unlimited. */
  budget: z
    .string()
    .regex(/^\d{1,15}$/)
    .nullable()
    .default(null),
});
export const OpsLuckyGameBodySchema = z.object({
  enabled: z.boolean(),
  depositPerTicket: PositiveMinor.nullable(),
  validBetPerTicket: PositiveMinor.nullable(),
  eggCount: z
    .number()
    .int()
    .refine((n) => n === 0 || (EGG_COUNTS as readonly number[]).includes(n))
    .default(0),
  /** Money the whole game can still pay; null: unlimited. */
  budget: z
    .string()
    .regex(/^\d{1,15}$/)
    .nullable(),
  /** Tickets a member finds on first opening the game (a welcome gift; 0: none). */
  welcomeTickets: z.number().int().min(0).max(100).default(0),
  /** Replaces the prize set (positions not given are switched off; past plays keep theirs). */
  prizes: z.array(OpsLuckyPrizeSchema).min(1).max(24),
});
export type OpsLuckyGameBody = z.infer<typeof OpsLuckyGameBodySchema>;
export const OpsLuckyGameSchema = OpsLuckyGameBodySchema.extend({
  prizes: z.array(OpsLuckyPrizeSchema.extend({ awarded: z.number().int() })),
});
export const OpsLuckyGameResponseSchema = envelope(OpsLuckyGameSchema);
export const OpsLuckyTicketsBodySchema = z.object({ username: z.string().min(1).max(64), count: z.number().int().min(1).max(1000) });
export const OpsLuckyTicketsResponseSchema = envelope(z.object({ tickets: z.number().int() }));

export const OpsRaffleBodySchema = z
  .object({
    titleEn: z.string().min(1).max(80),
    titleBn: z.string().min(1).max(80),
    startsAt: z.iso.datetime(),
    endsAt: z.iso.datetime(),
    depositPerEntry: PositiveMinor.nullable(),
    validBetPerEntry: PositiveMinor.nullable(),
    prizes: z
      .array(
        z.object({
          kind: z.enum(['CASH', 'BONUS']),
          amount: PositiveMinor,
          promotionId: z.number().int().positive().nullable().default(null),
        }),
      )
      .min(1)
      .max(50),
  })
  .refine((b) => Date.parse(b.endsAt) > Date.parse(b.startsAt), { path: ['endsAt'] })
  .refine((b) => b.depositPerEntry !== null || b.validBetPerEntry !== null, { path: ['depositPerEntry'] });
export type OpsRaffleBody = z.infer<typeof OpsRaffleBodySchema>;
export const OpsRafflesResponseSchema = RaffleResponseSchema;
export const OpsRaffleResponseSchema = envelope(RaffleSchema);

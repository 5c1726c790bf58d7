import { z } from 'zod';
import { envelope } from './envelope.ts';
import { LuckyGameParamsSchema, OpsLuckyGameBodySchema, OpsLuckyGameSchema, OpsRaffleBodySchema } from './lucky.ts';
import { LUCKY_GAMES, RAFFLE_STATUSES } from './lucky-paths.ts';

/**
 * Console pages for the prize wheel, golden eggs and raffles (issue 17 on issue 12's feature; decision 060). The same
 * powers as the operator-key `/ops/lucky/*` routes, with staff sessions, loyalty.read / loyalty.write and one audit row
 * in the change's transaction, plus editing a raffle before it starts and a staff view of the draw.
 */
export const CONSOLE_LUCKY_PATHS = {
  /** GET → a game's configuration and prizes (with how often each was won); PUT ConsoleLuckyGameBody → replaced. */
  game: '/console/api/lucky/games/:game',
  /** GET → raffles, newest first, with tickets sold and, once drawn, the winners; POST ConsoleRaffleBody → opened. */
  raffles: '/console/api/lucky/raffles',
  /** PUT ConsoleRaffleBody → changed; refused with RAFFLE_STARTED once it has started. */
  raffle: '/console/api/lucky/raffles/:raffleId',
} as const;
export type ConsoleLuckyPathKey = keyof typeof CONSOLE_LUCKY_PATHS;

export function luckyConsolePath(key: ConsoleLuckyPathKey, params: Record<string, string | number> = {}): string {
  return CONSOLE_LUCKY_PATHS[key].replace(/:([A-Za-z]+)/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`luckyConsolePath(${key}): missing ${name}`);
    return encodeURIComponent(String(value));
  });
}

export const ConsoleLuckyGameParamsSchema = LuckyGameParamsSchema;
export { LUCKY_GAMES, RAFFLE_STATUSES };

/**
 * The ops body with the checks a form can name a field for (each issue's path is the field's): positions unique, a
 * NONE prize pays 0 and a paying prize more than 0, a BONUS prize names its promotion (and only a BONUS one does), a
 * prize's own budget covers at least one payout, the eggs game has an egg count. The server adds whether the
 * promotion exists (VALIDATION on `prizes.N.promotionId`).
 */
export const ConsoleLuckyGameBodySchema = OpsLuckyGameBodySchema.superRefine((body, ctx) => {
  const seen = new Set<number>();
  body.prizes.forEach((p, i) => {
    if (seen.has(p.position)) ctx.addIssue({ code: 'custom', path: ['prizes', i, 'position'], message: 'duplicate' });
    seen.add(p.position);
    if ((p.kind === 'NONE') !== (p.amount === '0') || /^0\d/.test(p.amount)) {
      ctx.addIssue({ code: 'custom', path: ['prizes', i, 'amount'], message: p.kind === 'NONE' ? 'noneIsZero' : 'positive' });
    }
    if ((p.kind === 'BONUS') !== (p.promotionId !== null)) {
      ctx.addIssue({ code: 'custom', path: ['prizes', i, 'promotionId'], message: p.kind === 'BONUS' ? 'required' : 'onlyBonus' });
    }
    if (p.budget !== null && p.kind !== 'NONE' && BigInt(p.budget) < BigInt(p.amount)) {
      ctx.addIssue({ code: 'custom', path: ['prizes', i, 'budget'], message: 'belowAmount' });
    }
  });
});
export type ConsoleLuckyGameBody = z.infer<typeof ConsoleLuckyGameBodySchema>;

export const ConsoleLuckyGameSchema = OpsLuckyGameSchema.extend({
  game: z.enum(LUCKY_GAMES),
  currency: z.string(),
  currencySymbol: z.string(),
  /** Plays made in all (every prize's `awarded` summed, the NONE ones included). */
  plays: z.number().int(),
});
export type ConsoleLuckyGame = z.infer<typeof ConsoleLuckyGameSchema>;
export const ConsoleLuckyGameResponseSchema = envelope(ConsoleLuckyGameSchema);

/** The ops raffle body; the prizes' BONUS promotion ids are checked on the server as on the wheel. */
export const ConsoleRaffleBodySchema = OpsRaffleBodySchema;
export type ConsoleRaffleBody = z.infer<typeof ConsoleRaffleBodySchema>;
export const ConsoleRaffleParamsSchema = z.object({ raffleId: z.string().regex(/^[1-9]\d{0,9}$/) });

export const ConsoleRaffleSchema = z.object({
  id: z.number().int(),
  titleEn: z.string(),
  titleBn: z.string(),
  status: z.enum(RAFFLE_STATUSES),
  /** OPEN and not started yet: the only time it can be edited. */
  editable: z.boolean(),
  startsAt: z.string(),
  endsAt: z.string(),
  drawnAt: z.string().nullable(),
  depositPerEntry: z.string().nullable(),
  validBetPerEntry: z.string().nullable(),
  prizes: z.array(
    z.object({ rank: z.number().int(), kind: z.enum(['CASH', 'BONUS']), amount: z.string(), promotionId: z.number().int().nullable() }),
  ),
  /** Tickets (entries) members hold in it, and how many members hold them. */
  ticketsSold: z.number().int(),
  entrants: z.number().int(),
  serverSeedHash: z.string(),
  serverSeed: z.string().nullable(),
  /** After the draw: each rank's winner, by username (staff see who), and how the prize was paid. */
  winners: z.array(
    z.object({
      rank: z.number().int(),
      memberId: z.number().int(),
      username: z.string(),
      ticket: z.number().int(),
      amount: z.string(),
      paidAs: z.enum(['CASH', 'BONUS', 'CLAIMABLE']),
    }),
  ),
});
export type ConsoleRaffle = z.infer<typeof ConsoleRaffleSchema>;
export const ConsoleRaffleListSchema = z.object({ currency: z.string(), currencySymbol: z.string(), list: z.array(ConsoleRaffleSchema) });
export type ConsoleRaffleList = z.infer<typeof ConsoleRaffleListSchema>;
export const ConsoleRaffleListResponseSchema = envelope(ConsoleRaffleListSchema);
export const ConsoleRaffleResponseSchema = envelope(ConsoleRaffleSchema);

/** Zod schemas of the lottery provider's requests (lottery.ts has the zod-free paths and types). */
import { z } from 'zod';
import { LOTTERY_BET_TYPES, LOTTERY_VIEWS } from './lottery.ts';

export const LotterySessionRequestSchema = z.object({
  vendor: z.string().regex(/^[A-Za-z0-9][A-Za-z0-9_-]{0,31}$/),
  token: z.string().min(16).max(200),
  game: z.string().max(40).optional(),
});

export const LotterySlipLineSchema = z.object({
  betType: z.enum(LOTTERY_BET_TYPES),
  numbers: z
    .array(z.string().regex(/^[0-9A-Z]{1,8}$/))
    .min(1)
    .max(10),
  stake: z.string().regex(/^[1-9][0-9]{0,15}$/),
});

export const LotterySlipRequestSchema = z.object({
  game: z.string().min(1).max(40),
  drawId: z.string().min(1).max(80),
  lines: z.array(LotterySlipLineSchema).min(1).max(50),
  requestId: z.string().regex(/^[A-Za-z0-9_-]{8,64}$/),
});

export const LotterySlipsQuerySchema = z.object({
  status: z.enum(['open', 'settled']).optional(),
  limit: z.coerce.number().int().min(1).max(100).default(30),
});

export const LotteryResultsQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(50).default(10),
});

export const LotteryLaunchQuerySchema = z.object({
  vendor: z.string().regex(/^[A-Za-z0-9][A-Za-z0-9_-]{0,31}$/),
  token: z.string().min(16).max(200).optional(),
  view: z.enum(LOTTERY_VIEWS).default('betting'),
  game: z.string().max(40).optional(),
  lang: z.string().max(8).optional(),
  backUrl: z.string().max(500).optional(),
  prizeMode: z.string().max(8).optional(),
  theme: z.string().max(8).optional(),
});

const Language = z.string().max(8).optional();
const Limit = z.coerce.number().int().min(1).max(50).default(10);

export const LotteryVnMenuQuerySchema = z.object({
  prizeMode: z.enum(['LOTT', 'ZY', 'ELOTT', 'SEA']).default('LOTT'),
  device: z.string().max(8).default('WEB'),
  language: Language,
});

export const LotteryRecentQuerySchema = z.object({ language: Language, limit: Limit });

export const LotteryNumeroQuerySchema = z.object({
  gameCode: z.string().regex(/^[A-Z0-9_]{1,40}$/),
  language: Language,
  limit: Limit,
});

export const LotteryMissionSummaryQuerySchema = z.object({ language: Language });

export const LotteryLeaderboardQuerySchema = z.object({
  board: z.enum(['daily', 'weekly']).default('daily'),
  limit: z.coerce.number().int().min(1).max(50).default(20),
  language: Language,
});

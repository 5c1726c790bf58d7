import { z } from 'zod';
import { envelope } from './envelope.ts';
import { MISSION_CATEGORIES, MISSION_GOALS, MISSION_PERIODS, MISSION_STATES } from './missions-paths.ts';
import { MinorUnitsSchema } from './wallet.ts';

/** Schemas of the mission calls. Import as `@playfront/contract/missions`; paths live zod-free in missions-paths.ts. */
export * from './missions-paths.ts';

const PositiveMinorSchema = z.string().regex(/^\d{1,15}$/);

export const MissionSchema = z.object({
  id: z.number().int(),
  code: z.string(),
  period: z.enum(MISSION_PERIODS),
  goal: z.enum(MISSION_GOALS),
  /** Wager missions: the category counted (null: every game). */
  category: z.enum(MISSION_CATEGORIES).nullable(),
  /** bigWin missions: the smallest win that counts (minor units); else "0". */
  minWin: MinorUnitsSchema,
  /** In the call's Language (EN or BN). */
  title: z.string(),
  /** Minor units for wager and deposit, a count for distinctGames and bigWin. */
  target: MinorUnitsSchema,
  progress: MinorUnitsSchema,
  /** 0..100, whole percent, for the bar. */
  percent: z.number().int().min(0).max(100),
  state: z.enum(MISSION_STATES),
  rewardAmount: MinorUnitsSchema,
  /** The reward comes as bonus money (with wagering) rather than cash. */
  rewardIsBonus: z.boolean(),
  points: z.number().int(),
  /** The period this progress belongs to: `YYYY-MM-DD` or `YYYY-Www`. */
  periodKey: z.string(),
  /** When the period ends (ISO): progress starts again from zero then. */
  endsAt: z.string(),
});
export type Mission = z.infer<typeof MissionSchema>;

export const MissionListSchema = z.object({
  currency: z.string(),
  currencySymbol: z.string(),
  daily: z.array(MissionSchema),
  weekly: z.array(MissionSchema),
  claimableCount: z.number().int(),
});
export type MissionList = z.infer<typeof MissionListSchema>;
export const MissionListResponseSchema = envelope(MissionListSchema);

export const MissionSummarySchema = z.object({
  /** Missions completed and not yet claimed (the menu badge). */
  claimableCount: z.number().int(),
  completedCount: z.number().int(),
  totalCount: z.number().int(),
  /** The member's mission points and rank (null: no points yet) on the current boards. */
  dailyPoints: z.number().int(),
  dailyRank: z.number().int().nullable(),
  weeklyPoints: z.number().int(),
  weeklyRank: z.number().int().nullable(),
});
export type MissionSummary = z.infer<typeof MissionSummarySchema>;
export const MissionSummaryResponseSchema = envelope(MissionSummarySchema);

export const MissionClaimParamsSchema = z.object({ missionId: z.coerce.number().int().min(1).max(2_147_483_647) });

export const MissionClaimSchema = z.object({
  missionId: z.number().int(),
  periodKey: z.string(),
  rewardAmount: MinorUnitsSchema,
  paidAs: z.enum(['CASH', 'BONUS']).nullable(),
  points: z.number().int(),
});
export type MissionClaim = z.infer<typeof MissionClaimSchema>;
export const MissionClaimResponseSchema = envelope(MissionClaimSchema);

export const LeaderboardQuerySchema = z.object({ board: z.enum(MISSION_PERIODS).default('daily') });

export const LeaderboardEntrySchema = z.object({
  rank: z.number().int(),
  /** Masked (`ra****21`): a player recognises their own, nobody reads a username. */
  name: z.string(),
  points: z.number().int(),
  isMe: z.boolean(),
});
export type LeaderboardEntry = z.infer<typeof LeaderboardEntrySchema>;

export const LeaderboardSchema = z.object({
  board: z.enum(MISSION_PERIODS),
  periodKey: z.string(),
  endsAt: z.string(),
  entries: z.array(LeaderboardEntrySchema),
  /** The member's own row, also when below the list (null: no points this period). */
  me: LeaderboardEntrySchema.nullable(),
});
export type Leaderboard = z.infer<typeof LeaderboardSchema>;
export const LeaderboardResponseSchema = envelope(LeaderboardSchema);

/** Operator: a mission as configured. */
export const OpsMissionBodySchema = z
  .object({
    code: z.string().regex(/^[a-z0-9-]{1,40}$/),
    period: z.enum(MISSION_PERIODS),
    goal: z.enum(MISSION_GOALS),
    category: z.enum(MISSION_CATEGORIES).nullable().default(null),
    minWin: PositiveMinorSchema.default('0'),
    target: PositiveMinorSchema.refine((v) => BigInt(v) > 0n, 'target must be above 0'),
    rewardAmount: PositiveMinorSchema.default('0'),
    /** Pay the reward as bonus money of this promotion (its wagering); null: cash. */
    bonusPromotionId: z.number().int().min(1).max(2_147_483_647).nullable().default(null),
    points: z.number().int().min(0).max(1_000_000).default(0),
    titleEn: z.string().trim().min(1).max(120),
    titleBn: z.string().trim().min(1).max(120),
    sort: z.number().int().min(0).max(10_000).default(0),
    active: z.boolean().default(true),
  })
  .refine((m) => m.goal !== 'bigWin' || BigInt(m.minWin) > 0n, { path: ['minWin'], message: 'a big-win mission needs minWin' });
export type OpsMissionBody = z.infer<typeof OpsMissionBodySchema>;

export const OpsMissionParamsSchema = z.object({ missionId: z.coerce.number().int().min(1).max(2_147_483_647) });

export const OpsMissionSchema = z.object({
  id: z.number().int(),
  code: z.string(),
  period: z.enum(MISSION_PERIODS),
  goal: z.enum(MISSION_GOALS),
  category: z.enum(MISSION_CATEGORIES).nullable(),
  minWin: MinorUnitsSchema,
  target: MinorUnitsSchema,
  rewardAmount: MinorUnitsSchema,
  bonusPromotionId: z.number().int().nullable(),
  points: z.number().int(),
  titleEn: z.string(),
  titleBn: z.string(),
  sort: z.number().int(),
  active: z.boolean(),
});
export type OpsMission = z.infer<typeof OpsMissionSchema>;
export const OpsMissionResponseSchema = envelope(OpsMissionSchema);
export const OpsMissionsResponseSchema = envelope(z.object({ list: z.array(OpsMissionSchema) }));

import { type RandomSource, uniformInt } from '../fair/random-source.ts';

/**
 * A fishing (shooting) game: the player fires one shot at a fish of their choice; the shot catches it with a chance
 * set by the fish's multiplier, and a catch pays bet × multiplier. Each shot is one round, drawn from the fair
 * stream: caught when a uniform integer in [0, 100 × multiplier) is below FISHING_RTP_PERCENT, so every fish returns
 * exactly 96 % (a small fish is caught often for a little, a dragon rarely for a lot).
 */
export const FISHING_RTP_PERCENT = 96;
export const FISHING_STATED_RTP = FISHING_RTP_PERCENT / 100;

export const FISH = ['clownfish', 'pufferfish', 'turtle', 'octopus', 'shark', 'whale', 'mermaid', 'dragon'] as const;
export type Fish = (typeof FISH)[number];

/** What a catch pays, × the shot's bet (stake included). */
export const FISH_MULTIPLIERS: Readonly<Record<Fish, number>> = {
  clownfish: 2,
  pufferfish: 3,
  turtle: 5,
  octopus: 10,
  shark: 20,
  whale: 50,
  mermaid: 100,
  dragon: 300,
};

/** Bets per shot (minor units). */
export const FISHING_BETS: readonly bigint[] = [100n, 200n, 500n, 1000n, 2000n, 5000n, 10000n];

export interface FishingRound {
  fish: Fish;
  multiplier: number;
  caught: boolean;
}

export function parseFish(text: string): Fish | null {
  return (FISH as readonly string[]).includes(text) ? (text as Fish) : null;
}

export function playFishingRound(source: RandomSource, fish: Fish): FishingRound {
  const multiplier = FISH_MULTIPLIERS[fish];
  return { fish, multiplier, caught: uniformInt(source, 100 * multiplier) < FISHING_RTP_PERCENT };
}

export function fishingWin(bet: bigint, round: FishingRound): bigint {
  return round.caught ? bet * BigInt(round.multiplier) : 0n;
}

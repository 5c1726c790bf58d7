import {
  BPS_ONE,
  type CashbackPeriod,
  REBATE_CATEGORIES,
  REBATE_CATEGORY_OF_GAME,
  type RebateCategory,
  type RebateClaimBlock,
} from '@playfront/contract/rebates-paths';

/** Rebate and cashback arithmetic and calendar, as pure functions (bigint minor units, UTC periods). */

const DAY_MS = 86_400_000;
const E4 = BigInt(BPS_ONE);

export type PeriodBounds = { key: string; start: Date; end: Date };

const isoDay = (at: Date) => at.toISOString().slice(0, 10);

/** The period `at` falls in: a UTC day (`2026-11-25`), an ISO week from Monday (`W2026-11-23`), a month (`2026-11`). */
export function periodOf(period: CashbackPeriod, at: Date): PeriodBounds {
  const day = Date.UTC(at.getUTCFullYear(), at.getUTCMonth(), at.getUTCDate());
  if (period === 'DAILY') return { key: isoDay(new Date(day)), start: new Date(day), end: new Date(day + DAY_MS) };
  if (period === 'WEEKLY') {
    const monday = day - ((at.getUTCDay() + 6) % 7) * DAY_MS;
    return { key: `W${isoDay(new Date(monday))}`, start: new Date(monday), end: new Date(monday + 7 * DAY_MS) };
  }
  const start = new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth(), 1));
  const end = new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth() + 1, 1));
  return { key: start.toISOString().slice(0, 7), start, end };
}

/** The last period that has ended by `now`: what a job run at `now` pays. */
export function lastEndedPeriod(period: CashbackPeriod, now: Date): PeriodBounds {
  return periodOf(period, new Date(periodOf(period, now).start.getTime() - 1));
}

/**
 * The periods that ended by `now` and after `since`, newest first, at most `limit` of them: what a job may still owe
 * (a run that died, or an outage longer than a period, leaves older ones unpaid).
 */
export function endedPeriodsSince(period: CashbackPeriod, since: Date, now: Date, limit: number): PeriodBounds[] {
  const out: PeriodBounds[] = [];
  let p = lastEndedPeriod(period, now);
  while (out.length < limit && p.end.getTime() > since.getTime()) {
    out.push(p);
    p = periodOf(period, new Date(p.start.getTime() - 1));
  }
  return out;
}

/** The category a settled round's game type earns rebate in, or null. */
export function categoryOfGame(gameType: unknown): RebateCategory | null {
  return typeof gameType === 'string' ? (REBATE_CATEGORY_OF_GAME[gameType.toUpperCase()] ?? null) : null;
}

const bpsOf = (table: Record<string, number> | null | undefined, category: RebateCategory): number | undefined => {
  const v = table?.[category];
  return typeof v === 'number' && Number.isInteger(v) && v >= 0 && v <= BPS_ONE ? v : undefined;
};

/** The member's rate for a category: their VIP level's when they have one (VIP on), else the brand default. */
export function rateFor(category: RebateCategory, vipBps: Record<string, number> | null, defaultBps: Record<string, number>): number {
  return bpsOf(vipBps, category) ?? bpsOf(defaultBps, category) ?? 0;
}

/** Every category's rate, in the ladder's order. */
export function ratesFor(vipBps: Record<string, number> | null, defaultBps: Record<string, number>): Record<RebateCategory, number> {
  return Object.fromEntries(REBATE_CATEGORIES.map((c) => [c, rateFor(c, vipBps, defaultBps)])) as Record<RebateCategory, number>;
}

/** Rebate of a valid bet at a rate, exactly, in minor units × 10⁴ (no rounding until it is paid). */
export const rebateE4 = (validBet: bigint, bps: number) => validBet * BigInt(bps);
/** The whole minor units of an accrual; the fraction stays accrued. */
export const wholeMinor = (accruedE4: bigint) => accruedE4 / E4;

/** Net loss from a period's cash-wallet sums (stakes are negative, wins and refunds positive): 0 when the member won. */
export function netLoss(sums: { bet: bigint; win: bigint; rollback: bigint }): bigint {
  const net = sums.bet + sums.win + sums.rollback;
  return net < 0n ? -net : 0n;
}

/** Cashback: the share of the net loss, rounded down, at most the cap (0: no cap). */
export function cashbackAmount(loss: bigint, shareBps: number, cap: bigint): bigint {
  if (loss <= 0n || shareBps <= 0) return 0n;
  const share = (loss * BigInt(shareBps)) / E4;
  return cap > 0n && share > cap ? cap : share;
}

/** The least a payout pays: the brand's minimum, and never nothing. */
export const payable = (amount: bigint, minimum: bigint) => amount > 0n && amount >= minimum;

export type ClaimTerms = { manualEnabled: boolean; minimum: bigint; intervalSeconds: number };

/** Why a member cannot claim now (null: they can), and when a claim opens again after the last one. */
export function claimBlock(
  terms: ClaimTerms,
  input: { total: bigint; trial: boolean; lastClaimAt: Date | null; now: Date },
): { blockedBy: RebateClaimBlock | null; nextClaimAt: Date | null } {
  const nextClaimAt =
    input.lastClaimAt && terms.intervalSeconds > 0 ? new Date(input.lastClaimAt.getTime() + terms.intervalSeconds * 1000) : null;
  const soon = nextClaimAt !== null && nextClaimAt.getTime() > input.now.getTime();
  const blockedBy: RebateClaimBlock | null = !terms.manualEnabled
    ? 'DISABLED'
    : input.trial
      ? 'TRIAL'
      : soon
        ? 'TOO_SOON'
        : !payable(input.total, terms.minimum)
          ? 'BELOW_MINIMUM'
          : null;
  return { blockedBy, nextClaimAt: soon ? nextClaimAt : null };
}

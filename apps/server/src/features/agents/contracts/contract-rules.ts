import {
  type AgentContractKind,
  type AgentContractPeriod,
  type ContractTerms,
  type ContractTermsInput,
  ContractTermsInputSchema,
  DIVIDEND_PERIODS,
  SALARY_PERIOD,
} from '@playfront/contract/agent-contracts';
import { AppError } from '../../../http/app-error.ts';

/**
 * The rules of contract terms and of the settlement formula, as pure functions (the service and the property tests
 * share them).
 */
export const BPS_ONE = 10_000n;

/** Terms as stored: the input checked and completed (the period of a salary kind, no tiers on a dividend). */
export function normaliseTerms(kind: AgentContractKind, input: ContractTermsInput): ContractTerms {
  const parsed = ContractTermsInputSchema.safeParse(input);
  if (!parsed.success) throw new AppError('CONTRACT_TERMS_INVALID');
  const t = parsed.data;
  const invalid = () => new AppError('CONTRACT_TERMS_INVALID');
  let period: AgentContractPeriod;
  if (kind === 'DIVIDEND') {
    period = t.period ?? 'MONTHLY';
    if (!(DIVIDEND_PERIODS as readonly string[]).includes(period)) throw invalid();
    if (t.tiers.length > 0 || t.winLossRateBps > 0) throw invalid();
  } else {
    period = SALARY_PERIOD[kind];
    if (t.period && t.period !== period) throw invalid();
  }
  if (t.rateBps <= 0) throw invalid();
  for (const tier of t.tiers) if (tier.rateBps > t.rateBps) throw invalid();
  const from = t.effectiveFrom ? new Date(t.effectiveFrom) : null;
  const to = t.effectiveTo ? new Date(t.effectiveTo) : null;
  if (from && to && to.getTime() <= from.getTime()) throw invalid();
  // Tiers from the lowest threshold up, so the last one met is the best.
  const tiers = [...t.tiers].sort(
    (a, b) => a.minActiveMembers - b.minActiveMembers || Number(BigInt(a.minBetAmount) - BigInt(b.minBetAmount)) || a.rateBps - b.rateBps,
  );
  return {
    rateBps: t.rateBps,
    period,
    tiers,
    winLossRateBps: t.winLossRateBps,
    effectiveFrom: from?.toISOString() ?? null,
    effectiveTo: to?.toISOString() ?? null,
  };
}

/** A team's figures over a period, minor units (from the rollups). */
export type TeamFigures = {
  /** Stakes (Σ BET). */
  betAmount: bigint;
  /** Stakes less refunds (Σ BET − Σ ROLLBACK): the bets that stood. */
  validBet: bigint;
  /** Stakes − wins − refunds: the house's win off the team (negative when the team won). */
  netLoss: bigint;
  /** Members with a bet in the period. */
  activeMembers: number;
};

/** The rate of valid bets a salary pays for these figures: the best tier met, or the contract's rate without tiers. */
export function salaryRateBps(terms: Pick<ContractTerms, 'rateBps' | 'tiers'>, f: TeamFigures): number {
  if (terms.tiers.length === 0) return terms.rateBps;
  let rate = 0;
  for (const tier of terms.tiers) {
    if (f.activeMembers >= tier.minActiveMembers && f.validBet >= BigInt(tier.minBetAmount)) rate = Math.max(rate, tier.rateBps);
  }
  return rate;
}

/**
 * What a settlement pays, whole minor units, rounded down (the fraction is not carried):
 * - dividend: rate × team net loss, nothing when the team won;
 * - salary (daily, hourly, real-time): tier rate × team valid bet + win/loss rate × team net loss (when the team lost),
 *   one floor over the sum.
 */
export function settlementAmount(kind: AgentContractKind, terms: ContractTerms, f: TeamFigures): { rateBps: number; amount: bigint } {
  const loss = f.netLoss > 0n ? f.netLoss : 0n;
  if (kind === 'DIVIDEND') return { rateBps: terms.rateBps, amount: (BigInt(terms.rateBps) * loss) / BPS_ONE };
  const rateBps = salaryRateBps(terms, f);
  const valid = f.validBet > 0n ? f.validBet : 0n;
  return { rateBps, amount: (BigInt(rateBps) * valid + BigInt(terms.winLossRateBps) * loss) / BPS_ONE };
}

/** Whether a contract active at `end` settles the period ending then (its effective window). */
export function inEffect(terms: Pick<ContractTerms, 'effectiveFrom' | 'effectiveTo'>, end: Date): boolean {
  if (terms.effectiveFrom && end.getTime() <= Date.parse(terms.effectiveFrom)) return false;
  if (terms.effectiveTo && end.getTime() > Date.parse(terms.effectiveTo)) return false;
  return true;
}

import type { ReferralSettings } from '@playfront/contract/referral';
import { sql } from 'kysely';
import type { Db } from '../../db/database.ts';
import type { MoneyEvent } from '../../infra/outbox/money-outbox.ts';
import { payReward } from '../bonus/pay-reward.ts';
import { getBrandFlags } from '../brand/brand.repository.ts';

/**
 * Referral rewards (issue 15, decision 049). The referral outbox consumer hands each batch of money events here, in
 * the transaction that moves its position: a referred member's first paid deposit and settled valid bets are kept in
 * `referral_progress`, and when they meet the brand's rule (read at that moment) the referrer is paid once.
 *
 * Exactly once, three times over: the consumer's position moves in the same transaction (a batch is applied once, or
 * replayed whole after a crash); the progress row's `rewarded_at` is claimed by a conditional update; and `reward_pay`
 * is keyed by `referral:<invitee>`, so even a second path to the same payment would be a replay, not a second credit.
 */

type Settings = { enabled: boolean; minFirstDeposit: bigint; minTurnover: bigint; rewardAmount: bigint };

export async function loadReferralSettings(db: Db, brandId: number): Promise<Settings | undefined> {
  const row = await db.selectFrom('referral_reward_settings').selectAll().where('brand_id', '=', brandId).executeTakeFirst();
  if (!row) return undefined;
  return {
    enabled: row.enabled,
    minFirstDeposit: BigInt(row.min_first_deposit),
    minTurnover: BigInt(row.min_turnover),
    rewardAmount: BigInt(row.reward_amount),
  };
}

export const settingsView = (s: Settings): ReferralSettings => ({
  enabled: s.enabled,
  minFirstDeposit: String(s.minFirstDeposit),
  minTurnover: String(s.minTurnover),
  rewardAmount: String(s.rewardAmount),
});

export async function saveReferralSettings(db: Db, brandId: number, input: ReferralSettings, now: Date): Promise<void> {
  const values = {
    enabled: input.enabled,
    min_first_deposit: BigInt(input.minFirstDeposit),
    min_turnover: BigInt(input.minTurnover),
    reward_amount: BigInt(input.rewardAmount),
    updated_at: now,
  };
  await db
    .insertInto('referral_reward_settings')
    .values({ brand_id: brandId, ...values })
    .onConflict((oc) => oc.column('brand_id').doUpdateSet(values))
    .execute();
}

/** The rule members see: only while the brand pays referral rewards (its setting on and the REFERRAL promo running). */
export async function activeRule(db: Db, brandId: number): Promise<Settings | null> {
  const [settings, flags] = await Promise.all([loadReferralSettings(db, brandId), getBrandFlags(db, brandId)]);
  return settings?.enabled && flags.features.REFERRAL ? settings : null;
}

/** What a money event adds to a referred member's progress, or null when it is not a deposit or a settled bet. */
export function progressOf(event: MoneyEvent): { deposit: bigint } | { validBet: bigint } | null {
  if (event.kind === 'DEPOSIT' && event.amount > 0n) return { deposit: event.amount };
  if (event.kind !== 'ROUND_SETTLED') return null;
  const v = event.reference.validBet;
  const s = typeof v === 'string' || typeof v === 'number' ? String(v) : '';
  if (!/^\d{1,18}$/.test(s) || BigInt(s) <= 0n) return null;
  return { validBet: BigInt(s) };
}

/** Whether a progress row meets the rule (a first deposit is always needed: a reward is for a paying player). */
export function meetsRule(p: { firstDeposit: bigint | null; turnover: bigint }, rule: Settings): boolean {
  return p.firstDeposit !== null && p.firstDeposit >= rule.minFirstDeposit && p.turnover >= rule.minTurnover;
}

type Invitee = { id: number; referrer_id: number; brand_id: number };

/** Applies a batch of money events to referral progress and pays the rewards they earn; inside the consumer's transaction. */
export async function applyReferralEvents(trx: Db, events: MoneyEvent[], now: Date): Promise<void> {
  const moves = events.map((e) => ({ e, p: progressOf(e) })).filter((m) => m.p !== null);
  if (moves.length === 0) return;
  const ids = [...new Set(moves.map((m) => m.e.memberId))];
  const invitees = new Map<number, Invitee>(
    (
      await trx
        .selectFrom('member')
        .select(['id', 'referrer_id', 'brand_id'])
        .where('id', 'in', ids)
        .where('referrer_id', 'is not', null)
        .execute()
    ).map((r) => [r.id, r as Invitee]),
  );
  if (invitees.size === 0) return;
  const rules = new Map<number, Settings | null>();
  const ruleOf = async (brandId: number) => {
    if (!rules.has(brandId)) rules.set(brandId, await activeRule(trx, brandId));
    return rules.get(brandId) ?? null;
  };

  for (const { e, p } of moves) {
    const invitee = invitees.get(e.memberId);
    if (!invitee || !p) continue;
    await trx
      .insertInto('referral_progress')
      .values({ invitee_id: invitee.id, referrer_id: invitee.referrer_id, brand_id: invitee.brand_id, currency: e.currency })
      .onConflict((oc) => oc.column('invitee_id').doNothing())
      .execute();
    const row =
      'deposit' in p
        ? await sql<{ first_deposit: string | bigint | null; turnover: string | bigint; rewarded_at: Date | null; currency: string }>`
            update referral_progress set first_deposit = coalesce(first_deposit, ${p.deposit})
            where invitee_id = ${invitee.id}
            returning first_deposit, turnover, rewarded_at, currency`.execute(trx)
        : await sql<{ first_deposit: string | bigint | null; turnover: string | bigint; rewarded_at: Date | null; currency: string }>`
            update referral_progress set turnover = turnover + ${p.validBet}
            where invitee_id = ${invitee.id}
            returning first_deposit, turnover, rewarded_at, currency`.execute(trx);
    const progress = row.rows[0];
    if (!progress || progress.rewarded_at) continue;
    const rule = await ruleOf(invitee.brand_id);
    if (!rule) continue;
    const state = {
      firstDeposit: progress.first_deposit === null ? null : BigInt(progress.first_deposit),
      turnover: BigInt(progress.turnover),
    };
    if (!meetsRule(state, rule)) continue;
    await payReferrer(trx, invitee, progress.currency, rule.rewardAmount, now);
  }
}

/** Claims the invitee's reward (conditional update) and pays it to an active referrer in the same transaction. */
async function payReferrer(trx: Db, invitee: Invitee, currency: string, amount: bigint, now: Date): Promise<void> {
  const referrer = await trx.selectFrom('member').select('status').where('id', '=', invitee.referrer_id).executeTakeFirst();
  // A suspended or closed referrer is not paid now; the next qualifying event of the invitee tries again.
  if (referrer?.status !== 'active') return;
  const claimed = await trx
    .updateTable('referral_progress')
    .set({ rewarded_at: now, reward_amount: amount })
    .where('invitee_id', '=', invitee.id)
    .where('rewarded_at', 'is', null)
    .executeTakeFirst();
  if (claimed.numUpdatedRows === 0n) return;
  const paid = await payReward(trx, {
    memberId: invitee.referrer_id,
    currency,
    amount,
    kind: 'REFERRAL_REWARD',
    key: `referral:${invitee.id}`,
    reference: { inviteeId: invitee.id },
    now,
  });
  // Cash is never refused (only bonus money can be); anything else is a bug, and the whole batch rolls back.
  if (paid.outcome === 'REFUSED' || paid.as !== 'CASH') throw new Error(`referral reward for invitee ${invitee.id} not paid in cash`);
  await trx
    .updateTable('referral_progress')
    .set({ transfer_id: BigInt(paid.transferId) })
    .where('invitee_id', '=', invitee.id)
    .execute();
}

export type PaidReward = { username: string; amount: bigint; rewardedAt: Date };

/** The rewards paid to a referrer, newest first, and their sum. */
export async function paidRewards(db: Db, referrerId: number, limit: number): Promise<{ list: PaidReward[]; total: bigint }> {
  const [list, sum] = await Promise.all([
    db
      .selectFrom('referral_progress as p')
      .innerJoin('member as m', 'm.id', 'p.invitee_id')
      .select(['m.username', 'p.reward_amount', 'p.rewarded_at'])
      .where('p.referrer_id', '=', referrerId)
      .where('p.rewarded_at', 'is not', null)
      .orderBy('p.rewarded_at', 'desc')
      .orderBy('p.invitee_id', 'desc')
      .limit(limit)
      .execute(),
    db
      .selectFrom('referral_progress')
      .select(sql<string | bigint | null>`sum(reward_amount)`.as('total'))
      .where('referrer_id', '=', referrerId)
      .executeTakeFirst(),
  ]);
  return {
    list: list.map((r) => ({ username: r.username, amount: BigInt(r.reward_amount ?? 0n), rewardedAt: new Date(r.rewarded_at!) })),
    total: BigInt(sum?.total ?? 0n),
  };
}

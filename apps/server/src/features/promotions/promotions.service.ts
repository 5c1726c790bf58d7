import type { ActivityState, PromotionCategory } from '@playfront/contract/promotions-paths';
import { sql } from 'kysely';
import sanitizeHtml from 'sanitize-html';
import type { Db } from '../../db/database.ts';
import { AppError } from '../../http/app-error.ts';
import { ARTWORK, artworkPath } from '../../seed/artwork.ts';
import { issueBonus, issueOrThrow } from '../bonus/bonus.service.ts';
import { insertMessage } from '../messages/messages.repository.ts';
import { activityState, ineligibility, isOpen, lossWindow, type MemberFacts, periodKey, rewardFor, text } from './promotion-rules.ts';
import type { DepositOffers, PromotionCard, PromotionDetail, RewardEntry } from './promotion-views.ts';
import type { PromotionParticipationRow, PromotionRow } from './promotions.table.ts';

export type Viewer = { memberId: number; brandId: number; isTrial: boolean } | undefined;
export type Lang = 'en' | 'bn';

/** The artwork keys of banners: a promotion with art of its own (`promo-<code>`) shows it, else its category's. */
const BANNER_ART: ReadonlySet<string> = new Set(ARTWORK.filter((a) => a.kind === 'banner').map((a) => a.key));

/** Operator HTML, shown to members: a small allow-list, no scripts, styles, handlers or foreign frames. */
export function sanitizeRules(html: string): string {
  return sanitizeHtml(html, {
    allowedTags: [
      'p',
      'br',
      'strong',
      'b',
      'em',
      'i',
      'u',
      'ul',
      'ol',
      'li',
      'h3',
      'h4',
      'table',
      'thead',
      'tbody',
      'tr',
      'th',
      'td',
      'a',
      'span',
    ],
    allowedAttributes: { a: ['href', 'title'] },
    allowedSchemes: ['https', 'mailto'],
    transformTags: { a: sanitizeHtml.simpleTransform('a', { rel: 'noopener noreferrer', target: '_blank' }) },
  });
}

/** Each promotion's banner is drawn by the artwork catalogue: its own art when it has one, else its category's. */
export function bannerUrl(promotion: Pick<PromotionRow, 'code' | 'category'>, lang: Lang): string {
  const key = BANNER_ART.has(`promo-${promotion.code}`) ? `promo-${promotion.code}` : `promo-${promotion.category.toLowerCase()}`;
  return `/cdn/img-a${artworkPath('banner', key, lang === 'en' ? 'EN' : 'BN')}`;
}

export async function memberFacts(db: Db, memberId: number, excludeOrderNo?: string): Promise<MemberFacts> {
  const { rows } = await sql<{ created_at: Date; vip_level: number; type: number; uplines: number[] | null; paid: number }>`
    with recursive up(id, upline_id, depth) as (
      select id, upline_id, 0 from member where id = ${memberId}
      union all select m.id, m.upline_id, up.depth + 1 from member m join up on m.id = up.upline_id where up.depth < 20
    )
    select m.created_at, m.vip_level, m.type,
      (select array_agg(id order by depth) from up where depth > 0) as uplines,
      (select count(*)::int from deposit_order where member_id = ${memberId} and status = 'PAID'
        and order_no is distinct from ${excludeOrderNo ?? null}) as paid
    from member m where m.id = ${memberId}`.execute(db);
  const row = rows[0];
  if (!row) throw new AppError('NOT_LOGGED_IN');
  return {
    createdAt: row.created_at,
    vipLevel: row.vip_level,
    uplineIds: row.uplines ?? [],
    paidDeposits: row.paid,
    isTrial: row.type === 4,
  };
}

type Standing = {
  participation: PromotionParticipationRow | undefined;
  grantActive: boolean;
  entriesUsed: number;
  ineligibleKey: string | null;
  /** A reward earned by claiming (yesterday's cashback, a fixed gift): what a claim would give now. */
  claimable: bigint | null;
};

/** Where a member stands in each promotion: this period's entry, entries used, eligibility. */
async function standings(db: Db, viewer: Viewer, promotions: PromotionRow[], now: Date): Promise<Map<number, Standing>> {
  const result = new Map<number, Standing>();
  if (!viewer || promotions.length === 0) return result;
  const ids = promotions.map((p) => p.id);
  const [facts, entries] = await Promise.all([
    memberFacts(db, viewer.memberId),
    db
      .selectFrom('promotion_participation as pp')
      .leftJoin('bonus_grant as g', 'g.id', 'pp.grant_id')
      .selectAll('pp')
      .select('g.state as grant_state')
      .where('pp.member_id', '=', viewer.memberId)
      .where('pp.promotion_id', 'in', ids)
      .execute(),
  ]);
  // Yesterday's net loss, once, for the cashback promotions (their claim button shows only when there is one).
  const lossPromotion = promotions.find((p) => p.trigger === 'NET_LOSS');
  const loss = lossPromotion
    ? await netLoss(db, viewer.memberId, lossWindow(periodKey(lossPromotion, now)).from, lossWindow(periodKey(lossPromotion, now)).to)
    : 0n;
  for (const promotion of promotions) {
    const mine = entries.filter((e) => e.promotion_id === promotion.id);
    const key = periodKey(promotion, now);
    // This period's entry, else an earlier one still waiting for a decision or a claim.
    const current =
      mine.find((e) => e.period_key === key) ??
      mine.find((e) => e.state === 'applying' || e.state === 'claimable' || e.state === 'signed' || e.grant_state === 'active');
    result.set(promotion.id, {
      participation: current,
      grantActive: current?.grant_state === 'active',
      entriesUsed: mine.filter((e) => e.state !== 'rejected').length,
      ineligibleKey: ineligibility(promotion, facts, now),
      claimable:
        promotion.trigger === 'NET_LOSS'
          ? loss >= promotion.min_deposit
            ? rewardFor(promotion, loss)
            : 0n
          : promotion.trigger === 'NONE' && promotion.entry === 'CLAIM'
            ? rewardFor(promotion, 0n)
            : null,
    });
  }
  return result;
}

function toCard(promotion: PromotionRow, lang: Lang, now: Date, standing: Standing | undefined): PromotionCard {
  const { state, action } = activityState(
    promotion,
    now,
    standing?.participation ? { state: standing.participation.state, grantActive: standing.grantActive } : undefined,
    standing?.ineligibleKey ?? null,
    standing?.entriesUsed ?? 0,
  );
  let pending = standing?.participation?.state === 'claimable' ? standing.participation.reward_amount : null;
  let shown = { state, action, ineligibleKey: state === 'close' && standing?.ineligibleKey ? standing.ineligibleKey : null };
  if (action === 'claim' && pending === null && standing?.claimable !== undefined && standing.claimable !== null) {
    // Earned by claiming: nothing to claim yet (no loss yesterday) is said, not offered as a button.
    if (standing.claimable <= 0n) shown = { state: 'close', action: null, ineligibleKey: 'promotions.ineligible.noLoss' };
    else pending = standing.claimable;
  }
  return {
    code: promotion.code,
    category: promotion.category,
    title: text(promotion.title, lang),
    summary: text(promotion.summary, lang),
    bannerUrl: bannerUrl(promotion, lang),
    startsAt: promotion.starts_at.toISOString(),
    endsAt: promotion.ends_at?.toISOString() ?? null,
    ...shown,
    entry: promotion.entry,
    trigger: promotion.trigger,
    reward: {
      kind: promotion.reward_kind,
      amount: String(promotion.reward_amount),
      bps: promotion.reward_bps,
      cap: promotion.reward_cap === null ? null : String(promotion.reward_cap),
    },
    minDeposit: String(promotion.min_deposit),
    wageringMultiplier: promotion.wagering_multiplier,
    wageringBase: promotion.wagering_base,
    pendingReward: pending === null ? null : String(pending),
    currency: promotion.currency,
  };
}

/** Promotions a member sees: active or paused ones, coming ones, and ended ones for a week after their end. */
async function visiblePromotions(db: Db, brandId: number, now: Date, category?: PromotionCategory): Promise<PromotionRow[]> {
  let q = db
    .selectFrom('promotion')
    .selectAll()
    .where('brand_id', '=', brandId)
    .where((eb) => eb.or([eb('ends_at', 'is', null), eb('ends_at', '>', new Date(now.getTime() - 7 * 86_400_000))]))
    .orderBy('sort')
    .orderBy('id');
  if (category) q = q.where('category', '=', category);
  return q.execute();
}

export async function listPromotions(db: Db, brandId: number, viewer: Viewer, lang: Lang, now: Date, category?: PromotionCategory) {
  const promotions = await visiblePromotions(db, brandId, now, category);
  const mine = await standings(db, viewer, promotions, now);
  return promotions.map((p) => toCard(p, lang, now, mine.get(p.id)));
}

async function promotionByCode(db: Db, brandId: number, code: string): Promise<PromotionRow> {
  const promotion = await db
    .selectFrom('promotion')
    .selectAll()
    .where('brand_id', '=', brandId)
    .where('code', '=', code)
    .executeTakeFirst();
  if (!promotion) throw new AppError('PROMOTION_NOT_FOUND');
  return promotion;
}

export async function promotionDetail(
  db: Db,
  brandId: number,
  viewer: Viewer,
  lang: Lang,
  now: Date,
  code: string,
): Promise<PromotionDetail> {
  const promotion = await promotionByCode(db, brandId, code);
  const mine = await standings(db, viewer, [promotion], now);
  return {
    ...toCard(promotion, lang, now, mine.get(promotion.id)),
    rulesHtml: sanitizeRules(text(promotion.rules_html, lang)),
    contribution: promotion.contribution as unknown as Record<string, number>,
    maxBet: promotion.max_bet === null ? null : String(promotion.max_bet),
    maxCashout: promotion.max_cashout === null ? null : String(promotion.max_cashout),
    bonusValidDays: promotion.bonus_valid_days,
    limitPerMember: promotion.limit_per_member,
    limitPeriod: promotion.limit_period,
    weekdays: promotion.weekdays,
  };
}

export async function promotionSummary(db: Db, brandId: number, viewer: Viewer, now: Date) {
  const promotions = (await visiblePromotions(db, brandId, now)).filter((p) => isOpen(p, now));
  const mine = await standings(db, viewer, promotions, now);
  let available = 0;
  for (const p of promotions) {
    const standing = mine.get(p.id);
    if (!viewer) available += 1;
    else if (toCard(p, 'en', now, standing).action !== null) available += 1;
  }
  if (!viewer) return { availablePromoCount: available, claimableCount: 0, hasActiveBonus: false };
  const [claimable, active] = await Promise.all([
    db
      .selectFrom('promotion_participation')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('member_id', '=', viewer.memberId)
      .where('state', '=', 'claimable')
      .executeTakeFirstOrThrow(),
    db.selectFrom('bonus_grant').select('id').where('member_id', '=', viewer.memberId).where('state', '=', 'active').executeTakeFirst(),
  ]);
  return { availablePromoCount: available, claimableCount: Number(claimable.n), hasActiveBonus: active !== undefined };
}

type Member = NonNullable<Viewer>;

async function openFor(db: Db, member: Member, code: string, now: Date) {
  const promotion = await promotionByCode(db, member.brandId, code);
  if (!isOpen(promotion, now)) throw new AppError('PROMOTION_CLOSED');
  const facts = await memberFacts(db, member.memberId);
  const reason = ineligibility(promotion, facts, now);
  if (reason) throw new AppError('PROMOTION_NOT_ELIGIBLE', { value: { reason } });
  const used = await db
    .selectFrom('promotion_participation')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('promotion_id', '=', promotion.id)
    .where('member_id', '=', member.memberId)
    .where('state', '<>', 'rejected')
    .executeTakeFirstOrThrow();
  return { promotion, facts, used: Number(used.n) };
}

/** A participation row for this period, created if absent; `created` tells whether this call made it. */
async function enter(
  db: Db,
  promotion: PromotionRow,
  memberId: number,
  key: string,
  state: PromotionParticipationRow['state'],
  actor: 'member' | 'system',
  now: Date,
  extra: { rewardAmount?: bigint; depositAmount?: bigint; depositOrderNo?: string; note?: string } = {},
): Promise<{ row: PromotionParticipationRow; created: boolean }> {
  const inserted = await db
    .insertInto('promotion_participation')
    .values({
      promotion_id: promotion.id,
      member_id: memberId,
      period_key: key,
      state,
      reward_amount: extra.rewardAmount ?? 0n,
      deposit_amount: extra.depositAmount ?? 0n,
      deposit_order_no: extra.depositOrderNo ?? null,
      note: extra.note ?? null,
      created_at: now,
      updated_at: now,
    })
    .onConflict((oc) => oc.columns(['promotion_id', 'member_id', 'period_key']).doNothing())
    .returningAll()
    .executeTakeFirst();
  if (inserted) {
    await db
      .insertInto('promotion_participation_event')
      .values({
        participation_id: inserted.id,
        from_state: null,
        to_state: state,
        actor,
        actor_id: actor === 'member' ? String(memberId) : null,
        created_at: now,
      })
      .execute();
    return { row: inserted, created: true };
  }
  const row = await db
    .selectFrom('promotion_participation')
    .selectAll()
    .where('promotion_id', '=', promotion.id)
    .where('member_id', '=', memberId)
    .where('period_key', '=', key)
    .executeTakeFirstOrThrow();
  return { row, created: false };
}

type ActionAnswer = { state: ActivityState; grantId: string | null; amount: string | null };

export async function joinPromotion(db: Db, member: Member, code: string, now: Date): Promise<ActionAnswer> {
  const { promotion, used } = await openFor(db, member, code, now);
  if (promotion.entry !== 'JOIN') throw new AppError('PROMOTION_WRONG_STATE');
  const key = periodKey(promotion, now);
  const { row, created } = await enter(db, promotion, member.memberId, key, 'signed', 'member', now);
  if (!created) throw new AppError('PROMOTION_WRONG_STATE');
  if (used >= promotion.limit_per_member) throw new AppError('PROMOTION_LIMIT_REACHED');
  // Nothing to qualify by: joining is receiving.
  if (promotion.trigger === 'NONE') {
    const grant = issueOrThrow(
      await issueBonus(db, {
        participationId: row.id,
        amount: rewardFor(promotion, 0n),
        deposit: 0n,
        toState: 'claimed',
        actor: 'member',
        actorId: String(member.memberId),
        now,
      }),
    );
    return { state: 'process', grantId: grant.grantId, amount: String(rewardFor(promotion, 0n)) };
  }
  return { state: 'joined', grantId: null, amount: null };
}

export async function applyPromotion(db: Db, member: Member, code: string, note: string | undefined, now: Date): Promise<ActionAnswer> {
  const { promotion, used } = await openFor(db, member, code, now);
  if (promotion.entry !== 'APPLY') throw new AppError('PROMOTION_WRONG_STATE');
  if (used >= promotion.limit_per_member) throw new AppError('PROMOTION_LIMIT_REACHED');
  const reward = rewardFor(promotion, 0n);
  const { created } = await enter(db, promotion, member.memberId, periodKey(promotion, now), 'applying', 'member', now, {
    rewardAmount: reward,
    ...(note ? { note } : {}),
  });
  if (!created) throw new AppError('PROMOTION_WRONG_STATE');
  return { state: 'applying', grantId: null, amount: String(reward) };
}

/** A member's net loss (stakes − wins − refunds from the cash wallet) over a window, from the hourly rollup. */
async function netLoss(db: Db, memberId: number, from: Date, to: Date): Promise<bigint> {
  const { rows } = await sql<{ net: string }>`
    select coalesce(sum(total), 0)::text as net from member_money_hourly
    where member_id = ${memberId} and hour >= ${from} and hour < ${to} and kind in ('BET', 'WIN', 'ROLLBACK')`.execute(db);
  const net = BigInt(rows[0]?.net ?? '0');
  return net < 0n ? -net : 0n;
}

/**
 * Claims a reward. An earned one (made claimable by a deposit) is one lookup and one money statement; a reward
 * earned by the claim itself (a fixed daily gift, yesterday's cashback) first records its entry in a transaction.
 */
export async function claimPromotion(db: Db, member: Member, code: string, now: Date): Promise<ActionAnswer> {
  const found = await db
    .selectFrom('promotion as p')
    .leftJoin('promotion_participation as pp', (join) =>
      join.onRef('pp.promotion_id', '=', 'p.id').on('pp.member_id', '=', member.memberId).on('pp.state', '=', 'claimable'),
    )
    .selectAll('p')
    .select(['pp.id as waiting_id', 'pp.reward_amount as waiting_reward', 'pp.deposit_amount as waiting_deposit'])
    .where('p.brand_id', '=', member.brandId)
    .where('p.code', '=', code)
    .orderBy('pp.id')
    .limit(1)
    .executeTakeFirst();
  if (!found) throw new AppError('PROMOTION_NOT_FOUND');
  const { waiting_id, waiting_reward, waiting_deposit, ...promotion } = found;
  let waiting: { id: bigint; reward: bigint; deposit: bigint } | undefined =
    waiting_id === null ? undefined : { id: waiting_id, reward: waiting_reward ?? 0n, deposit: waiting_deposit ?? 0n };
  if (!waiting) {
    if (promotion.entry !== 'CLAIM' || promotion.trigger === 'DEPOSIT') throw new AppError('PROMOTION_NOTHING_TO_CLAIM');
    const earned = await db.transaction().execute((trx) => earnByClaim(trx, member, promotion, now));
    if ('grantId' in earned) return { state: 'claimed', grantId: earned.grantId, amount: String(earned.reward) };
    waiting = earned;
  }
  const result = await issueBonus(db, {
    participationId: waiting.id,
    amount: waiting.reward,
    deposit: waiting.deposit,
    toState: 'claimed',
    actor: 'member',
    actorId: String(member.memberId),
    now,
  });
  const { grantId } = issueOrThrow(result);
  return { state: 'process', grantId, amount: String(waiting.reward) };
}

/** The entry of a reward earned by claiming it (trigger NONE or NET_LOSS), or the grant a twin claim already got. */
async function earnByClaim(
  db: Db,
  member: Member,
  promotion: PromotionRow,
  now: Date,
): Promise<{ id: bigint; reward: bigint; deposit: bigint } | { grantId: string; reward: bigint }> {
  const key = periodKey(promotion, now);
  const { used } = await openFor(db, member, promotion.code, now);
  const existing = await db
    .selectFrom('promotion_participation')
    .selectAll()
    .where('promotion_id', '=', promotion.id)
    .where('member_id', '=', member.memberId)
    .where('period_key', '=', key)
    .executeTakeFirst();
  // A concurrent or repeated claim of the same period: the first one's answer.
  if (existing?.grant_id) return { grantId: String(existing.grant_id), reward: existing.reward_amount };
  if (existing) throw new AppError('PROMOTION_WRONG_STATE');
  if (used >= promotion.limit_per_member) throw new AppError('PROMOTION_LIMIT_REACHED');
  let reward = rewardFor(promotion, 0n);
  if (promotion.trigger === 'NET_LOSS') {
    const window = lossWindow(key);
    const loss = await netLoss(db, member.memberId, window.from, window.to);
    if (loss < promotion.min_deposit) throw new AppError('PROMOTION_NOTHING_TO_CLAIM');
    reward = rewardFor(promotion, loss);
  }
  if (reward <= 0n) throw new AppError('PROMOTION_NOTHING_TO_CLAIM');
  const { row } = await enter(db, promotion, member.memberId, key, 'claimable', 'member', now, { rewardAmount: reward });
  if (row.grant_id) return { grantId: String(row.grant_id), reward: row.reward_amount };
  return { id: row.id, reward: row.reward_amount, deposit: 0n };
}

/** The deposit page's picker: open deposit promotions this member may take, with the bonus a deposit of `amount` brings. */
export async function depositOffers(db: Db, member: Member, lang: Lang, amount: bigint | undefined, now: Date): Promise<DepositOffers> {
  const promotions = (await visiblePromotions(db, member.brandId, now)).filter((p) => isOpen(p, now) && p.trigger === 'DEPOSIT');
  const mine = await standings(db, member, promotions, now);
  const active = await db
    .selectFrom('bonus_grant')
    .select('id')
    .where('member_id', '=', member.memberId)
    .where('state', '=', 'active')
    .executeTakeFirst();
  const list = promotions
    .filter((p) => {
      const s = mine.get(p.id);
      if (!s || s.ineligibleKey !== null || s.entriesUsed >= p.limit_per_member) return s?.participation?.state === 'signed';
      return !s.participation || s.participation.state === 'signed';
    })
    .map((p) => ({
      code: p.code,
      title: text(p.title, lang),
      bonus: String(amount !== undefined && amount >= p.min_deposit ? rewardFor(p, amount) : 0n),
      minDeposit: String(p.min_deposit),
      wageringMultiplier: p.wagering_multiplier,
    }));
  return { list, blockedByActiveBonus: active !== undefined };
}

/** Checks a promotion picked at deposit time; its id goes on the order. */
export async function depositPromotionId(db: Db, member: Member, code: string, now: Date): Promise<number> {
  const { promotion, used } = await openFor(db, member, code, now);
  if (promotion.trigger !== 'DEPOSIT') throw new AppError('PROMOTION_WRONG_STATE');
  const signed = await db
    .selectFrom('promotion_participation')
    .select('id')
    .where('promotion_id', '=', promotion.id)
    .where('member_id', '=', member.memberId)
    .where('state', '=', 'signed')
    .executeTakeFirst();
  if (!signed && used >= promotion.limit_per_member) throw new AppError('PROMOTION_LIMIT_REACHED');
  return promotion.id;
}

/**
 * A credited deposit (from the money outbox, exactly once): the promotion picked with it, a JOIN promotion the
 * member joined earlier, and every AUTO promotion the member is eligible for get their turn. A JOIN or AUTO
 * reward is issued at once; a CLAIM reward becomes claimable. A refusal (budget spent, another bonus active)
 * leaves the reward claimable, so nothing the member earned is lost.
 */
export async function onDepositCredited(db: Db, memberId: number, orderNo: string, now: Date): Promise<void> {
  const order = await db.selectFrom('deposit_order').selectAll().where('order_no', '=', orderNo).executeTakeFirst();
  if (!order || order.member_id !== memberId) return;
  const facts = await memberFacts(db, memberId, orderNo);
  const promotions = (await visiblePromotions(db, order.brand_id, now)).filter((p) => isOpen(p, now) && p.trigger === 'DEPOSIT');
  const signed = await db
    .selectFrom('promotion_participation')
    .select('promotion_id')
    .where('member_id', '=', memberId)
    .where('state', '=', 'signed')
    .execute();
  const joined = new Set(signed.map((s) => s.promotion_id));
  for (const promotion of promotions) {
    const picked = order.promotion_id === promotion.id;
    const takesPart = picked || joined.has(promotion.id) || promotion.entry === 'AUTO';
    if (!takesPart || order.amount < promotion.min_deposit) continue;
    if (ineligibility(promotion, facts, now) !== null) continue;
    const reward = rewardFor(promotion, order.amount);
    if (reward <= 0n) continue;
    const key = periodKey(promotion, now);
    const used = await db
      .selectFrom('promotion_participation')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('promotion_id', '=', promotion.id)
      .where('member_id', '=', memberId)
      .where('state', '<>', 'rejected')
      .where('state', '<>', 'signed')
      .executeTakeFirstOrThrow();
    if (Number(used.n) >= promotion.limit_per_member) continue;
    const { row } = await enter(db, promotion, memberId, key, 'signed', 'system', now);
    if (row.state !== 'signed') continue;
    await db
      .updateTable('promotion_participation')
      .set({ state: 'claimable', reward_amount: reward, deposit_amount: order.amount, deposit_order_no: orderNo, updated_at: now })
      .where('id', '=', row.id)
      .execute();
    await db
      .insertInto('promotion_participation_event')
      .values({
        participation_id: row.id,
        from_state: 'signed',
        to_state: 'claimable',
        actor: 'system',
        actor_id: null,
        note: orderNo,
        created_at: now,
      })
      .execute();
    if (promotion.entry === 'CLAIM') continue;
    const result = await issueBonus(db, {
      participationId: row.id,
      amount: reward,
      deposit: order.amount,
      toState: promotion.entry === 'AUTO' ? 'issued' : 'claimed',
      actor: 'system',
      actorId: null,
      now,
    });
    // One bonus per deposit: the first promotion that issued one takes it.
    if (result.outcome === 'APPLIED') break;
  }
}

export async function listRewards(db: Db, member: Member, lang: Lang, pageNo: number, pageSize: number) {
  const [rows, counts, total, brand] = await Promise.all([
    db
      .selectFrom('promotion_participation as pp')
      .innerJoin('promotion as p', 'p.id', 'pp.promotion_id')
      .leftJoin('bonus_grant as g', 'g.id', 'pp.grant_id')
      .selectAll('pp')
      .select(['p.code', 'p.title', 'p.category', 'g.state as grant_state'])
      .where('pp.member_id', '=', member.memberId)
      .orderBy('pp.id', 'desc')
      .limit(pageSize)
      .offset((pageNo - 1) * pageSize)
      .execute(),
    db
      .selectFrom('promotion_participation as pp')
      .leftJoin('bonus_grant as g', 'g.id', 'pp.grant_id')
      // An entry whose bonus is still being wagered counts as in process, as its row says.
      .select([
        sql<string>`case when g.state = 'active' then 'process' else pp.state end`.as('state'),
        (eb) => eb.fn.countAll<number>().as('n'),
      ])
      .where('pp.member_id', '=', member.memberId)
      .groupBy(sql`1`)
      .execute(),
    db
      .selectFrom('promotion_participation')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('member_id', '=', member.memberId)
      .executeTakeFirstOrThrow(),
    db.selectFrom('brand').select('currency').where('id', '=', member.brandId).executeTakeFirstOrThrow(),
  ]);
  const shown: Record<string, ActivityState> = {
    signed: 'joined',
    claimable: 'claim',
    claimed: 'claimed',
    applying: 'applying',
    issued: 'issued',
    rejected: 'rejected',
  };
  const list: RewardEntry[] = rows.map((r) => ({
    id: String(r.id),
    promotionCode: r.code,
    title: text(r.title, lang),
    category: r.category,
    state: r.grant_state === 'active' ? 'process' : (shown[r.state] ?? 'close'),
    rewardAmount: String(r.reward_amount),
    periodKey: r.period_key,
    grantId: r.grant_id === null ? null : String(r.grant_id),
    updatedAt: r.updated_at.toISOString(),
  }));
  const byState: Record<string, number> = {};
  for (const c of counts) byState[c.state === 'process' ? 'process' : (shown[c.state] ?? c.state)] = Number(c.n);
  return { list, totalPages: Math.max(1, Math.ceil(Number(total.n) / pageSize)), counts: byState, currency: brand.currency };
}

/** The operator's decision on an application: approve issues the bonus, reject records why. */
/** `actorId` names who decided in the participation history: the operator key, or `staff:<id>` from the console. */
export async function decideApplication(
  db: Db,
  participationId: bigint,
  approve: boolean,
  note: string | undefined,
  now: Date,
  actorId = 'operator-key',
) {
  const row = await db.selectFrom('promotion_participation').selectAll().where('id', '=', participationId).executeTakeFirst();
  if (!row) throw new AppError('NOT_FOUND');
  if (row.state !== 'applying') throw new AppError('PROMOTION_WRONG_STATE');
  if (approve) {
    const result = await issueBonus(db, {
      participationId,
      amount: row.reward_amount,
      deposit: 0n,
      toState: 'issued',
      actor: 'operator',
      actorId,
      now,
    });
    const { grantId } = issueOrThrow(result);
    return { state: 'issued' as const, grantId };
  }
  const rejected = await db
    .updateTable('promotion_participation')
    .set({ state: 'rejected', note: note ?? row.note, updated_at: now })
    .where('id', '=', participationId)
    .where('state', '=', 'applying')
    .executeTakeFirst();
  if (rejected.numUpdatedRows === 0n) throw new AppError('PROMOTION_WRONG_STATE');
  await db
    .insertInto('promotion_participation_event')
    .values({
      participation_id: participationId,
      from_state: 'applying',
      to_state: 'rejected',
      actor: 'operator',
      actor_id: actorId,
      note: note ?? null,
      created_at: now,
    })
    .execute();
  await insertMessage(db, {
    memberId: row.member_id,
    type: 'PROMOTION_REJECTED',
    params: note ? { note } : {},
    dedupeKey: `promotion-rejected:${participationId}`,
  });
  return { state: 'rejected' as const, grantId: null };
}

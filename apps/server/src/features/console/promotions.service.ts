import type {
  Application,
  ApplicationDecision,
  ConsoleGrant,
  ConsolePromotion,
  PromotionDetail,
  PromotionListQuery,
} from '@playfront/contract/console-loyalty';
import type { OpsPromotionBody } from '@playfront/contract/promotions';
import type { BonusState } from '@playfront/contract/promotions-paths';
import { sql } from 'kysely';
import type { Db } from '../../db/database.ts';
import { AppError } from '../../http/app-error.ts';
import { toBonusGrant } from '../bonus/bonus.service.ts';
import { withTransactionRetry } from '../ledger/ledger.service.ts';
import { decideApplication } from '../promotions/promotions.service.ts';
import type { PromotionRow } from '../promotions/promotions.table.ts';
import { createPromotion, setPromotionStatus, toOpsPromotion, updatePromotion } from '../promotions/promotions-ops.ts';
import { type AuditActor, withAudit } from '../staff/audit.ts';

type Paged<T> = { list: T[]; total: number; pageNo: number; pageSize: number };
const SORT_COLUMN = { sort: 'sort', startsAt: 'starts_at', grantedTotal: 'granted_total', code: 'code' } as const;
const escapeLike = (v: string) => v.replace(/[\\%_]/g, (c) => `\\${c}`);
const str = (v: bigint | string | number) => String(v);

/** The staff member as the participation history and bonus rows name them. */
const staffActorId = (actor: AuditActor) => `staff:${actor.staffId}`;

export async function listPromotions(db: Db, brandId: number, query: PromotionListQuery): Promise<Paged<ConsolePromotion>> {
  let q = db.selectFrom('promotion').where('brand_id', '=', brandId);
  if (query.status) q = q.where('status', '=', query.status);
  if (query.q) {
    const like = `%${escapeLike(query.q.toLowerCase())}%`;
    q = q.where((eb) => eb.or([eb('code', 'like', like), eb(sql<string>`lower(title->>'en')`, 'like', like)]));
  }
  const [rows, count] = await Promise.all([
    q
      .selectAll()
      .orderBy(SORT_COLUMN[query.sort], query.order)
      .orderBy('id', query.order)
      .limit(query.pageSize)
      .offset((query.pageNo - 1) * query.pageSize)
      .execute(),
    q.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { list: rows.map(toOpsPromotion), total: Number(count.n), pageNo: query.pageNo, pageSize: query.pageSize };
}

/** A promotion row back to the body that made it (the edit form starts from it). */
export function toPromotionBody(r: PromotionRow): OpsPromotionBody {
  const opt = (v: bigint | null) => (v === null ? null : str(v));
  return {
    code: r.code,
    category: r.category,
    title: r.title as unknown as OpsPromotionBody['title'],
    summary: r.summary as unknown as OpsPromotionBody['summary'],
    rulesHtml: r.rules_html as unknown as OpsPromotionBody['rulesHtml'],
    bannerTheme: r.banner_theme as OpsPromotionBody['bannerTheme'],
    startsAt: r.starts_at.toISOString(),
    endsAt: r.ends_at?.toISOString() ?? null,
    audience: r.audience,
    audienceVipLevel: r.audience_vip_level,
    audienceAgentId: r.audience_agent_id,
    newMemberDays: r.new_member_days,
    weekdays: r.weekdays,
    entry: r.entry,
    trigger: r.trigger,
    minDeposit: str(r.min_deposit),
    rewardKind: r.reward_kind,
    rewardAmount: str(r.reward_amount),
    rewardBps: r.reward_bps,
    rewardCap: opt(r.reward_cap),
    wageringBase: r.wagering_base,
    // numeric(6,2) comes back as "10.00": the body takes up to two decimals.
    wageringMultiplier: String(r.wagering_multiplier),
    contribution: r.contribution as unknown as Record<string, number>,
    maxBet: opt(r.max_bet),
    maxCashout: opt(r.max_cashout),
    bonusValidDays: r.bonus_valid_days,
    limitPerMember: r.limit_per_member,
    limitPeriod: r.limit_period,
    budget: str(r.budget),
    currency: r.currency,
    sort: r.sort,
  };
}

async function promotionRow(db: Db, brandId: number, id: number, lock = false): Promise<PromotionRow> {
  let q = db.selectFrom('promotion').selectAll().where('id', '=', id).where('brand_id', '=', brandId);
  if (lock) q = q.forUpdate();
  const row = await q.executeTakeFirst();
  if (!row) throw new AppError('PROMOTION_NOT_FOUND');
  return row;
}

export async function promotionDetail(db: Db, brandId: number, id: number): Promise<PromotionDetail> {
  const row = await promotionRow(db, brandId, id);
  return { promotion: toOpsPromotion(row), body: toPromotionBody(row) };
}

export async function consoleCreatePromotion(db: Db, actor: AuditActor, body: OpsPromotionBody, now: Date): Promise<ConsolePromotion> {
  return db.transaction().execute(async (trx) => {
    const row = await createPromotion(trx, actor.brandId, body, now);
    await withAudit(trx, actor, 'promotion.create', { type: 'promotion', id: row.id }, null, toPromotionBody(row), now);
    return toOpsPromotion(row);
  });
}

export async function consoleUpdatePromotion(
  db: Db,
  actor: AuditActor,
  id: number,
  body: OpsPromotionBody,
  now: Date,
): Promise<ConsolePromotion> {
  return db.transaction().execute(async (trx) => {
    // Locked so the budget check inside updatePromotion sees the granted total no grant can move under it.
    const before = await promotionRow(trx, actor.brandId, id, true);
    const row = await updatePromotion(trx, actor.brandId, id, body, now);
    await withAudit(trx, actor, 'promotion.update', { type: 'promotion', id }, toPromotionBody(before), toPromotionBody(row), now);
    return toOpsPromotion(row);
  });
}

export async function consoleSetPromotionStatus(
  db: Db,
  actor: AuditActor,
  id: number,
  status: 'ACTIVE' | 'PAUSED' | 'ENDED',
  now: Date,
): Promise<ConsolePromotion> {
  return db.transaction().execute(async (trx) => {
    const before = await promotionRow(trx, actor.brandId, id, true);
    const row = await setPromotionStatus(trx, actor.brandId, id, status, now);
    await withAudit(trx, actor, 'promotion.status', { type: 'promotion', id }, { status: before.status }, { status: row.status }, now);
    return toOpsPromotion(row);
  });
}

export async function listApplications(
  db: Db,
  brandId: number,
  query: { promotionId?: string; pageNo: number; pageSize: number },
): Promise<Paged<Application>> {
  let q = db
    .selectFrom('promotion_participation as pp')
    .innerJoin('promotion as p', 'p.id', 'pp.promotion_id')
    .innerJoin('member as m', 'm.id', 'pp.member_id')
    .where('p.brand_id', '=', brandId)
    .where('pp.state', '=', 'applying');
  if (query.promotionId) q = q.where('p.id', '=', Number(query.promotionId));
  const [rows, count] = await Promise.all([
    q
      .select([
        'pp.id',
        'p.id as promotion_id',
        'p.code',
        'p.title',
        'pp.member_id',
        'm.username',
        'pp.note',
        'pp.reward_amount',
        'pp.created_at',
      ])
      .orderBy('pp.id')
      .limit(query.pageSize)
      .offset((query.pageNo - 1) * query.pageSize)
      .execute(),
    q.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return {
    list: rows.map((r) => ({
      id: str(r.id),
      promotionId: r.promotion_id,
      promotionCode: r.code,
      promotionTitle: r.title as unknown as { en: string; bn: string },
      memberId: str(r.member_id),
      username: r.username,
      note: r.note,
      rewardAmount: str(r.reward_amount),
      createdAt: r.created_at.toISOString(),
    })),
    total: Number(count.n),
    pageNo: query.pageNo,
    pageSize: query.pageSize,
  };
}

/**
 * Approves (issues the bonus through bonus_issue, the one posting path) or rejects an application of the staff
 * member's brand, with its audit row in the same transaction. The participation row is locked first: a second
 * approval, at once or later, waits and then finds it decided (PROMOTION_WRONG_STATE), so the bonus is paid once.
 */
export async function consoleDecideApplication(
  db: Db,
  actor: AuditActor,
  participationId: bigint,
  decision: { approve: true } | { approve: false; reason: string },
  now: Date,
): Promise<ApplicationDecision> {
  return withTransactionRetry(() =>
    db.transaction().execute(async (trx) => {
      const row = await trx
        .selectFrom('promotion_participation as pp')
        .innerJoin('promotion as p', 'p.id', 'pp.promotion_id')
        .select(['pp.id', 'pp.state', 'pp.member_id', 'pp.reward_amount', 'p.code'])
        .where('pp.id', '=', participationId)
        .where('p.brand_id', '=', actor.brandId)
        .forUpdate('pp')
        .executeTakeFirst();
      if (!row) throw new AppError('NOT_FOUND');
      if (row.state !== 'applying') throw new AppError('PROMOTION_WRONG_STATE');
      const reason = decision.approve ? undefined : decision.reason;
      const result = await decideApplication(trx, participationId, decision.approve, reason, now, staffActorId(actor));
      await withAudit(
        trx,
        actor,
        decision.approve ? 'promotion.approve' : 'promotion.reject',
        { type: 'participation', id: participationId },
        { state: 'applying', promotionCode: row.code, memberId: row.member_id, rewardAmount: row.reward_amount },
        { ...result, ...(reason ? { reason } : {}) },
        now,
      );
      return result;
    }),
  );
}

export async function listGrants(
  db: Db,
  brandId: number,
  query: { state?: BonusState; username?: string; promotionId?: string; pageNo: number; pageSize: number },
): Promise<Paged<ConsoleGrant>> {
  let q = db
    .selectFrom('bonus_grant as g')
    .innerJoin('promotion as p', 'p.id', 'g.promotion_id')
    .innerJoin('member as m', 'm.id', 'g.member_id')
    .where('g.brand_id', '=', brandId);
  if (query.state) q = q.where('g.state', '=', query.state);
  if (query.username) q = q.where('m.username', '=', query.username.toLowerCase());
  if (query.promotionId) q = q.where('g.promotion_id', '=', Number(query.promotionId));
  const [rows, count] = await Promise.all([
    q
      .selectAll('g')
      .select(['p.code', 'p.title', 'm.username'])
      .orderBy('g.id', 'desc')
      .limit(query.pageSize)
      .offset((query.pageNo - 1) * query.pageSize)
      .execute(),
    q.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return {
    list: rows.map((r) => ({
      // `remaining` is the member's bonus wallet; the grant list shows amount, wagering and outcome instead.
      ...toBonusGrant(r, r.code, (r.title as unknown as { en: string }).en, 0n),
      memberId: str(r.member_id),
      username: r.username,
    })),
    total: Number(count.n),
    pageNo: query.pageNo,
    pageSize: query.pageSize,
  };
}

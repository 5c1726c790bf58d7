import type { RiskFlag, RiskLocations, RiskRules } from '@playfront/contract/kyc';
import type { RiskFlagKind, RiskFlagStatus } from '@playfront/contract/kyc-paths';
import { sql } from 'kysely';
import type { Db } from '../../db/database.ts';
import { AppError } from '../../http/app-error.ts';
import { type AuditActor, withAudit } from '../staff/audit.ts';
import { rulesOf, rulesView, saveRules } from './risk-rules.ts';

const iso = (d: Date | null) => (d ? new Date(d).toISOString() : null);

function flagsOf(db: Db, brandId: number) {
  return db
    .selectFrom('risk_flag as f')
    .innerJoin('member as m', 'm.id', 'f.member_id')
    .leftJoin('staff as s', 's.id', 'f.reviewed_by')
    .where('f.brand_id', '=', brandId);
}

type FlagRow = {
  id: bigint | string;
  member_id: number;
  member_username: string;
  kind: RiskFlagKind;
  details: Record<string, unknown> | string;
  raised_at: Date;
  status: RiskFlagStatus;
  reviewed_by_username: string | null;
  reviewed_at: Date | null;
  review_note: string | null;
};

const view = (r: FlagRow): RiskFlag => ({
  id: String(r.id),
  memberId: String(r.member_id),
  memberUsername: r.member_username,
  kind: r.kind,
  details: typeof r.details === 'string' ? JSON.parse(r.details) : r.details,
  raisedAt: new Date(r.raised_at).toISOString(),
  status: r.status,
  reviewedBy: r.reviewed_by_username,
  reviewedAt: iso(r.reviewed_at),
  reviewNote: r.review_note,
});

const columns = [
  'f.id',
  'f.member_id',
  'm.username as member_username',
  'f.kind',
  'f.details',
  'f.raised_at',
  'f.status',
  's.username as reviewed_by_username',
  'f.reviewed_at',
  'f.review_note',
] as const;

export async function riskFlags(
  db: Db,
  brandId: number,
  query: {
    status?: RiskFlagStatus | undefined;
    kind?: RiskFlagKind | undefined;
    memberId?: string | undefined;
    pageNo: number;
    pageSize: number;
  },
) {
  let q = flagsOf(db, brandId);
  if (query.status) q = q.where('f.status', '=', query.status);
  if (query.kind) q = q.where('f.kind', '=', query.kind);
  if (query.memberId) q = q.where('f.member_id', '=', Number(query.memberId));
  const rows = await q
    .select(columns)
    .orderBy('f.id', 'desc')
    .limit(query.pageSize)
    .offset((query.pageNo - 1) * query.pageSize)
    .execute();
  const { n } = await q.select(sql<string>`count(*)`.as('n')).executeTakeFirstOrThrow();
  return { list: (rows as FlagRow[]).map(view), total: Number(n), pageNo: query.pageNo, pageSize: query.pageSize };
}

/** Marks a flag reviewed once (a repeat answers the flag as it stands), with the audit row in the same transaction. */
export async function reviewFlag(db: Db, actor: AuditActor, flagId: string, note: string, at: Date): Promise<RiskFlag> {
  const id = BigInt(flagId);
  await db.transaction().execute(async (trx) => {
    const updated = await trx
      .updateTable('risk_flag')
      .set({ status: 'REVIEWED', reviewed_by: actor.staffId, reviewed_at: at, review_note: note || null })
      .where('id', '=', id)
      .where('brand_id', '=', actor.brandId)
      .where('status', '=', 'OPEN')
      .returning(['id', 'member_id', 'kind'])
      .executeTakeFirst();
    if (!updated) {
      const exists = await trx
        .selectFrom('risk_flag')
        .select('id')
        .where('id', '=', id)
        .where('brand_id', '=', actor.brandId)
        .executeTakeFirst();
      if (!exists) throw new AppError('NOT_FOUND');
      return;
    }
    await withAudit(
      trx,
      actor,
      'risk_flag.review',
      { type: 'risk_flag', id },
      { status: 'OPEN', memberId: updated.member_id, kind: updated.kind },
      { status: 'REVIEWED', note },
      at,
    );
  });
  const row = await flagsOf(db, actor.brandId).select(columns).where('f.id', '=', id).executeTakeFirstOrThrow();
  return view(row as FlagRow);
}

export async function brandRules(db: Db, brandId: number): Promise<RiskRules> {
  return rulesView(await rulesOf(db, brandId));
}

export async function changeRules(db: Db, actor: AuditActor, rules: RiskRules, at: Date): Promise<RiskRules> {
  await db.transaction().execute(async (trx) => {
    await trx.selectFrom('brand').select('id').where('id', '=', actor.brandId).forUpdate().executeTakeFirstOrThrow();
    const before = rulesView(await rulesOf(trx, actor.brandId));
    await saveRules(trx, actor.brandId, rules, at);
    await withAudit(trx, actor, 'risk.rules', { type: 'brand', id: actor.brandId }, before, rules, at);
  });
  return brandRules(db, actor.brandId);
}

export async function riskLocations(db: Db, brandId: number): Promise<RiskLocations> {
  const rows = await db
    .selectFrom('risk_ip_location')
    .select(['cidr', 'label', 'latitude', 'longitude'])
    .where('brand_id', '=', brandId)
    .orderBy('id')
    .execute();
  return {
    list: rows.map((r) => ({ cidr: String(r.cidr), label: r.label, latitude: Number(r.latitude), longitude: Number(r.longitude) })),
  };
}

/** Replaces the brand's address ranges; a range the database cannot read is refused (VALIDATION) and nothing changes. */
export async function replaceLocations(db: Db, actor: AuditActor, locations: RiskLocations, at: Date): Promise<RiskLocations> {
  await db.transaction().execute(async (trx) => {
    const before = await riskLocations(trx, actor.brandId);
    await trx.deleteFrom('risk_ip_location').where('brand_id', '=', actor.brandId).execute();
    for (const l of locations.list) {
      // The cidr cast in SQL: a malformed range fails the statement (and the transaction) instead of a silent skip.
      const valid = await sql<{ ok: boolean }>`select ${l.cidr}::text ~ '^[0-9a-fA-F:./]+$' as ok`.execute(trx);
      if (!valid.rows[0]?.ok) throw new AppError('VALIDATION', { fields: { cidr: { key: 'errors.validation' } } });
      await sql`insert into risk_ip_location (brand_id, cidr, label, latitude, longitude)
        values (${actor.brandId}, ${l.cidr}::cidr, ${l.label}, ${l.latitude}, ${l.longitude})`.execute(trx);
    }
    await withAudit(
      trx,
      actor,
      'risk.locations',
      { type: 'brand', id: actor.brandId },
      { count: before.list.length },
      { count: locations.list.length },
      at,
    );
  });
  return riskLocations(db, actor.brandId);
}

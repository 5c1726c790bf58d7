import type { AuditAction, AuditEntry, AuditQuery, AuditTargetType } from '@playfront/contract/console';
import { sql } from 'kysely';
import type { Db } from '../../db/database.ts';

/** Who did it and from where: the signed-in staff member of a console call (or the account a refused login named). */
export type AuditActor = { brandId: number; staffId: number | null; ip: string | null; userAgent: string | null };
export type AuditTarget = { type: AuditTargetType; id: string | number | bigint | null };

/** JSON for jsonb: bigints as decimal strings, dates as ISO strings. */
export function auditJson(value: unknown): string | null {
  if (value === undefined || value === null) return null;
  return JSON.stringify(value, (_k, v) => (typeof v === 'bigint' ? v.toString() : v));
}

/**
 * Appends one audit row. Call it with the transaction that makes the change (`tx`), so the change and its row
 * commit together or not at all (decision 040). staff_audit refuses UPDATE and DELETE (a trigger).
 */
export async function withAudit(
  tx: Db,
  actor: AuditActor,
  action: AuditAction,
  target: AuditTarget,
  before: unknown,
  after: unknown,
  at: Date,
): Promise<void> {
  await tx
    .insertInto('staff_audit')
    .values({
      brand_id: actor.brandId,
      staff_id: actor.staffId,
      action,
      target_type: target.type,
      target_id: target.id === null ? null : String(target.id),
      before: auditJson(before),
      after: auditJson(after),
      ip: actor.ip,
      user_agent: actor.userAgent ? actor.userAgent.slice(0, 500) : null,
      at,
    })
    .execute();
}

type AuditFilter = Omit<AuditQuery, 'pageNo' | 'pageSize' | 'sort' | 'order'>;

/** Days are UTC calendar days, `to` inclusive. */
function filtered(db: Db, brandId: number, f: AuditFilter) {
  let q = db.selectFrom('staff_audit as a').leftJoin('staff as s', 's.id', 'a.staff_id').where('a.brand_id', '=', brandId);
  if (f.staffId) q = q.where('a.staff_id', '=', Number(f.staffId));
  if (f.action) q = q.where('a.action', '=', f.action);
  if (f.targetType) q = q.where('a.target_type', '=', f.targetType);
  if (f.targetId) q = q.where('a.target_id', '=', f.targetId);
  if (f.from) q = q.where('a.at', '>=', new Date(`${f.from}T00:00:00Z`));
  if (f.to) q = q.where('a.at', '<', new Date(new Date(`${f.to}T00:00:00Z`).getTime() + 86_400_000));
  return q;
}

const columns = [
  'a.id',
  'a.at',
  'a.staff_id',
  's.username',
  'a.action',
  'a.target_type',
  'a.target_id',
  'a.before',
  'a.after',
  'a.ip',
  'a.user_agent',
] as const;

type AuditRowOut = {
  id: bigint | string;
  at: Date;
  staff_id: number | null;
  username: string | null;
  action: string;
  target_type: string;
  target_id: string | null;
  before: unknown;
  after: unknown;
  ip: string | null;
  user_agent: string | null;
};

const toEntry = (r: AuditRowOut): AuditEntry => ({
  id: String(r.id),
  at: new Date(r.at).toISOString(),
  staffId: r.staff_id === null ? null : String(r.staff_id),
  staffUsername: r.username,
  action: r.action as AuditAction,
  targetType: r.target_type as AuditTargetType,
  targetId: r.target_id,
  before: r.before ?? null,
  after: r.after ?? null,
  ip: r.ip,
  userAgent: r.user_agent,
});

export async function searchAudit(db: Db, brandId: number, query: AuditQuery) {
  const rows = (await filtered(db, brandId, query)
    .select([...columns])
    .orderBy('a.id', query.order)
    .limit(query.pageSize)
    .offset((query.pageNo - 1) * query.pageSize)
    .execute()) as AuditRowOut[];
  const { n } = await filtered(db, brandId, query).select(sql<string>`count(*)`.as('n')).executeTakeFirstOrThrow();
  return { list: rows.map(toEntry), total: Number(n), pageNo: query.pageNo, pageSize: query.pageSize };
}

/** A CSV field: quoted, quotes doubled; a leading = + - @ gets a ' so a spreadsheet never runs it as a formula. */
export function csvField(value: unknown): string {
  let s = value === null || value === undefined ? '' : typeof value === 'string' ? value : JSON.stringify(value);
  if (/^[=+\-@\t\r]/.test(s)) s = `'${s}`;
  return `"${s.replace(/"/g, '""')}"`;
}

export async function auditCsv(db: Db, brandId: number, query: AuditQuery, maxRows: number): Promise<string> {
  const rows = (await filtered(db, brandId, query)
    .select([...columns])
    .orderBy('a.id', query.order)
    .limit(maxRows)
    .execute()) as AuditRowOut[];
  const header = ['id', 'at', 'staff_id', 'staff', 'action', 'target_type', 'target_id', 'before', 'after', 'ip', 'user_agent'];
  const lines = [header.join(',')];
  for (const r of rows.map(toEntry)) {
    lines.push(
      [r.id, r.at, r.staffId, r.staffUsername, r.action, r.targetType, r.targetId, r.before, r.after, r.ip, r.userAgent]
        .map(csvField)
        .join(','),
    );
  }
  return `${lines.join('\r\n')}\r\n`;
}

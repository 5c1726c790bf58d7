import type { KycSubmissionDetail, KycSubmissionItem, MyKyc } from '@playfront/contract/kyc';
import { RISK_RULE_DEFAULTS } from '@playfront/contract/kyc-paths';
import { sql } from 'kysely';
import type { Db } from '../../db/database.ts';
import { AppError } from '../../http/app-error.ts';
import type { PeriodicJob } from '../../infra/jobs/job-runner.ts';
import { insertMessage } from '../messages/messages.repository.ts';
import { openFlagCounts } from '../risk/risk-flags.ts';
import { rulesOf } from '../risk/risk-rules.ts';
import { turnoverNow } from '../risk/turnover-consumer.ts';
import type { AuditActor } from '../staff/audit.ts';
import { withAudit } from '../staff/audit.ts';
import { latestSubmissionOf } from './kyc.repository.ts';
import type { KycSubmissionRow } from './kyc.table.ts';
import type { KycForm } from './kyc-form.ts';
import type { KycStorage } from './kyc-storage.ts';

const iso = (d: Date | null | undefined) => (d ? new Date(d).toISOString() : null);

/** The member's KYC page: status, the brand's withdrawal rules and the turnover left to play. */
export async function myKyc(db: Db, member: { memberId: number; brandId: number }): Promise<MyKyc> {
  const latest = await latestSubmissionOf(db, member.memberId);
  const rules = await rulesOf(db, member.brandId);
  const turnover = await turnoverNow(db, member.memberId, rules.turnoverBps);
  return {
    status: latest?.status ?? 'NOT_STARTED',
    fullName: latest?.full_name ?? null,
    rejectReason: latest?.status === 'REJECTED' ? latest.reject_reason : null,
    submittedAt: iso(latest?.submitted_at),
    decidedAt: iso(latest?.decided_at),
    rules: {
      withdrawalAbove: rules.kycWithdrawalAbove === null ? null : String(rules.kycWithdrawalAbove),
      firstWithdrawal: rules.kycFirstWithdrawal,
      turnoverBps: rules.turnoverBps,
    },
    turnoverLeft: rules.turnoverBps > 0 ? String(turnover.remaining) : '0',
  };
}

/** Refuses a submission while one is being checked or the identity is verified (before the upload is read). */
export async function assertCanSubmit(db: Db, memberId: number): Promise<void> {
  const latest = await latestSubmissionOf(db, memberId);
  if (latest?.status === 'PENDING') throw new AppError('KYC_ALREADY_PENDING');
  if (latest?.status === 'APPROVED') throw new AppError('KYC_ALREADY_APPROVED');
}

/**
 * Stores the files, then records the submission and its documents in one transaction under the member's row lock
 * (two racing submissions: the second sees the first's PENDING and is refused). Files of a refused or failed
 * submission are removed again.
 */
export async function submitKyc(
  db: Db,
  storage: KycStorage,
  member: { memberId: number; brandId: number },
  form: KycForm,
  now: Date,
): Promise<void> {
  const stored: string[] = [];
  try {
    for (const f of form.files) stored.push(await storage.save(f.bytes));
    await db.transaction().execute(async (trx) => {
      await trx.selectFrom('member').select('id').where('id', '=', member.memberId).forUpdate().executeTakeFirstOrThrow();
      await assertCanSubmit(trx, member.memberId);
      const submission = await trx
        .insertInto('kyc_submission')
        .values({
          brand_id: member.brandId,
          member_id: member.memberId,
          full_name: form.fullName,
          status: 'PENDING',
          reject_reason: null,
          submitted_at: now,
          decided_at: null,
          decided_by: null,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      await trx
        .insertInto('kyc_document')
        .values(
          form.files.map((f, i) => ({
            submission_id: submission.id,
            kind: f.kind,
            storage_name: stored[i]!,
            mime: f.mime,
            size: f.bytes.length,
          })),
        )
        .execute();
    });
  } catch (err) {
    await Promise.all(stored.map((name) => storage.remove(name)));
    throw err;
  }
}

// --- console ----------------------------------------------------------------------------------------------------------

type ItemRow = KycSubmissionRow & { member_username: string; payee_name: string | null; decided_by_username: string | null };

const item = (r: ItemRow): KycSubmissionItem => ({
  id: String(r.id),
  memberId: String(r.member_id),
  memberUsername: r.member_username,
  fullName: r.full_name,
  payeeName: r.payee_name || null,
  status: r.status,
  rejectReason: r.reject_reason,
  submittedAt: new Date(r.submitted_at).toISOString(),
  decidedAt: iso(r.decided_at),
  decidedBy: r.decided_by_username,
});

function withMember(db: Db, brandId: number) {
  return db
    .selectFrom('kyc_submission as k')
    .innerJoin('member as m', 'm.id', 'k.member_id')
    .leftJoin('staff as s', 's.id', 'k.decided_by')
    .selectAll('k')
    .select(['m.username as member_username', 'm.full_name as payee_name', 's.username as decided_by_username'])
    .where('k.brand_id', '=', brandId);
}

export async function kycQueue(
  db: Db,
  brandId: number,
  query: { status: 'PENDING' | 'APPROVED' | 'REJECTED'; q?: string | undefined; pageNo: number; pageSize: number },
) {
  let base = db
    .selectFrom('kyc_submission as k')
    .innerJoin('member as m', 'm.id', 'k.member_id')
    .where('k.brand_id', '=', brandId)
    .where('k.status', '=', query.status);
  let rowsQ = withMember(db, brandId).where('k.status', '=', query.status);
  if (query.q) {
    const prefix = `${query.q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    base = base.where('m.username', 'like', prefix);
    rowsQ = rowsQ.where('m.username', 'like', prefix);
  }
  const rows = await rowsQ
    .orderBy('k.id', query.status === 'PENDING' ? 'asc' : 'desc')
    .limit(query.pageSize)
    .offset((query.pageNo - 1) * query.pageSize)
    .execute();
  const { n } = await base.select(sql<string>`count(*)`.as('n')).executeTakeFirstOrThrow();
  return { list: rows.map(item), total: Number(n), pageNo: query.pageNo, pageSize: query.pageSize };
}

async function brandSubmission(db: Db, brandId: number, submissionId: string): Promise<ItemRow> {
  const row = await withMember(db, brandId).where('k.id', '=', BigInt(submissionId)).executeTakeFirst();
  if (!row) throw new AppError('NOT_FOUND');
  return row;
}

export async function kycSubmission(db: Db, brandId: number, submissionId: string): Promise<KycSubmissionDetail> {
  const row = await brandSubmission(db, brandId, submissionId);
  const documents = await db
    .selectFrom('kyc_document')
    .select(['id', 'kind', 'mime', 'size'])
    .where('submission_id', '=', row.id)
    .where('purged_at', 'is', null)
    .orderBy('id')
    .execute();
  const history = await withMember(db, brandId)
    .where('k.member_id', '=', row.member_id)
    .where('k.id', '<>', row.id)
    .orderBy('k.id', 'desc')
    .limit(20)
    .execute();
  const flags = await openFlagCounts(db, [row.member_id]);
  return {
    ...item(row),
    documents: documents.map((d) => ({ id: String(d.id), kind: d.kind, mime: d.mime, size: d.size })),
    history: history.map(item),
    openFlags: flags.get(row.member_id) ?? 0,
  };
}

export async function kycDocument(db: Db, storage: KycStorage, brandId: number, submissionId: string, documentId: string) {
  const doc = await db
    .selectFrom('kyc_document as d')
    .innerJoin('kyc_submission as k', 'k.id', 'd.submission_id')
    .select(['d.storage_name', 'd.mime', 'd.kind'])
    .where('d.id', '=', BigInt(documentId))
    .where('k.id', '=', BigInt(submissionId))
    .where('k.brand_id', '=', brandId)
    .where('d.purged_at', 'is', null)
    .executeTakeFirst();
  if (!doc) throw new AppError('NOT_FOUND');
  return { mime: doc.mime, kind: doc.kind, bytes: await storage.read(doc.storage_name) };
}

/**
 * Approve or reject a pending submission, once: a conditional UPDATE (two staff racing: one wins, the other gets
 * KYC_NOT_PENDING), with the audit row in its transaction. An approval makes the name the member's payee name when
 * none is set yet (the security centre's rule: set once).
 */
export async function decideKyc(
  db: Db,
  actor: AuditActor,
  submissionId: string,
  decision: { kind: 'approve' } | { kind: 'reject'; reason: string },
  at: Date,
): Promise<KycSubmissionItem> {
  const before = await brandSubmission(db, actor.brandId, submissionId);
  await db.transaction().execute(async (trx) => {
    const updated = await trx
      .updateTable('kyc_submission')
      .set({
        status: decision.kind === 'approve' ? 'APPROVED' : 'REJECTED',
        reject_reason: decision.kind === 'reject' ? decision.reason : null,
        decided_at: at,
        decided_by: actor.staffId,
      })
      .where('id', '=', before.id)
      .where('brand_id', '=', actor.brandId)
      .where('status', '=', 'PENDING')
      .returning(['member_id', 'full_name'])
      .executeTakeFirst();
    if (!updated) throw new AppError('KYC_NOT_PENDING');
    if (decision.kind === 'approve') {
      await trx
        .updateTable('member')
        .set({ full_name: updated.full_name })
        .where('id', '=', updated.member_id)
        .where((eb) => eb.or([eb('full_name', 'is', null), eb('full_name', '=', '')]))
        .execute();
    }
    // The member hears of the decision in the inbox, in the language the site shows (the web renders the type).
    await insertMessage(trx, {
      memberId: updated.member_id,
      type: decision.kind === 'approve' ? 'KYC_APPROVED' : 'KYC_REJECTED',
      params: decision.kind === 'reject' ? { reason: decision.reason } : {},
      dedupeKey: `kyc-decided:${before.id}`,
    });
    await withAudit(
      trx,
      actor,
      decision.kind === 'approve' ? 'kyc.approve' : 'kyc.reject',
      { type: 'kyc_submission', id: before.id },
      { status: before.status, memberId: before.member_id, fullName: before.full_name },
      { status: decision.kind === 'approve' ? 'APPROVED' : 'REJECTED', ...(decision.kind === 'reject' ? { reason: decision.reason } : {}) },
      at,
    );
  });
  return item(await brandSubmission(db, actor.brandId, submissionId));
}

// --- retention ---------------------------------------------------------------------------------------------------------

/**
 * Deletes the files of rejected submissions decided more than the brand's `kyc_retention_days` ago (decision 051).
 * Only a rejected submission's files go: an approved one is the record of the verified identity, a pending one is
 * still being checked. The document rows stay, marked purged, and the submission keeps its status and reason. Rows
 * are marked in the job's transaction and the files removed after; if the transaction then fails, the next run
 * removes the (already gone) files again, which is harmless.
 */
export async function purgeExpiredKycFiles(db: Db, storage: KycStorage, now: Date): Promise<string[]> {
  const due = await db
    .selectFrom('kyc_document as d')
    .innerJoin('kyc_submission as k', 'k.id', 'd.submission_id')
    .leftJoin('risk_rules as r', 'r.brand_id', 'k.brand_id')
    .select(['d.id', 'd.storage_name'])
    .where('k.status', '=', 'REJECTED')
    .where('d.purged_at', 'is', null)
    .where(
      sql<boolean>`k.decided_at + make_interval(days => coalesce(r.kyc_retention_days, ${RISK_RULE_DEFAULTS.kycRetentionDays})) <= ${now}`,
    )
    .orderBy('d.id')
    .limit(500)
    .execute();
  if (due.length === 0) return [];
  await db
    .updateTable('kyc_document')
    .set({ purged_at: now })
    .where(
      'id',
      'in',
      due.map((d) => d.id),
    )
    .execute();
  for (const d of due) await storage.remove(d.storage_name);
  return due.map((d) => d.storage_name);
}

/** The retention job for the job runner: once per period across every instance. */
export const kycRetentionJob = (storage: KycStorage, periodMs: number): PeriodicJob => ({
  name: 'kyc-retention',
  periodMs,
  run: async (trx, { now }) => (await purgeExpiredKycFiles(trx, storage, now)).length,
});

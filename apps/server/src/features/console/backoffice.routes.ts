import multipart from '@fastify/multipart';
import { CSV_MAX_ROWS, MemberIdParamsSchema, ReasonRequestSchema } from '@playfront/contract/console';
import {
  BACKOFFICE_PATHS,
  DepositListQuerySchema,
  DepositListResponseSchema,
  MANUAL_DEPOSIT_PROOF_MAX_BYTES,
  ManualDepositFieldsSchema,
  ManualDepositIdParamsSchema,
  ManualDepositListQuerySchema,
  ManualDepositListResponseSchema,
  ManualDepositResponseSchema,
  MemberNoteRequestSchema,
  MemberNoteResponseSchema,
  MemberNotesResponseSchema,
  MemberRecordParamsSchema,
  MemberRecordsResponseSchema,
  OperatorKeyCreateRequestSchema,
  OperatorKeyIdParamsSchema,
  OperatorKeyListResponseSchema,
  OperatorKeyResponseSchema,
  OperatorKeyRevokeRequestSchema,
  OperatorKeySecretResponseSchema,
  PagingQuerySchema,
  ReportDailyQuerySchema,
  ReportDailyResponseSchema,
  ReportGamesQuerySchema,
  ReportGamesResponseSchema,
  ThresholdsRequestSchema,
  ThresholdsResponseSchema,
} from '@playfront/contract/console-backoffice';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError } from '../../http/app-error.ts';
import { pngOrJpegOf, sendStoredImage } from '../../http/image-upload.ts';
import { csvField } from '../staff/audit.ts';
import { actorOf } from '../staff/staff-guard.ts';
import { csvOf, ok, sendCsv } from './console-http.ts';
import { gameReport } from './game-report.service.ts';
import {
  decideManualDeposit,
  listManualDeposits,
  manualDepositProof,
  type ProofImage,
  requestManualDeposit,
} from './manual-deposits.service.ts';
import { addMemberNote, listDeposits, memberNotes, memberRecords } from './member-records.service.ts';
import { createOperatorKey, listOperatorKeys, revokeOperatorKey, rotateOperatorKey } from './operator-keys.service.ts';
import { dailyReport } from './reports.service.ts';
import { setThresholds, thresholdsView } from './thresholds.service.ts';

/** Maps @fastify/multipart's (and busboy's) errors to catalogue codes (as funds/withdrawal-confirmation.routes.ts). */
function multipartError(err: unknown): never {
  const code = (err as { code?: string }).code;
  if (code === 'FST_REQ_FILE_TOO_LARGE' || code === 'FST_FILES_LIMIT' || code === 'FST_FIELDS_LIMIT' || code === 'FST_PARTS_LIMIT')
    throw new AppError('PAYLOAD_TOO_LARGE');
  if (code === 'FST_INVALID_MULTIPART_CONTENT_TYPE') throw new AppError('UNSUPPORTED_MEDIA_TYPE');
  throw new AppError('VALIDATION');
}

const today = (now: Date) => now.toISOString().slice(0, 10);

/**
 * Console back office (lane C, decision 045): member records and notes, deposits, manual deposits with proof,
 * the brand's thresholds, daily reports and operator API keys. Route → service; every change audited in its
 * transaction by the service.
 */
export const consoleBackofficeRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['console'];
  await app.register(multipart, {
    limits: { fileSize: MANUAL_DEPOSIT_PROOF_MAX_BYTES, files: 1, fields: 6, fieldSize: 1000, parts: 7 },
  });

  // --- members ------------------------------------------------------------------------------------------------------

  app.get(
    BACKOFFICE_PATHS.memberRecords,
    {
      config: { staff: { permission: 'members.read' } },
      schema: {
        tags,
        summary: 'One page of a member’s ledger entries, bets, deposits, withdrawals, sessions or logins',
        params: MemberRecordParamsSchema,
        querystring: PagingQuerySchema,
        response: { 200: MemberRecordsResponseSchema },
      },
    },
    async (request) =>
      ok(await memberRecords(app.deps.db, actorOf(request).brandId, Number(request.params.memberId), request.params.kind, request.query)),
  );

  app.get(
    BACKOFFICE_PATHS.memberNotes,
    {
      config: { staff: { permission: 'members.read' } },
      schema: {
        tags,
        summary: 'Staff notes on a member',
        params: MemberIdParamsSchema,
        querystring: PagingQuerySchema,
        response: { 200: MemberNotesResponseSchema },
      },
    },
    async (request) => ok(await memberNotes(app.deps.db, actorOf(request).brandId, Number(request.params.memberId), request.query)),
  );

  app.post(
    BACKOFFICE_PATHS.memberNotes,
    {
      config: { staff: { permission: 'members.write' } },
      schema: {
        tags,
        summary: 'Add a staff note (audited)',
        params: MemberIdParamsSchema,
        body: MemberNoteRequestSchema,
        response: { 200: MemberNoteResponseSchema },
      },
    },
    async (request) =>
      ok(await addMemberNote(app.deps.db, actorOf(request), Number(request.params.memberId), request.body.body, app.deps.now())),
  );

  // --- deposits -----------------------------------------------------------------------------------------------------

  app.get(
    BACKOFFICE_PATHS.deposits,
    {
      config: { staff: { permission: 'payments.read' } },
      schema: {
        tags,
        summary: 'Deposits with their gateway status',
        querystring: DepositListQuerySchema,
        response: { 200: DepositListResponseSchema },
      },
    },
    async (request) => ok(await listDeposits(app.deps.db, actorOf(request).brandId, request.query)),
  );

  app.get(
    BACKOFFICE_PATHS.depositsCsv,
    {
      config: { staff: { permission: 'payments.read' } },
      schema: { tags, summary: 'The deposits list as CSV', querystring: DepositListQuerySchema },
    },
    async (request, reply) => {
      const { list } = await listDeposits(app.deps.db, actorOf(request).brandId, { ...request.query, pageNo: 1, pageSize: CSV_MAX_ROWS });
      const header = [
        'order_no',
        'member',
        'amount_minor',
        'currency',
        'channel',
        'gateway',
        'status',
        'gateway_payment_id',
        'gateway_txn_id',
        'failure_reason',
        'created_at',
        'paid_at',
      ];
      const rows = list.map((d) => [
        d.orderNo,
        d.memberUsername,
        d.amount,
        d.currency,
        d.channel,
        d.gateway,
        d.status,
        d.gatewayPaymentId,
        d.gatewayTxnId,
        d.failureReason,
        d.createdAt,
        d.paidAt,
      ]);
      return sendCsv(reply, 'deposits', today(app.deps.now()), csvOf(header, rows, csvField));
    },
  );

  // --- manual deposits ----------------------------------------------------------------------------------------------

  app.get(
    BACKOFFICE_PATHS.manualDeposits,
    {
      config: { staff: { permission: 'payments.read' } },
      schema: {
        tags,
        summary: 'Manual deposits',
        querystring: ManualDepositListQuerySchema,
        response: { 200: ManualDepositListResponseSchema },
      },
    },
    async (request) => ok(await listManualDeposits(app.deps.db, actorOf(request).brandId, request.query)),
  );

  app.post(
    BACKOFFICE_PATHS.manualDeposits,
    {
      config: { staff: { permission: 'payments.credit' } },
      schema: {
        tags,
        summary: 'Manual deposit credit with a proof image (multipart; two-person rule above the brand’s threshold)',
        response: { 200: ManualDepositResponseSchema },
      },
    },
    async (request) => {
      if (!request.isMultipart()) throw new AppError('UNSUPPORTED_MEDIA_TYPE');
      const fields: Record<string, string> = {};
      let proof: ProofImage | undefined;
      try {
        for await (const part of request.parts()) {
          if (part.type === 'file') {
            const bytes = await part.toBuffer();
            // The content decides, never the file name or the declared type.
            const mime = await pngOrJpegOf(bytes);
            if (!mime) throw new AppError('UNSUPPORTED_MEDIA_TYPE');
            proof = { mime, bytes };
          } else {
            const value = String(part.value);
            // PostgreSQL text cannot hold U+0000 (the JSON routes refuse it in http/nul-guard.ts).
            if (value.includes('\u0000')) throw new AppError('VALIDATION');
            fields[part.fieldname] = value;
          }
        }
      } catch (err) {
        if (err instanceof AppError) throw err;
        multipartError(err);
      }
      const parsed = ManualDepositFieldsSchema.safeParse(fields);
      if (!parsed.success) {
        const bad = Object.fromEntries(parsed.error.issues.map((i) => [String(i.path[0] ?? 'form'), { key: 'errors.invalidField' }]));
        throw new AppError('VALIDATION', { fields: bad });
      }
      if (!proof) throw new AppError('MANUAL_DEPOSIT_PROOF_REQUIRED');
      return ok(await requestManualDeposit(app, actorOf(request), parsed.data, proof));
    },
  );

  app.get(
    BACKOFFICE_PATHS.manualDepositProof,
    {
      config: { staff: { permission: 'payments.read' } },
      schema: { tags, summary: 'The proof image of a manual deposit', params: ManualDepositIdParamsSchema },
    },
    async (request, reply) => {
      const proof = await manualDepositProof(app.deps.db, actorOf(request).brandId, request.params.manualDepositId);
      return sendStoredImage(reply, proof.proof_mime, proof.proof);
    },
  );

  app.post(
    BACKOFFICE_PATHS.manualDepositApprove,
    {
      config: { staff: { permission: 'payments.approve' } },
      schema: {
        tags,
        summary: 'Second approval: the credit posts',
        params: ManualDepositIdParamsSchema,
        response: { 200: ManualDepositResponseSchema },
      },
    },
    async (request) => ok(await decideManualDeposit(app, actorOf(request), request.params.manualDepositId, { kind: 'approve' })),
  );

  app.post(
    BACKOFFICE_PATHS.manualDepositReject,
    {
      config: { staff: { permission: 'payments.approve' } },
      schema: {
        tags,
        summary: 'Reject a pending manual deposit',
        params: ManualDepositIdParamsSchema,
        body: ReasonRequestSchema,
        response: { 200: ManualDepositResponseSchema },
      },
    },
    async (request) =>
      ok(await decideManualDeposit(app, actorOf(request), request.params.manualDepositId, { kind: 'reject', reason: request.body.reason })),
  );

  // --- thresholds ---------------------------------------------------------------------------------------------------

  app.get(
    BACKOFFICE_PATHS.thresholds,
    {
      config: { staff: { permission: 'payments.read' } },
      schema: { tags, summary: 'The brand’s two-person thresholds', response: { 200: ThresholdsResponseSchema } },
    },
    async (request) => ok(await thresholdsView(app.deps.db, actorOf(request).brandId)),
  );

  app.put(
    BACKOFFICE_PATHS.thresholds,
    {
      config: { staff: { permission: 'settings.manage' } },
      schema: {
        tags,
        summary: 'Set the brand’s two-person thresholds (audited)',
        body: ThresholdsRequestSchema,
        response: { 200: ThresholdsResponseSchema },
      },
    },
    async (request) => ok(await setThresholds(app.deps.db, actorOf(request), request.body, app.deps.now())),
  );

  // --- reports ------------------------------------------------------------------------------------------------------

  app.get(
    BACKOFFICE_PATHS.reportDaily,
    {
      config: { staff: { permission: 'reports.read' } },
      schema: {
        tags,
        summary: 'Daily figures of the brand’s days, from the rollups',
        querystring: ReportDailyQuerySchema,
        response: { 200: ReportDailyResponseSchema },
      },
    },
    async (request) => {
      const { pageNo, pageSize, ...q } = request.query;
      const r = await dailyReport(app.deps.db, actorOf(request).brandId, q, app.deps.now());
      const list = r.rows.slice((pageNo - 1) * pageSize, pageNo * pageSize);
      return ok({
        list,
        total: r.rows.length,
        pageNo,
        pageSize,
        currency: r.currency,
        timezone: r.timezone,
        from: r.from,
        to: r.to,
        totals: r.totals,
      });
    },
  );

  app.get(
    BACKOFFICE_PATHS.reportDailyCsv,
    {
      config: { staff: { permission: 'reports.read' } },
      schema: { tags, summary: 'The daily figures as CSV', querystring: ReportDailyQuerySchema },
    },
    async (request, reply) => {
      const { pageNo: _p, pageSize: _s, ...q } = request.query;
      const r = await dailyReport(app.deps.db, actorOf(request).brandId, q, app.deps.now());
      const header = [
        'day',
        'deposits_minor',
        'withdrawals_minor',
        'bets_minor',
        'wins_minor',
        'ggr_minor',
        'bonuses_minor',
        'ngr_minor',
        'new_players',
        'active_players',
      ];
      const rows = r.rows.map((d) => [
        d.day,
        d.deposits,
        d.withdrawals,
        d.bets,
        d.wins,
        d.ggr,
        d.bonuses,
        d.ngr,
        d.newPlayers,
        d.activePlayers,
      ]);
      return sendCsv(reply, `report-daily-${r.from}-to`, r.to, csvOf(header, rows, csvField));
    },
  );

  app.get(
    BACKOFFICE_PATHS.reportGames,
    {
      config: { staff: { permission: 'reports.read' } },
      schema: {
        tags,
        summary: 'Bets, wins, GGR, counts and players per game category or vendor, from the rollup',
        querystring: ReportGamesQuerySchema,
        response: { 200: ReportGamesResponseSchema },
      },
    },
    async (request) => {
      const r = await gameReport(app.deps.db, actorOf(request).brandId, request.query, app.deps.now());
      return ok({ ...r, pageNo: request.query.pageNo, pageSize: request.query.pageSize });
    },
  );

  app.get(
    BACKOFFICE_PATHS.reportGamesCsv,
    {
      config: { staff: { permission: 'reports.read' } },
      schema: { tags, summary: 'The report by game category or vendor as CSV', querystring: ReportGamesQuerySchema },
    },
    async (request, reply) => {
      const { pageNo: _p, pageSize: _s, ...q } = request.query;
      const r = await gameReport(app.deps.db, actorOf(request).brandId, { ...q, pageNo: 1, pageSize: null }, app.deps.now());
      const header = [
        q.by,
        ...(q.by === 'vendor' ? ['vendor_name'] : []),
        'bets_minor',
        'wins_minor',
        'ggr_minor',
        'bets',
        'rounds',
        'players',
      ];
      const rows = r.list.map((g) => [
        g.key,
        ...(q.by === 'vendor' ? [g.name ?? ''] : []),
        g.bets,
        g.wins,
        g.ggr,
        g.betCount,
        g.rounds,
        g.players,
      ]);
      // A whole number (a negative GGR too) is no formula: kept as a number; any other text is made formula-safe.
      const field = (v: unknown) => (typeof v === 'string' && /^-?\d+$/.test(v) ? `"${v}"` : csvField(v));
      return sendCsv(reply, `report-${q.by}-${r.from}-to`, r.to, csvOf(header, rows, field));
    },
  );

  // --- operator keys ------------------------------------------------------------------------------------------------

  app.get(
    BACKOFFICE_PATHS.operatorKeys,
    {
      config: { staff: { permission: 'keys.manage' } },
      schema: { tags, summary: 'Operator API keys (never the keys themselves)', response: { 200: OperatorKeyListResponseSchema } },
    },
    async (request) => ok({ list: await listOperatorKeys(app.deps.db, actorOf(request).brandId) }),
  );

  app.post(
    BACKOFFICE_PATHS.operatorKeys,
    {
      config: { staff: { permission: 'keys.manage' } },
      schema: {
        tags,
        summary: 'Create a scoped operator key (shown once)',
        body: OperatorKeyCreateRequestSchema,
        response: { 200: OperatorKeySecretResponseSchema },
      },
    },
    async (request) => ok(await createOperatorKey(app.deps.db, actorOf(request), request.body, app.deps.now())),
  );

  app.post(
    BACKOFFICE_PATHS.operatorKeyRotate,
    {
      config: { staff: { permission: 'keys.manage' } },
      schema: {
        tags,
        summary: 'Rotate: a new key, the old one revoked (shown once)',
        params: OperatorKeyIdParamsSchema,
        response: { 200: OperatorKeySecretResponseSchema },
      },
    },
    async (request) => ok(await rotateOperatorKey(app.deps.db, actorOf(request), Number(request.params.keyId), app.deps.now())),
  );

  app.post(
    BACKOFFICE_PATHS.operatorKeyRevoke,
    {
      config: { staff: { permission: 'keys.manage' } },
      schema: {
        tags,
        summary: 'Revoke an operator key',
        params: OperatorKeyIdParamsSchema,
        body: OperatorKeyRevokeRequestSchema,
        response: { 200: OperatorKeyResponseSchema },
      },
    },
    async (request) =>
      ok(await revokeOperatorKey(app.deps.db, actorOf(request), Number(request.params.keyId), request.body.reason, app.deps.now())),
  );
};

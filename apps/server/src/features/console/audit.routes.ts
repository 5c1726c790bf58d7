import { AUDIT_CSV_MAX_ROWS, AuditListResponseSchema, AuditQuerySchema, CONSOLE_PATHS } from '@playfront/contract/console';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { auditCsv, searchAudit } from '../staff/audit.ts';
import { actorOf } from '../staff/staff-guard.ts';
import { ok } from './console-http.ts';

/** The audit log: search with paging, and the same search as CSV (audit.read). */
export const consoleAuditRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['console'];

  app.get(
    CONSOLE_PATHS.audit,
    {
      config: { staff: { permission: 'audit.read' } },
      schema: { tags, summary: 'Search the audit log', querystring: AuditQuerySchema, response: { 200: AuditListResponseSchema } },
    },
    async (request) => ok(await searchAudit(app.deps.db, actorOf(request).brandId, request.query)),
  );

  app.get(
    CONSOLE_PATHS.auditCsv,
    {
      config: { staff: { permission: 'audit.read' } },
      schema: { tags, summary: 'The audit log search as CSV', querystring: AuditQuerySchema },
    },
    async (request, reply) => {
      const csv = await auditCsv(app.deps.db, actorOf(request).brandId, request.query, AUDIT_CSV_MAX_ROWS);
      const day = app.deps.now().toISOString().slice(0, 10);
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="audit-${day}.csv"`)
        .header('cache-control', 'no-store')
        .send(csv);
    },
  );
};

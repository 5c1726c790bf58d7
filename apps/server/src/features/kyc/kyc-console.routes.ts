import {
  KYC_CONSOLE_PATHS,
  KycDecisionResponseSchema,
  KycDocumentParamsSchema,
  KycQueueQuerySchema,
  KycQueueResponseSchema,
  KycRejectRequestSchema,
  KycSubmissionDetailResponseSchema,
  KycSubmissionParamsSchema,
} from '@playfront/contract/kyc';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { actorOf } from '../staff/staff-guard.ts';
import { decideKyc, kycDocument, kycQueue, kycSubmission } from './kyc.service.ts';
import type { KycStorage } from './kyc-storage.ts';

const ok = <T>(value: T) => ({ success: true as const, message: 'ok', value });

/** The console's KYC review (permission kyc.review): queue, a submission with its documents, approve, reject. */
export const kycConsoleRoutes: FastifyPluginAsyncZod<{ storage: KycStorage }> = async (app, { storage }) => {
  const tags = ['console'];
  const staff = { staff: { permission: 'kyc.review' as const } };

  app.get(
    KYC_CONSOLE_PATHS.kycQueue,
    {
      config: staff,
      schema: { tags, summary: 'KYC submissions by status', querystring: KycQueueQuerySchema, response: { 200: KycQueueResponseSchema } },
    },
    async (request) => ok(await kycQueue(app.deps.db, actorOf(request).brandId, request.query)),
  );

  app.get(
    KYC_CONSOLE_PATHS.kycSubmission,
    {
      config: staff,
      schema: {
        tags,
        summary: 'A KYC submission with its documents',
        params: KycSubmissionParamsSchema,
        response: { 200: KycSubmissionDetailResponseSchema },
      },
    },
    async (request) => ok(await kycSubmission(app.deps.db, actorOf(request).brandId, request.params.submissionId)),
  );

  app.get(
    KYC_CONSOLE_PATHS.kycDocument,
    { config: staff, schema: { tags, summary: 'A document file (staff only; never cached)', params: KycDocumentParamsSchema } },
    async (request, reply) => {
      const { submissionId, documentId } = request.params;
      const doc = await kycDocument(app.deps.db, storage, actorOf(request).brandId, submissionId, documentId);
      return reply
        .type(doc.mime)
        .header('cache-control', 'private, no-store')
        .header('x-content-type-options', 'nosniff')
        .header('content-security-policy', "default-src 'none'; sandbox")
        .header('content-disposition', `inline; filename="${doc.kind.toLowerCase()}-${documentId}"`)
        .send(doc.bytes);
    },
  );

  app.post(
    KYC_CONSOLE_PATHS.kycApprove,
    {
      config: staff,
      schema: {
        tags,
        summary: 'Approve: the name becomes the verified name',
        params: KycSubmissionParamsSchema,
        response: { 200: KycDecisionResponseSchema },
      },
    },
    async (request) => ok(await decideKyc(app.deps.db, actorOf(request), request.params.submissionId, { kind: 'approve' }, app.deps.now())),
  );

  app.post(
    KYC_CONSOLE_PATHS.kycReject,
    {
      config: staff,
      schema: {
        tags,
        summary: 'Reject with a reason (the member may send documents again)',
        params: KycSubmissionParamsSchema,
        body: KycRejectRequestSchema,
        response: { 200: KycDecisionResponseSchema },
      },
    },
    async (request) =>
      ok(
        await decideKyc(
          app.deps.db,
          actorOf(request),
          request.params.submissionId,
          { kind: 'reject', reason: request.body.reason },
          app.deps.now(),
        ),
      ),
  );
};

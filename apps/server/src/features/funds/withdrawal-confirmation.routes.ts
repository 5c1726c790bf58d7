import multipart from '@fastify/multipart';
import { WithdrawalConfirmParamsSchema, WithdrawalProofParamsSchema, WithdrawalResponseSchema } from '@playfront/contract/funds';
import { FUNDS_PATHS, PROOF_LIMITS, WITHDRAWAL_OUTCOMES, type WithdrawalOutcome } from '@playfront/contract/funds-paths';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Db } from '../../db/database.ts';
import { AppError } from '../../http/app-error.ts';
import { pngOrJpegOf, sendStoredImage } from '../../http/image-upload.ts';
import { memberOf, requireMember } from '../session/authenticate.ts';
import { toWithdrawal } from './withdrawal.service.ts';
import { confirmWithdrawal, loadConfirmations, type ProofFile } from './withdrawal-confirmation.service.ts';

const ok = <T>(value: T) => ({ success: true as const, message: 'ok', value });

/** Maps @fastify/multipart's (and busboy's) errors to catalogue codes. */
function multipartError(err: unknown): never {
  const code = (err as { code?: string }).code;
  if (code === 'FST_REQ_FILE_TOO_LARGE' || code === 'FST_FILES_LIMIT' || code === 'FST_FIELDS_LIMIT' || code === 'FST_PARTS_LIMIT')
    throw new AppError('PAYLOAD_TOO_LARGE');
  if (code === 'FST_INVALID_MULTIPART_CONTENT_TYPE') throw new AppError('UNSUPPORTED_MEDIA_TYPE');
  // Anything else the form parser throws (no boundary, broken part headers, a body cut short) is a
  // malformed request, not a server fault: before this it answered 500.
  throw new AppError('VALIDATION');
}

/** Serves one stored proof image, never as anything the browser could run. */
export async function sendProof(db: Db, reply: FastifyReply, where: { orderNo: string; proofId: string; memberId?: number }) {
  let q = db
    .selectFrom('withdrawal_proof as p')
    .innerJoin('withdrawal_order as o', 'o.id', 'p.withdrawal_id')
    .select(['p.mime', 'p.bytes'])
    .where('p.id', '=', BigInt(where.proofId))
    .where('o.order_no', '=', where.orderNo);
  if (where.memberId !== undefined) q = q.where('o.member_id', '=', where.memberId);
  const proof = await q.executeTakeFirst();
  if (!proof) throw new AppError('NOT_FOUND');
  return sendStoredImage(reply, proof.mime, proof.bytes);
}

/** Withdrawal confirmation by the member (spec section 4), with proof images checked by their bytes. */
export const withdrawalConfirmationRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['funds'];
  await app.register(multipart, {
    limits: { fileSize: PROOF_LIMITS.maxBytes, files: PROOF_LIMITS.maxFiles, fields: 4, fieldSize: 1000, parts: PROOF_LIMITS.maxFiles + 4 },
  });

  app.post(
    FUNDS_PATHS.withdrawalConfirm,
    {
      preParsing: requireMember({ allowWithdrawOnly: true }),
      schema: {
        tags,
        summary: 'Received / partly received / not received (multipart, proof images)',
        params: WithdrawalConfirmParamsSchema,
        response: { 200: WithdrawalResponseSchema },
      },
    },
    async (request) => {
      const { db, now } = app.deps;
      const me = memberOf(request);
      if (!request.isMultipart()) throw new AppError('UNSUPPORTED_MEDIA_TYPE');
      let outcome: WithdrawalOutcome | undefined;
      let note: string | null = null;
      const files: ProofFile[] = [];
      try {
        for await (const part of request.parts()) {
          if (part.type === 'file') {
            const bytes = await part.toBuffer();
            // The content decides, never the file name or the declared type.
            const mime = await pngOrJpegOf(bytes);
            if (!mime) throw new AppError('UNSUPPORTED_MEDIA_TYPE');
            files.push({ mime, bytes });
          } else if (part.fieldname === 'outcome') {
            const v = String(part.value);
            outcome = (WITHDRAWAL_OUTCOMES as readonly string[]).includes(v) ? (v as WithdrawalOutcome) : undefined;
          } else if (part.fieldname === 'note') {
            // PostgreSQL text cannot hold U+0000 (the JSON routes refuse it in http/nul-guard.ts).
            if (String(part.value).includes('\u0000')) throw new AppError('VALIDATION');
            note = String(part.value).trim().slice(0, 500) || null;
          }
        }
      } catch (err) {
        if (err instanceof AppError) throw err;
        multipartError(err);
      }
      if (!outcome) throw new AppError('VALIDATION', { fields: { outcome: { key: 'errors.formatIncorrect' } } });
      const id = await confirmWithdrawal(db, { memberId: me.memberId, orderNo: request.params.orderNo, outcome, note, files, now: now() });
      const row = await db.selectFrom('withdrawal_order').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
      const confirmations = await loadConfirmations(db, [id]);
      return ok(toWithdrawal(row, confirmations.get(id) ?? null));
    },
  );

  app.get(
    FUNDS_PATHS.withdrawalProof,
    {
      preParsing: requireMember({ allowWithdrawOnly: true }),
      schema: { tags, summary: 'A proof image of my withdrawal', params: WithdrawalProofParamsSchema },
    },
    async (request, reply) => sendProof(app.deps.db, reply, { ...request.params, memberId: memberOf(request).memberId }),
  );
};

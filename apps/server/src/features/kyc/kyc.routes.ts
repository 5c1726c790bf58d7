import multipart from '@fastify/multipart';
import { KYC_PATHS, MyKycResponseSchema } from '@playfront/contract/kyc';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { memberOf, requireMember } from '../session/authenticate.ts';
import { assertCanSubmit, myKyc, submitKyc } from './kyc.service.ts';
import { KYC_UPLOAD_LIMITS, readKycForm } from './kyc-form.ts';
import type { KycStorage } from './kyc-storage.ts';

const ok = <T>(value: T) => ({ success: true as const, message: 'ok', value });

/** The member's identity check (issue 18): status and rules, and sending the documents. No trial account. */
export const kycRoutes: FastifyPluginAsyncZod<{ storage: KycStorage }> = async (app, { storage }) => {
  const tags = ['kyc'];
  const member = requireMember();
  await app.register(multipart, { limits: KYC_UPLOAD_LIMITS });

  app.get(
    KYC_PATHS.status,
    {
      preParsing: member,
      schema: { tags, summary: 'My KYC status, the withdrawal rules and the turnover left', response: { 200: MyKycResponseSchema } },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return ok(await myKyc(app.deps.db, memberOf(request)));
    },
  );

  app.post(
    KYC_PATHS.submit,
    {
      preParsing: member,
      schema: {
        tags,
        summary: 'Send identity documents (multipart: fullName, ID_FRONT, ID_BACK, SELFIE, ADDRESS; JPEG/PNG/PDF ≤ 8 MB)',
        response: { 200: MyKycResponseSchema },
      },
    },
    async (request) => {
      const { db, now } = app.deps;
      const me = memberOf(request);
      // Before the upload is read: nothing to store while a submission is checked or the identity is verified.
      await assertCanSubmit(db, me.memberId);
      const form = await readKycForm(request);
      await submitKyc(db, storage, me, form, now());
      return ok(await myKyc(db, me));
    },
  );
};

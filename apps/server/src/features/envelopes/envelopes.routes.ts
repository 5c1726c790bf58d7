import {
  ENVELOPE_PATHS,
  OpenEnvelopeBodySchema,
  OpenedEnvelopeResponseSchema,
  RainStateResponseSchema,
} from '@playfront/contract/envelopes';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { withTransactionRetry } from '../ledger/ledger.service.ts';
import { requestBrand } from '../session/accounts-context.ts';
import { authenticate, memberOf, requireMember, tokenOf } from '../session/authenticate.ts';
import { openEnvelope, rainState } from './envelopes.service.ts';

const ok = <T>(value: T) => ({ success: true as const, message: 'ok', value });

/** Who reads the rain: a member (their own state), a trial account (sees it, may not open), or a guest. */
async function viewerOf(request: FastifyRequest): Promise<{ brandId: number; memberId: number | null; isTrial: boolean }> {
  if (tokenOf(request)) {
    try {
      const me = await authenticate(request, { allowTrial: true });
      return { brandId: me.brandId, memberId: me.memberId, isTrial: me.isTrial };
    } catch {
      // A stale token simply reads as a guest.
    }
  }
  return { brandId: (await requestBrand(request)).id, memberId: null, isTrial: false };
}

/** The member's side of the red envelope rain: its state (public) and opening one envelope (token). */
export const envelopesRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['envelopes'];

  app.get(
    ENVELOPE_PATHS.rain,
    {
      schema: {
        tags,
        summary: 'The red envelope rain running now (with the caller’s own state) and the next one',
        response: { 200: RainStateResponseSchema },
      },
    },
    async (request, reply) => {
      const viewer = await viewerOf(request);
      reply.header('cache-control', 'no-store');
      const state = await rainState(app.deps.db, viewer.brandId, viewer.memberId, app.deps.now());
      if (viewer.isTrial && state.current) state.current.eligible = false;
      return ok(state);
    },
  );

  app.post(
    ENVELOPE_PATHS.open,
    {
      preParsing: requireMember({ refuseDuringBlock: true }),
      schema: {
        tags,
        summary: 'Open one envelope of the running rain: a random amount, paid at once (cash or bonus)',
        body: OpenEnvelopeBodySchema,
        response: { 200: OpenedEnvelopeResponseSchema },
      },
    },
    async (request) => {
      const me = memberOf(request);
      const opened = await withTransactionRetry(() =>
        openEnvelope(app.deps.db, {
          brandId: me.brandId,
          memberId: me.memberId,
          occurrenceId: BigInt(request.body.occurrenceId),
          now: app.deps.now(),
        }),
      );
      request.log.info({ occurrenceId: opened.occurrenceId, amount: opened.amount }, 'envelope opened');
      return ok(opened);
    },
  );
};

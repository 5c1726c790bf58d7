import { randomBytes } from 'node:crypto';
import { isValidProviderSignature } from '@playfront/contract/provider-signing';
import {
  PROVIDER_CALLS,
  type PROVIDER_ERRORS,
  PROVIDER_HEADERS,
  PROVIDER_MAX_SKEW_MS,
  ProviderAuthenticateRequestSchema,
  ProviderBalanceRequestSchema,
  ProviderBetRequestSchema,
  type ProviderCall,
  ProviderRollbackRequestSchema,
  ProviderWinRequestSchema,
} from '@playfront/contract/provider-wallet';
import type { FastifyError, FastifyPluginAsync, FastifyReply } from 'fastify';
import type { z } from 'zod';
import type { Db } from '../../db/database.ts';
import { TtlCache } from '../../infra/ttl-cache.ts';
import { syncHouseCredentials, syncLotteryCredentials } from './house-credentials.ts';
import {
  type LaunchSessionView,
  type ProviderAnswer,
  type ProviderContext,
  type ProviderOutcome,
  ProviderRefusal,
  providerAuthenticate,
  providerBalance,
  providerBet,
  providerCallBatches,
  providerRollback,
  providerWin,
  refusalAnswer,
} from './provider-wallet.service.ts';

/** Vendor secrets are read from provider_credential at most this often per instance. */
const CREDENTIAL_TTL_MS = 30_000;

type CredentialCache = Map<string, { secret: string | undefined; at: number }>;

async function vendorSecret(db: Db, cache: CredentialCache, vendor: string): Promise<string | undefined> {
  const hit = cache.get(vendor);
  if (hit && Date.now() - hit.at < CREDENTIAL_TTL_MS) return hit.secret;
  const row = await db
    .selectFrom('provider_credential')
    .select('secret')
    .where('vendor_code', '=', vendor)
    .where('active', '=', true)
    .executeTakeFirst();
  // Bounded: only vendors with a row are worth remembering for long; unknown ones are few and cheap.
  if (cache.size > 1000) cache.clear();
  cache.set(vendor, { secret: row?.secret, at: Date.now() });
  return row?.secret;
}

const SCHEMAS: Record<ProviderCall, z.ZodType> = {
  authenticate: ProviderAuthenticateRequestSchema,
  balance: ProviderBalanceRequestSchema,
  bet: ProviderBetRequestSchema,
  win: ProviderWinRequestSchema,
  rollback: ProviderRollbackRequestSchema,
};

const refuse = (code: keyof typeof PROVIDER_ERRORS, message: string) => new ProviderRefusal(code, message);

function send(reply: FastifyReply, answer: ProviderAnswer) {
  return reply.status(answer.httpStatus).header('cache-control', 'no-store').send(answer.body);
}

/**
 * The provider wallet API (`POST /provider/v1/:vendor/:call`, contract
 * provider-wallet.ts). Its own plugin so JSON arrives here as raw bytes (the
 * HMAC covers the exact bytes sent) and errors take the contract's shape.
 * Server-to-server: no per-IP rate limit (a game server speaks for many players).
 */
export const providerWalletRoutes: FastifyPluginAsync = async (app) => {
  const { config, db } = app.deps;
  if (!config.play.houseSecret) {
    // Only when buildApp is used without main.ts (tests, benches): the house in this process shares it.
    config.play.houseSecret = randomBytes(32).toString('base64url');
    app.log.warn('HOUSE_PROVIDER_SECRET not set: using a per-process house secret');
  }
  await syncHouseCredentials(db, config.play.houseSecret);
  await syncLotteryCredentials(db, config.play.houseSecret);

  const credentials: CredentialCache = new Map();
  // Launch sessions for bets and wins (decision 067): what may change is checked again in the bet's statement.
  const { ttlMs } = config.sessionCache;
  const launchSessions = ttlMs > 0 ? new TtlCache<LaunchSessionView | undefined>(ttlMs, 20_000) : undefined;
  // Bets and wins share transactions when they arrive together (decision 079).
  const batches = providerCallBatches(db, (err, size) => app.log.warn({ err, size }, 'provider call batch failed: its calls run alone'));

  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: 64 * 1024 }, (_req, body, done) => done(null, body));

  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof ProviderRefusal) return send(reply, refusalAnswer(error));
    if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
      return send(reply, refusalAnswer(refuse('BAD_REQUEST', 'request not readable')));
    }
    request.log.error({ err: error }, 'provider wallet call failed');
    // Not a contract code: the outcome is unknown to the caller, who resends the same transactionId.
    return reply
      .status(500)
      .header('cache-control', 'no-store')
      .send({ status: 'INTERNAL_ERROR', message: 'try again with the same transactionId' });
  });
  app.setNotFoundHandler((_request, reply) => send(reply, refusalAnswer(refuse('BAD_REQUEST', 'unknown call'))));

  app.post<{ Params: { vendor: string; call: string }; Body: Buffer }>(
    '/:vendor/:call',
    {
      config: { rateLimit: false },
      schema: {
        tags: ['provider'],
        summary: 'Provider wallet API: authenticate, balance, bet, win, rollback (HMAC-signed JSON, see the contract)',
      },
    },
    async (request, reply) => {
      const { vendor, call } = request.params;
      if (!(PROVIDER_CALLS as readonly string[]).includes(call)) throw refuse('BAD_REQUEST', 'unknown call');
      const raw = request.body;
      if (!Buffer.isBuffer(raw)) throw refuse('BAD_REQUEST', 'a JSON body is required');

      const secret = /^[A-Z0-9][A-Z0-9_-]{0,31}$/.test(vendor) ? await vendorSecret(db, credentials, vendor) : undefined;
      if (!secret) throw refuse('INVALID_SIGNATURE', 'unknown vendor');
      const timestamp = request.headers[PROVIDER_HEADERS.timestamp];
      const signature = request.headers[PROVIDER_HEADERS.signature];
      if (typeof timestamp !== 'string' || !/^\d{1,16}$/.test(timestamp)) throw refuse('STALE_TIMESTAMP', 'timestamp missing');
      if (typeof signature !== 'string' || !isValidProviderSignature(secret, timestamp, raw.toString('utf8'), signature)) {
        throw refuse('INVALID_SIGNATURE', 'signature does not match');
      }
      const now = app.deps.now();
      if (Math.abs(now.getTime() - Number(timestamp)) > PROVIDER_MAX_SKEW_MS) throw refuse('STALE_TIMESTAMP', 'timestamp too far from now');

      let json: unknown;
      try {
        json = JSON.parse(raw.toString('utf8'));
      } catch {
        throw refuse('BAD_REQUEST', 'body is not JSON');
      }
      const parsed = SCHEMAS[call as ProviderCall].safeParse(json);
      if (!parsed.success) {
        throw refuse('BAD_REQUEST', parsed.error.issues.map((i) => `${i.path.join('.') || 'body'}: ${i.message}`).join('; '));
      }

      const ctx: ProviderContext = { db, now, winnerBoardMinWin: config.play.winnerBoardMinWin, launchSessions, batches };
      const body = parsed.data as never;
      let outcome: ProviderOutcome;
      switch (call as ProviderCall) {
        case 'authenticate':
          outcome = await providerAuthenticate(ctx, vendor, body);
          break;
        case 'balance':
          outcome = await providerBalance(ctx, vendor, body);
          break;
        case 'bet':
          outcome = await providerBet(ctx, vendor, body);
          break;
        case 'win':
          outcome = await providerWin(ctx, vendor, body);
          break;
        case 'rollback':
          outcome = await providerRollback(ctx, vendor, body);
          break;
      }
      return send(reply, outcome.answer);
    },
  );
};

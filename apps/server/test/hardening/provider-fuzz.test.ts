import { deriveHouseVendorSecret, signProviderRequest } from '@playfront/contract/provider-signing';
import {
  PROVIDER_CALLS,
  PROVIDER_ERRORS,
  PROVIDER_HEADERS,
  PROVIDER_WALLET_BASE,
  ProviderAuthenticateRequestSchema,
  ProviderBalanceRequestSchema,
  ProviderBetRequestSchema,
  ProviderErrorResponseSchema,
  ProviderRollbackRequestSchema,
  ProviderWinRequestSchema,
} from '@playfront/contract/provider-wallet';
import fc from 'fast-check';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { HOUSE_SECRET, launchToken, PLAY_ENV } from '../../src/features/play/play.fixtures.ts';
import { makeApp, makeClock, type TestApp } from '../accounts-helpers.ts';
import { createTestDatabase, type TestDatabase, testDbKind } from '../test-db.ts';
import { actor, fingerprint, injectWithin, leaks, wellFormed } from './hardening-helpers.ts';
import { bodyBreakers, hostileString, type JsonSchema, junkBytes, noiseBody } from './schema-fuzz.ts';

/**
 * The provider wallet API has its own contract (PROVIDER_ERRORS, `{ status, message }`), so it is
 * fuzzed here rather than with the catalogue routes: unsigned junk, and correctly signed bodies that
 * break the call's schema, with a made-up and with a real launch token. Every answer must be a
 * contract refusal whose HTTP status is its code's; nothing may leak, hang or change.
 * A well-formed, signed call whose ids hold a control character (NUL: PostgreSQL text cannot hold it)
 * is refused as BAD_REQUEST too.
 */
const SEED = 20_261_124;
const RUNS = 60;
const VENDOR = 'PG';
const SCHEMAS: Record<(typeof PROVIDER_CALLS)[number], JsonSchema> = {
  authenticate: z.toJSONSchema(ProviderAuthenticateRequestSchema) as JsonSchema,
  balance: z.toJSONSchema(ProviderBalanceRequestSchema) as JsonSchema,
  bet: z.toJSONSchema(ProviderBetRequestSchema) as JsonSchema,
  win: z.toJSONSchema(ProviderWinRequestSchema) as JsonSchema,
  rollback: z.toJSONSchema(ProviderRollbackRequestSchema) as JsonSchema,
};

let database: TestDatabase;
let t: TestApp;
let realToken: string;

beforeAll(async () => {
  database = await createTestDatabase();
  t = await makeApp(database, PLAY_ENV, makeClock(new Date()));
  const member = await actor(database.db, t.clock.now, { funds: 100_000n });
  const game = await database.db
    .selectFrom('game')
    .select('node_id')
    .where('vendor_code', '=', VENDOR)
    .orderBy('node_id')
    .limit(1)
    .executeTakeFirstOrThrow();
  realToken = await launchToken(t, member.token, game.node_id);
}, 60_000);

afterAll(async () => {
  await t?.app.close();
  await database?.close();
});

function problemOf(res: LightMyRequestResponse): string | undefined {
  const leak = leaks(res.body);
  if (leak) return `leaks "${leak}"`;
  const parsed = ProviderErrorResponseSchema.safeParse(res.json());
  if (!parsed.success) return `${res.statusCode} not a provider error: ${res.body.slice(0, 120)}`;
  if (PROVIDER_ERRORS[parsed.data.status] !== res.statusCode) return `${parsed.data.status} answered with HTTP ${res.statusCode}`;
  return undefined;
}

const post = (url: string, headers: Record<string, string>, payload: string | Buffer) =>
  injectWithin(t.app, { method: 'POST', url, headers, payload });

function signed(call: string, raw: string) {
  const timestamp = String(t.clock.now.getTime());
  return post(
    `${PROVIDER_WALLET_BASE}/${VENDOR}/${call}`,
    {
      'content-type': 'application/json',
      [PROVIDER_HEADERS.timestamp]: timestamp,
      [PROVIDER_HEADERS.signature]: signProviderRequest(deriveHouseVendorSecret(HOUSE_SECRET, VENDOR), timestamp, raw),
    },
    raw,
  );
}

describe(`provider wallet API fuzz (${testDbKind}; seed ${SEED}, ${RUNS} runs per property)`, () => {
  it('refuses unsigned junk to any vendor and call in its own error shape', async () => {
    const before = await fingerprint(database.db);
    await fc.assert(
      fc.asyncProperty(
        fc.oneof(fc.constantFrom(VENDOR, 'pg', 'NOPE', ''), hostileString),
        fc.oneof(fc.constantFrom(...PROVIDER_CALLS), hostileString),
        fc.oneof(
          junkBytes,
          fc.jsonValue().map((v) => Buffer.from(JSON.stringify(v) ?? 'null')),
        ),
        fc.constantFrom('application/json', 'text/plain', 'application/x-evil'),
        fc.option(fc.oneof(fc.constant(String(Date.now())), hostileString)),
        fc.option(hostileString),
        async (vendor, call, bytes, type, timestamp, signature) => {
          const headers: Record<string, string> = { 'content-type': type };
          if (timestamp !== null) headers[PROVIDER_HEADERS.timestamp] = wellFormed(timestamp);
          if (signature !== null) headers[PROVIDER_HEADERS.signature] = wellFormed(signature).replace(/[^\x20-\x7e]/g, '?');
          const url = `${PROVIDER_WALLET_BASE}/${encodeURIComponent(wellFormed(vendor)) || 'x'}/${encodeURIComponent(wellFormed(call)) || 'x'}`;
          const res = await post(url, headers, bytes);
          expect(problemOf(res)).toBeUndefined();
        },
      ),
      { seed: SEED, numRuns: RUNS },
    );
    expect(await fingerprint(database.db)).toEqual(before);
  }, 60_000);

  it('refuses a signed, otherwise valid bet, win or rollback whose ids hold a control character', async () => {
    const before = await fingerprint(database.db);
    const base = { token: realToken, transactionId: 'tx-ctl-1', roundId: 'round-ctl-1', gameCode: 'g', currency: 'BDT' };
    for (const bad of ['a\u0000b', 'tab\there', '\u007f']) {
      for (const field of ['transactionId', 'roundId', 'gameCode'] as const) {
        for (const [call, body] of [
          ['bet', { ...base, amount: '100', [field]: bad }],
          ['win', { ...base, amount: '0', [field]: bad }],
          ['rollback', { ...base, betTransactionId: 'tx-ctl-0', [field]: bad }],
        ] as const) {
          const res = await signed(call, JSON.stringify(body));
          expect(problemOf(res)).toBeUndefined();
          expect(res.statusCode).toBe(400);
          expect(res.json()).toMatchObject({ status: 'BAD_REQUEST' });
        }
      }
    }
    expect(await fingerprint(database.db)).toEqual(before);
  }, 60_000);

  it('refuses correctly signed bodies that break the call schema, with a made-up or a real launch token', async () => {
    const before = await fingerprint(database.db);
    for (const call of PROVIDER_CALLS) {
      const schema = SCHEMAS[call];
      await fc.assert(
        fc.asyncProperty(noiseBody(schema), fc.constantFrom(...bodyBreakers(schema)), fc.boolean(), async (noise, breaker, real) => {
          const body = breaker.apply(real ? { ...noise, token: realToken } : noise);
          const res = await signed(call, JSON.stringify(body));
          expect(problemOf(res)).toBeUndefined();
          expect(res.json()).toMatchObject({ status: 'BAD_REQUEST' });
        }),
        { seed: SEED, numRuns: RUNS },
      );
    }
    expect(await fingerprint(database.db)).toEqual(before);
  }, 60_000);
});

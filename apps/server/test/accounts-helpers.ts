import { sealForServer } from '@playfront/contract/encrypted-payload';
import { OPERATOR_KEY_HEADER } from '@playfront/contract/operator';
import { SESSION_PATHS } from '@playfront/contract/session';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { buildApp } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';
import type { Db } from '../src/db/database.ts';
import { generateServerKeyRow, insertServerKey, type ServerKeyRow } from '../src/features/session/server-key.ts';
import { issueCaptcha } from '../src/features/system/captcha.service.ts';
import { DEMO_MERCHANT_CODE } from '../src/seed/demo-brand.ts';
import type { TestDatabase } from './test-db.ts';

/**
 * Helpers for the accounts tests: an app with a controllable clock, sealed
 * ("E") requests made with the same contract code the web uses, captchas with
 * a known answer, and the codes the outbox received.
 */
export const OPERATOR_KEY = 'test-operator-key-0123456789abcdef';

export type Clock = { now: Date; advance: (ms: number) => void };
export function makeClock(start = new Date('2026-11-22T10:00:00Z')): Clock {
  const clock: Clock = {
    now: start,
    advance(ms) {
      clock.now = new Date(clock.now.getTime() + ms);
    },
  };
  return clock;
}

export type TestApp = { app: FastifyInstance; clock: Clock; db: Db };

let keyRow: Promise<ServerKeyRow> | undefined;
/** RSA-3072 generation takes ~1 s: one key per test process, copied into each test database. */
export async function primeServerKey(db: Db): Promise<void> {
  keyRow ??= generateServerKeyRow(undefined);
  await insertServerKey(db, await keyRow);
}

export async function makeApp(database: TestDatabase, env: Record<string, string> = {}, clock = makeClock()): Promise<TestApp> {
  await primeServerKey(database.db);
  const config = loadConfig({ ...process.env, LOG_LEVEL: 'silent', OPERATOR_API_KEY: OPERATOR_KEY, ...env } as NodeJS.ProcessEnv);
  const app = await buildApp({ config, db: database.db, dbKind: database.kind, now: () => clock.now });
  return { app, clock, db: database.db };
}

export const BASE_HEADERS = { merchant: DEMO_MERCHANT_CODE };

/** Sends `payload` sealed for the server, as the web does. */
export async function sealed(
  t: TestApp,
  method: 'POST' | 'PUT',
  url: string,
  payload: unknown,
  options: { token?: string; ip?: string; cookie?: string } = {},
): Promise<LightMyRequestResponse> {
  const key = await t.app.inject({ method: 'GET', url: SESSION_PATHS.publicKey });
  const { publicKey } = key.json().value as { publicKey: string };
  const { header, body } = await sealForServer(publicKey, payload, { path: url, now: t.clock.now.getTime() });
  return t.app.inject({
    method,
    url,
    headers: {
      ...BASE_HEADERS,
      encryption: header,
      ...(options.token ? { authorization: options.token } : {}),
      ...(options.cookie ? { cookie: options.cookie } : {}),
    },
    payload: body,
    remoteAddress: options.ip ?? '127.0.0.1',
  });
}

export function login(t: TestApp, payload: Record<string, unknown>, ip = '127.0.0.1', cookie?: string) {
  return sealed(t, 'POST', SESSION_PATHS.login, payload, { ip, ...(cookie ? { cookie } : {}) });
}

/** A captcha whose answer the test knows (the system service accepts a chosen text). */
export async function captcha(t: TestApp): Promise<{ captchaId: string; captcha: string }> {
  const issued = await issueCaptcha(t.db, t.clock.now, 'HK7M');
  return { captchaId: issued.captchaId, captcha: 'hk7m' };
}

/** The newest code the outbox holds for a recipient (E.164 mobile or e-mail), read through the operator API. */
export async function lastCode(t: TestApp, recipient: string): Promise<string | undefined> {
  const res = await t.app.inject({
    method: 'GET',
    url: `${SESSION_PATHS.outbox}?recipient=${encodeURIComponent(recipient)}`,
    headers: { [OPERATOR_KEY_HEADER]: OPERATOR_KEY },
  });
  const messages = res.json().value as { payload: { code?: string } }[];
  return messages[0]?.payload.code;
}

export function get(t: TestApp, url: string, token?: string, ip = '127.0.0.1') {
  return t.app.inject({ method: 'GET', url, headers: { ...BASE_HEADERS, ...(token ? { authorization: token } : {}) }, remoteAddress: ip });
}

import { randomUUID } from 'node:crypto';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { sql } from 'kysely';
import type { TestDatabase } from '../../../test/test-db.ts';
import { buildApp } from '../../app.ts';
import { loadConfig } from '../../config.ts';
import type { Db } from '../../db/database.ts';
import { DEMO_MERCHANT_CODE } from '../../seed/demo-brand.ts';
import { createSession } from '../session/session.repository.ts';

/** Helpers shared by the catalogue and lobby tests (not a test file itself). */

export const OPERATOR_KEY = 'catalogue-test-operator-key-0123';

export async function catalogueApp(database: TestDatabase, now?: () => Date): Promise<FastifyInstance> {
  const config = loadConfig({ ...process.env, LOG_LEVEL: 'silent', OPERATOR_API_KEY: OPERATOR_KEY } as NodeJS.ProcessEnv);
  return buildApp({ config, db: database.db, dbKind: database.kind, ...(now ? { now } : {}) });
}

/** A member of the demo brand with a live session; type 4 makes a trial account. */
export async function loggedIn(db: Db, type = 0): Promise<{ memberId: number; token: string }> {
  const username = `fav${randomUUID().replaceAll('-', '').slice(0, 8)}`;
  const { rows } = await sql<{ id: number }>`
    insert into member (brand_id, username, type) select id, ${username}, ${type} from brand where merchant_code = ${DEMO_MERCHANT_CODE}
    returning id`.execute(db);
  const memberId = rows[0]?.id;
  if (!memberId) throw new Error('no demo brand (is the database seeded?)');
  const token = await createSession(db, {
    memberId,
    site: 'member',
    mustChangePassword: false,
    ip: null,
    userAgent: null,
    now: new Date(),
    absoluteMs: 3_600_000,
  });
  return { memberId, token };
}

export function getJson(app: FastifyInstance, url: string, options: { token?: string; language?: string } = {}) {
  return app.inject({
    method: 'GET',
    url,
    headers: {
      merchant: DEMO_MERCHANT_CODE,
      ...(options.token ? { authorization: options.token } : {}),
      ...(options.language ? { language: options.language } : {}),
    },
  });
}

export function send(
  app: FastifyInstance,
  method: 'POST' | 'DELETE',
  url: string,
  payload: unknown,
  token?: string,
): Promise<LightMyRequestResponse> {
  return app.inject({
    method,
    url,
    headers: { merchant: DEMO_MERCHANT_CODE, 'content-type': 'application/json', ...(token ? { authorization: token } : {}) },
    payload: JSON.stringify(payload),
  });
}

/** The query string of an object, skipping undefined values. */
export function qs(params: Record<string, string | number | boolean | undefined>): string {
  const entries = Object.entries(params).filter((e): e is [string, string | number | boolean] => e[1] !== undefined);
  return new URLSearchParams(entries.map(([k, v]): [string, string] => [k, String(v)])).toString();
}

import fs from 'node:fs';
import path from 'node:path';
import { ERRORS, isErrorCode } from '@playfront/contract';
import { PROVIDER_WALLET_BASE } from '@playfront/contract/provider-wallet';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { sql } from 'kysely';
import type { Db } from '../../src/db/database.ts';
import { createMember, deposit, memberWallet } from '../../src/features/ledger/ledger.fixtures.ts';
import { hashPassword } from '../../src/features/session/password-hashing.ts';
import { createSession } from '../../src/features/session/session.repository.ts';

/** Helpers of the hardening tests: the app's own route list, the answer checks, and the database fingerprint. */

const localeDir = path.resolve(import.meta.dirname, '../../../web/src/i18n/locales');
const catalogues = new Map<string, Record<string, unknown>>();
function catalogue(lng: string, ns: string): Record<string, unknown> {
  const id = `${lng}/${ns}`;
  let c = catalogues.get(id);
  if (!c) {
    const file = path.join(localeDir, lng, `${ns}.json`);
    c = fs.existsSync(file) ? (JSON.parse(fs.readFileSync(file, 'utf8')) as Record<string, unknown>) : {};
    catalogues.set(id, c);
  }
  return c;
}

/** True when a key such as `errors.notFound` or `patterns.EMAIL` is a string in both the EN and BN catalogues. */
export function translated(key: unknown): boolean {
  if (typeof key !== 'string' || !/^[a-z]+\.[\w.]+$/.test(key)) return false;
  const [ns = '', ...rest] = key.split('.');
  return ['en', 'bn'].every((lng) => {
    let node: unknown = catalogue(lng, ns);
    for (const part of rest) node = node && typeof node === 'object' ? (node as Record<string, unknown>)[part] : undefined;
    return typeof node === 'string';
  });
}

export type RouteEntry = { method: string; url: string };

/**
 * Every route the app registered, read from Fastify's own route tree (printRoutes), so a new
 * route is fuzzed without anyone listing it. HEAD twins of GET routes are left out.
 */
export function registeredRoutes(app: FastifyInstance): RouteEntry[] {
  const stack: string[] = [];
  const out: RouteEntry[] = [];
  for (const line of app.printRoutes({ commonPrefix: false }).split('\n')) {
    const at = line.indexOf('── ');
    if (at < 0) continue;
    const depth = Math.round(at / 4);
    const m = /^(\S+)(?: \(([^)]*)\))?/.exec(line.slice(at + 3));
    if (!m?.[1]) continue;
    const full = (depth > 0 ? (stack[depth - 1] ?? '') : '') + m[1];
    stack[depth] = full;
    stack.length = depth + 1;
    for (const method of (m[2] ?? '').split(',').map((s) => s.trim())) {
      if (method && method !== 'HEAD') out.push({ method, url: full });
    }
  }
  return out;
}

/** Text that must never reach a client: stack frames, file paths, SQL, driver and library errors. */
const LEAK =
  /\n\s+at \S+ \(|\/work\/|node_modules|\bselect\s+\S.*\s+from\s|\binsert into\b|\bdelete from\b|violates .*constraint|syntax error at|relation "|duplicate key value|invalid input syntax|out of range for type|ECONNREFUSED|TypeError|RangeError|ReferenceError|ZodError|FST_ERR|error: .* at character/i;

export function leaks(body: string): string | undefined {
  return LEAK.exec(body)?.[0];
}

const ENVELOPE_KEYS = new Set(['success', 'code', 'message', 'fields', 'value']);

/**
 * What is wrong with an error answer, or undefined when it is a proper one: a 4xx status that
 * matches its catalogue code, body `{ success:false, code, message }` with a known code, a message
 * that is that code's key and exists in EN and BN, field problems that are catalogue keys too.
 */
export function errorProblem(res: LightMyRequestResponse): string | undefined {
  if (res.statusCode < 400 || res.statusCode >= 500) return `status ${res.statusCode}`;
  const leak = leaks(res.body);
  if (leak) return `leaks "${leak}"`;
  let body: Record<string, unknown>;
  try {
    body = res.json();
  } catch {
    return `not JSON: ${res.body.slice(0, 80)}`;
  }
  if (!body || typeof body !== 'object' || Array.isArray(body)) return 'body is not an object';
  if (body.success !== false) return 'success is not false';
  if (typeof body.code !== 'string' || !isErrorCode(body.code)) return `code ${String(body.code)} not in the catalogue`;
  if (body.message !== ERRORS[body.code].key) return `message ${String(body.message)} is not the key of ${body.code}`;
  if (!translated(body.message)) return `message ${String(body.message)} missing in en or bn errors.json`;
  const extra = Object.keys(body).filter((k) => !ENVELOPE_KEYS.has(k));
  if (extra.length) return `unexpected keys ${extra.join(',')}`;
  if (body.fields !== undefined) {
    for (const [name, p] of Object.entries(body.fields as Record<string, { key?: unknown }>)) {
      if (!translated(p?.key)) return `field ${name} key ${String(p?.key)} not translated`;
    }
  }
  return undefined;
}

/** An inject that may not hang: a request taking longer than `ms` counts as a failure. */
export async function injectWithin(app: FastifyInstance, opts: InjectOptions, ms = 10_000) {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
  });
  try {
    return await Promise.race([app.inject(opts), timeout]);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * Row count of every table plus a checksum of the money tables (ledger account balances and
 * the sum of all entries), as one comparable object.
 */
/**
 * Written in the background whatever the requests are: the periodic jobs' timers (one row per job and period),
 * and the money outbox's consumers (derived from money_event, which is fingerprinted itself). The points ledger
 * (points_balance, points_entry) is one of them: the points consumer earns from the setup's deposit whenever the
 * outbox polls; a member can only spend points through a redemption or a conversion, whose own tables
 * (points_redemption, points_conversion) stay fingerprinted. VIP progress (vip_member_daily) is counted by the VIP
 * consumer from the same outbox; a level (and its bonus) needs valid bets as well, which no setup makes.
 * Mission progress (mission_progress, mission_game_seen, mission_event_applied) is counted from the same outbox;
 * a reward needs a claim, whose own table (mission_points) and ledger rows stay fingerprinted.
 * Red envelope occurrences and their envelopes (envelope_occurrence, envelope_slot) are made by the rain ticker when a
 * rain (the seeded one recurs) starts; an open changes no row count, and its payment is in the fingerprinted ledger.
 * Rebate accrual (rebate_accrual) is counted from settled rounds in the same outbox; its payouts stay fingerprinted.
 * Wheel and egg tickets and raffle entries (lucky_ticket, lucky_raffle_entry) are earned from deposits in the same
 * outbox; a play, whose own table (lucky_play) and ledger rows stay fingerprinted, is what spends them.
 * The agent rollups (agent_member_daily, agent_team_hourly, agent_member_active, agent_team_active, agent_money_5min)
 * are summed from the same outbox; the settlements they feed (agent_settlement) and their ledger rows stay fingerprinted.
 * Deposit turnover (member_turnover, decision 044) is summed from deposits and settled stakes in the same outbox; the
 * withdrawals it gates stay fingerprinted.
 */
const BACKGROUND_TABLES = [
  'job_run',
  // The session cache's change log (decision 066): a refused call may revoke an expired session, which notes it.
  'session_change',
  'outbox_consumer',
  'member_money_hourly',
  'points_balance',
  'points_entry',
  'vip_member_daily',
  'mission_progress',
  'mission_game_seen',
  'mission_event_applied',
  'envelope_occurrence',
  'envelope_slot',
  'rebate_accrual',
  'lucky_ticket',
  'lucky_raffle_entry',
  'agent_member_daily',
  'agent_team_hourly',
  'agent_member_active',
  'agent_team_active',
  'agent_money_5min',
  'member_turnover',
];

export async function fingerprint(db: Db, ignore: readonly string[] = []): Promise<Record<string, string>> {
  const { rows: tables } = await sql<{ name: string }>`
    select table_name as name from information_schema.tables
    where table_schema = 'public' and table_type = 'BASE TABLE' order by table_name`.execute(db);
  const out: Record<string, string> = {};
  for (const { name } of tables) {
    if (ignore.includes(name) || BACKGROUND_TABLES.includes(name) || name.startsWith('kysely_')) continue;
    const { rows } = await sql<{ n: string }>`select count(*)::text as n from ${sql.table(name)}`.execute(db);
    out[name] = rows[0]?.n ?? '?';
  }
  const { rows: money } = await sql<{ sum: string; checksum: string }>`
    select coalesce(sum(balance), 0)::text as sum,
           coalesce(md5(string_agg(id::text || ':' || balance::text, ',' order by id)), '')::text as checksum
    from ledger_account`.execute(db);
  out['ledger_account.balances'] = `${money[0]?.sum}/${money[0]?.checksum}`;
  return out;
}

export const PAYMENT_PASSWORD = '135790';

export type Actor = { memberId: number; token: string; username: string };

/** A live session for a new account of the demo brand: `type` 0 member, 1 agent, 4 trial; money in minor units. */
export async function actor(
  db: Db,
  now: Date,
  opts: { type?: number; uplineId?: number | null; funds?: bigint; site?: 'member' | 'agent' } = {},
): Promise<Actor> {
  const memberId = await createMember(db);
  await sql`update member set type = ${opts.type ?? 0}, upline_id = ${opts.uplineId ?? null},
    payment_password_hash = ${await hashPassword(PAYMENT_PASSWORD, 'test')} where id = ${memberId}`.execute(db);
  if (opts.funds && opts.funds > 0n) await deposit(db, await memberWallet(db, memberId), opts.funds);
  const token = await createSession(db, {
    memberId,
    site: opts.site ?? 'member',
    mustChangePassword: false,
    ip: null,
    userAgent: null,
    now,
    absoluteMs: 3_600_000,
  });
  const { username } = await db.selectFrom('member').select('username').where('id', '=', memberId).executeTakeFirstOrThrow();
  return { memberId, token, username };
}

/** The string with lone surrogates replaced (String#toWellFormed, which this TypeScript target lacks). */
export function wellFormed(s: string): string {
  return s.replace(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g, '\uFFFD');
}

/**
 * Routes left out, each for a reason:
 * - /docs/*: the OpenAPI document and its viewer, read-only and without input;
 * - wildcard routes (`*`): static files (swagger-ui assets, game-art aliases), no input to validate;
 * - /house/*, /lotto/*: the built-in house game and lottery providers are separate services (apps/house,
 *   apps/lottery) with their own APIs and tests, mounted here only so one machine runs everything; they are
 *   not the platform's contract;
 * - /provider/v1/*: the provider wallet API answers in its own PROVIDER_ERRORS shape; provider-fuzz.test.ts;
 * - /sandbox-pay/*: the sandbox payment gateway's own pages, a stand-in for an outside payment site.
 */
export function platformRoutes(app: FastifyInstance): RouteEntry[] {
  return registeredRoutes(app).filter(
    (r) =>
      !r.url.startsWith('/docs') &&
      !r.url.includes('*') &&
      !r.url.startsWith('/house/') &&
      !r.url.startsWith('/lotto/') &&
      !r.url.startsWith(PROVIDER_WALLET_BASE) &&
      !r.url.startsWith('/sandbox-pay/'),
  );
}

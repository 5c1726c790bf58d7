import { randomBytes, randomUUID } from 'node:crypto';
import os from 'node:os';
import path from 'node:path';
import { sealForServer } from '@playfront/contract/encrypted-payload';
import { FUNDS_PATHS, OPS_FUNDS_PATHS } from '@playfront/contract/funds';
import { LIVE_CLOSE_UNAUTHORIZED, LIVE_PATH, LIVE_PROTOCOL, LIVE_TOKEN_PREFIX, type LiveEvent } from '@playfront/contract/live';
import { OPERATOR_KEY_HEADER } from '@playfront/contract/operator';
import { PLAY_PATHS } from '@playfront/contract/play-paths';
import { SESSION_PATHS } from '@playfront/contract/session';
import { SYSTEM_PATHS } from '@playfront/contract/system-paths';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { WebSocket } from 'ws';
import { migrations } from '../../src/db/migrations/index.ts';
import { SANDBOX_SIGNATURE_HEADER, SANDBOX_TIMESTAMP_HEADER, signSandbox } from '../../src/features/funds/sandbox-signature.ts';
import { AUTO_RECEIPT_JOB } from '../../src/features/funds/withdrawal-confirmation.service.ts';
import { DEMO_PASSWORD } from '../../src/seed/demo-accounts.ts';
import { DEMO_MERCHANT_CODE } from '../../src/seed/demo-brand.ts';
import { freePort } from '../free-port.ts';
import {
  dropScratchDatabase,
  outputTail,
  redisAnswers,
  type ServerProcess,
  spawnServer,
  waitFor,
  waitForHealth,
} from '../server-process.ts';

/**
 * Two real server processes (`node --import tsx apps/server/src/main.ts`) on different ports,
 * one PostgreSQL database and one Redis, configured as one deployment (docs/DEPLOYMENT.md),
 * checked over real HTTP and WebSocket as a load balancer's clients would see them:
 * both start at once on an empty database; a session made on one is valid on the other and
 * a logout on one ends it on both; the rate limit is counted once for both; a live message
 * published on one reaches a member connected to the other; the periodic job runs once per
 * period, also when one instance is SIGKILLed in the middle of a run.
 *
 * Needs a real PostgreSQL (TEST_DATABASE_URL, which `npm test` sets when one answers) and
 * Redis (TEST_REDIS_URL, default redis://127.0.0.1:6379); without either it is skipped, loudly.
 */
const pgAdminUrl = process.env.TEST_DATABASE_URL;
const redisUrl = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

const skipReason = !pgAdminUrl
  ? 'it needs a real PostgreSQL and TEST_DATABASE_URL is not set (the real-PostgreSQL part of npm test sets it when one answers)'
  : !(await redisAnswers(redisUrl))
    ? `no Redis answers at ${redisUrl}`
    : undefined;
if (skipReason) console.warn(`!!! SKIPPED: two-instance deployment test: ${skipReason}`);

const PERIOD_MS = 2000;
const RATE_LIMIT = 40;
const OPERATOR_KEY = `two-instances-operator-key-${randomBytes(8).toString('hex')}`;
const SANDBOX_SECRET = `two-instances-sandbox-${randomBytes(8).toString('hex')}`;
/** Client addresses unique to this run (the instances trust X-Forwarded-For, as behind a balancer), so limits counted in the shared Redis by other tests never meet ours. */
const ipBase = `10.${randomBytes(1)[0]}.${randomBytes(1)[0]}`;
const IP = { member: `${ipBase}.1`, operator: `${ipBase}.2`, gateway: `${ipBase}.3`, burst: `${ipBase}.4`, other: `${ipBase}.5` };

type Instance = ServerProcess;

const dbName = `pf_two_${randomBytes(5).toString('hex')}`;
const dbUrl = (database: string) => {
  const url = new URL(pgAdminUrl ?? 'postgres://invalid');
  url.pathname = `/${database}`;
  return url.toString();
};
const instances: Instance[] = [];
/** Tables the demo seed fills, several by check-then-insert. */
const SEEDED_TABLES = [
  'brand',
  'brand_flag',
  'registration_rule',
  'help_article',
  'banner',
  'notice',
  'popup',
  'announcement',
  'member',
  'game_vendor',
  'game',
  'game_menu',
  'winner_board_entry',
  'hot_match',
  'jackpot_config',
  'deposit_channel',
];
let admin: pg.Client;

function start(name: string, port: number): Instance {
  const url = new URL(dbUrl(dbName));
  // Each instance's connections carry its name, so the test can tell whose backend is where in pg_stat_activity.
  url.searchParams.set('application_name', name);
  return spawnServer(name, port, {
    DATABASE_URL: url.toString(),
    REDIS_URL: redisUrl,
    // Its own keys and channels on the shared Redis: another test file may run beside it.
    REDIS_KEY_PREFIX: `${dbName}:`,
    SEED_DEMO: 'true',
    LOG_LEVEL: 'warn',
    DATA_DIR: path.join(os.tmpdir(), `${dbName}-${name}`),
    WEB_DIST: path.join(os.tmpdir(), `${dbName}-no-web`),
    TRUST_PROXY: 'true',
    RATE_LIMIT_PER_MINUTE: String(RATE_LIMIT),
    // Equal on every instance of a deployment (docs/DEPLOYMENT.md).
    OPERATOR_API_KEY: OPERATOR_KEY,
    HOUSE_PROVIDER_SECRET: 'two-instances-house-secret-0123456789abcdef',
    SERVER_KEY_SECRET: 'two-instances-server-key-secret-0123',
    PAYMENT_SANDBOX_SECRET: SANDBOX_SECRET,
    JOB_PERIOD_SECONDS: String(PERIOD_MS / 1000),
    WITHDRAW_AUTO_RECEIPT_MINUTES: '1',
  });
}

type Answer = { status: number; body: { success: boolean; code?: string; message: string; value: unknown } };

async function call(
  on: Instance,
  method: 'GET' | 'POST' | 'DELETE',
  url: string,
  options: { token?: string; ip: string; json?: unknown; headers?: Record<string, string>; raw?: string },
): Promise<Answer> {
  const headers: Record<string, string> = { merchant: DEMO_MERCHANT_CODE, 'x-forwarded-for': options.ip, ...options.headers };
  if (options.token) headers.authorization = options.token;
  let body: string | undefined = options.raw;
  if (options.json !== undefined) {
    headers['content-type'] = 'application/json';
    body = JSON.stringify(options.json);
  }
  const res = await fetch(`${on.origin}${url}`, { method, headers, body, signal: AbortSignal.timeout(10_000) });
  return { status: res.status, body: (await res.json()) as Answer['body'] };
}

/** A sealed ("E") call: the payload sealed with the public key fetched from `keyFrom`, sent to `on`. */
async function sealed(keyFrom: Instance, on: Instance, url: string, payload: unknown, options: { token?: string; ip: string }) {
  const key = await call(keyFrom, 'GET', SESSION_PATHS.publicKey, { ip: options.ip });
  const { publicKey } = key.body.value as { publicKey: string };
  const { header, body } = await sealForServer(publicKey, payload, { path: url });
  return call(on, 'POST', url, { ...options, json: body, headers: { encryption: header } });
}

const ops = (on: Instance, orderNo: string) =>
  call(on, 'POST', OPS_FUNDS_PATHS.approve.replace(':orderNo', orderNo), {
    ip: IP.operator,
    headers: { [OPERATOR_KEY_HEADER]: OPERATOR_KEY },
  });

async function q<T extends pg.QueryResultRow>(text: string, values: unknown[] = []): Promise<T[]> {
  return (await admin.query<T>(text, values)).rows;
}

/** The periods (ms since epoch) the auto-receipt job has run for, in order. */
async function jobPeriods(): Promise<number[]> {
  const rows = await q<{ period: string }>('select period from job_run where job = $1 order by period', [AUTO_RECEIPT_JOB]);
  return rows.map((r) => Date.parse(r.period));
}

/** Each period from the first to the last ran: no gaps (and the primary key allows no repeats). */
function expectEveryPeriod(periods: number[]) {
  const gaps = periods
    .slice(1)
    .flatMap((p, i) => (p - (periods[i] as number) === PERIOD_MS ? [] : [new Date(periods[i] as number).toISOString()]));
  expect(gaps, 'periods followed by a gap').toEqual([]);
}

/**
 * Holds `table` in exclusive mode, runs `meanwhile`, and SIGKILLs the instance found blocked on it in a statement
 * containing `statement` (caught in the middle of its transaction); then releases the table and waits until the
 * dead instance has no backend left. Returns the instance it killed.
 */
async function killInstanceBlockedOn(
  candidates: [Instance, Instance],
  table: string,
  statement: string,
  waitMs: number,
  meanwhile: { before?: () => Promise<void>; after?: () => Promise<void> } = {},
): Promise<Instance> {
  const locker = new pg.Client({ connectionString: dbUrl(dbName) });
  locker.on('error', () => {});
  await locker.connect();
  let victim: Instance;
  try {
    await locker.query('begin');
    await locker.query(`lock table ${table} in exclusive mode`);
    await meanwhile.before?.();
    const blocked = await waitFor(`an instance blocked in the middle of ${statement}`, waitMs, async () => {
      const rows = await q<{ application_name: string }>(
        `select application_name from pg_stat_activity
         where datname = current_database() and pid <> pg_backend_pid() and wait_event_type = 'Lock'
           and application_name like 'pf-two-%' and query like $1
         order by xact_start limit 1`,
        [`%${statement}%`],
      );
      return rows[0];
    });
    victim = blocked.application_name === candidates[0].name ? candidates[0] : candidates[1];
    victim.child.kill('SIGKILL');
    expect(await Promise.race([victim.exited, new Promise((r) => setTimeout(() => r('still running'), 5000))])).toBe('SIGKILL');
    await meanwhile.after?.();
  } finally {
    // Releasing the table lets the dead instance's backend notice its client is gone and roll back.
    await locker.query('rollback').catch(() => {});
    await locker.end();
  }
  const dead = victim;
  await waitFor('the dead instance to have no backend left', 10_000, async () => {
    const rows = await q('select pid from pg_stat_activity where application_name = $1', [dead.name]);
    return rows.length === 0;
  });
  return dead;
}

const killAll = () => {
  for (const i of instances) if (i.child.exitCode === null && i.child.signalCode === null) i.child.kill('SIGKILL');
};

describe.skipIf(skipReason)('two server instances on one PostgreSQL and Redis', () => {
  let a: Instance;
  let b: Instance;
  let token = '';
  const live: LiveEvent[] = [];
  let socket: WebSocket | undefined;

  beforeAll(async () => {
    process.once('exit', killAll);
    const root = new pg.Client({ connectionString: pgAdminUrl });
    await root.connect();
    await root.query(`create database ${dbName}`);
    await root.end();
    admin = new pg.Client({ connectionString: dbUrl(dbName) });
    admin.on('error', () => {});
    await admin.connect();
    // Both at once against the empty database: migrations and the demo seed must not trip over each other.
    const [pa, pb] = await Promise.all([freePort(), freePort()]);
    a = start('pf-two-a', pa);
    b = start('pf-two-b', pb);
    instances.push(a, b);
    for (const i of [a, b]) await waitForHealth(i, 45_000);
  }, 60_000);

  afterAll(async () => {
    socket?.terminate();
    killAll();
    await Promise.race([Promise.all(instances.map((i) => i.exited)), new Promise((r) => setTimeout(r, 5000))]);
    await admin?.end().catch(() => {});
    if (!pgAdminUrl) return;
    await dropScratchDatabase(pgAdminUrl, dbName);
  }, 30_000);

  it('both started at once on an empty database: every migration applied once, the demo seed once', async () => {
    for (const i of [a, b]) {
      const health = await fetch(`${i.origin}${SYSTEM_PATHS.health}`);
      expect(await health.json()).toMatchObject({ status: 'ok', database: 'postgres' });
    }
    const repeated = await q<{ name: string; n: string }>(
      'select name, count(*) as n from kysely_migration group by name having count(*) > 1',
    );
    expect(repeated).toEqual([]);
    expect(Number((await q<{ n: string }>('select count(*) as n from kysely_migration'))[0]?.n)).toBe(Object.keys(migrations).length);
    expect((await q<{ n: string }>('select count(*) as n from brand where merchant_code = $1', [DEMO_MERCHANT_CODE]))[0]?.n).toBe('1');
    // The seed's check-then-insert parts would double rows if both instances seeded at once: every seeded
    // table holds as many rows as in the template global setup seeded from one process.
    const template = inject('dbTemplate');
    const reference = new pg.Client({ connectionString: dbUrl(template) });
    await reference.connect();
    try {
      for (const table of SEEDED_TABLES) {
        const count = `select count(*) as n from ${table}`;
        const [ours] = await q<{ n: string }>(count);
        const [theirs] = (await reference.query<{ n: string }>(count)).rows;
        expect(Number(ours?.n), table).toBe(Number(theirs?.n));
        expect(Number(ours?.n), table).toBeGreaterThan(0);
      }
    } finally {
      await reference.end();
    }
  });

  it('a session made on A is valid on B, its live socket on B gets what A publishes, and a logout on B ends a session on A', async () => {
    // The payload is sealed with the key A published and opened by B: the key pair lives in the shared database.
    const login = await sealed(a, b, SESSION_PATHS.login, { username: 'demomember', password: DEMO_PASSWORD }, { ip: IP.member });
    expect(login.status, JSON.stringify(login.body)).toBe(200);
    token = (login.body.value as { token: string }).token;
    for (const i of [a, b]) {
      const info = await call(i, 'GET', SESSION_PATHS.memberInfo, { token, ip: IP.member });
      expect(info.status, `${i.name}: ${JSON.stringify(info.body)}`).toBe(200);
    }

    socket = new WebSocket(`ws://127.0.0.1:${b.port}${LIVE_PATH}`, [LIVE_PROTOCOL, `${LIVE_TOKEN_PREFIX}${token}`], {
      headers: { 'x-forwarded-for': IP.member },
    });
    const ready = new Promise<void>((resolve, reject) => {
      socket?.once('error', reject);
      socket?.on('message', (raw) => {
        const message = JSON.parse(String(raw)) as LiveEvent | { type: 'ready' };
        if (message.type === 'ready') resolve();
        else live.push(message);
      });
    });
    await Promise.race([ready, new Promise((_, reject) => setTimeout(() => reject(new Error('socket on B not ready in 5 s')), 5000))]);

    // A deposit lands through the gateway's webhook on A; the member's socket is on B.
    const order = await call(b, 'POST', FUNDS_PATHS.depositOrders, {
      token,
      ip: IP.member,
      json: { channelCode: 'BKASH', amount: '1000000' },
    });
    expect(order.status, JSON.stringify(order.body)).toBe(200);
    const orderNo = (order.body.value as { orderNo: string }).orderNo;
    const [payment] = await q<{ id: string }>('select id from sandbox_payment where merchant_order_no = $1', [orderNo]);
    const raw = JSON.stringify({
      eventId: `evt_${randomBytes(12).toString('hex')}`,
      paymentId: payment?.id,
      merchantOrderNo: orderNo,
      status: 'PAID',
      transactionId: `sbxtx_${randomBytes(12).toString('hex')}`,
      amount: '1000000',
      currency: 'BDT',
      reason: null,
    });
    const timestamp = String(Math.floor(Date.now() / 1000));
    const hook = await call(a, 'POST', FUNDS_PATHS.sandboxWebhook, {
      ip: IP.gateway,
      raw,
      headers: {
        'content-type': 'application/json',
        [SANDBOX_TIMESTAMP_HEADER]: timestamp,
        [SANDBOX_SIGNATURE_HEADER]: signSandbox(SANDBOX_SECRET, timestamp, raw),
      },
    });
    expect(hook.status, JSON.stringify(hook.body)).toBe(200);
    // Other tests may publish on the same Redis: our events are told apart by order number.
    await waitFor('DEPOSIT_ARRIVAL on the socket at B', 5000, async () =>
      live.find((e) => e.type === 'DEPOSIT_ARRIVAL' && e.orderNo === orderNo),
    );
    expect(live.find((e) => e.type === 'DEPOSIT_ARRIVAL' && e.orderNo === orderNo)).toMatchObject({ amount: '1000000', currency: 'BDT' });
    await waitFor('BALANCE_CHANGED to 10,000.00 on the socket at B', 5000, async () =>
      live.find((e) => e.type === 'BALANCE_CHANGED' && e.balance === '1000000'),
    );

    // Withdrawals asked on B, approved by the operator on A: the approvals reach the socket on B.
    const pin = await sealed(
      b,
      a,
      FUNDS_PATHS.paymentPassword,
      { newPaymentPassword: '246810', password: DEMO_PASSWORD },
      { token, ip: IP.member },
    );
    expect(pin.status, JSON.stringify(pin.body)).toBe(200);
    const withdrawals: string[] = [];
    for (let n = 0; n < 3; n++) {
      const w = await sealed(
        a,
        n % 2 ? a : b,
        FUNDS_PATHS.withdrawals,
        {
          requestId: randomUUID(),
          amount: '60000',
          method: 'BKASH',
          accountName: 'Rahim Uddin',
          accountNumber: '01712345678',
          paymentPassword: '246810',
        },
        { token, ip: IP.member },
      );
      expect(w.status, JSON.stringify(w.body)).toBe(200);
      withdrawals.push((w.body.value as { orderNo: string }).orderNo);
    }
    for (const orderNo of withdrawals) expect((await ops(a, orderNo)).status).toBe(200);
    await waitFor('three WITHDRAW_APPROVED on the socket at B', 5000, async () =>
      withdrawals.every((no) => live.some((e) => e.type === 'WITHDRAW_APPROVED' && e.orderNo === no)),
    );

    // A second session, made on A and ended on B, is refused by A at once; the first lives on. Its live
    // socket on A is closed at once too, and the game it launched on A can no longer be opened.
    const second = await sealed(b, a, SESSION_PATHS.login, { username: 'demomember', password: DEMO_PASSWORD }, { ip: IP.member });
    const secondToken = (second.body.value as { token: string }).token;
    expect((await call(a, 'GET', SESSION_PATHS.memberInfo, { token: secondToken, ip: IP.member })).status).toBe(200);
    const secondSocket = new WebSocket(`ws://127.0.0.1:${a.port}${LIVE_PATH}`, [LIVE_PROTOCOL, `${LIVE_TOKEN_PREFIX}${secondToken}`], {
      headers: { 'x-forwarded-for': IP.member },
    });
    const secondClosed = new Promise<number>((resolve) => secondSocket.on('close', (code) => resolve(code)));
    await new Promise<void>((resolve, reject) => {
      secondSocket.once('error', reject);
      secondSocket.on('message', (raw) => (JSON.parse(String(raw)) as { type: string }).type === 'ready' && resolve());
    });
    const [slot] = await q<{ node_id: string }>(
      `select node_id from game where vendor_code = 'PG' and active order by node_id limit 1`,
      [],
    );
    const launched = await call(a, 'POST', PLAY_PATHS.launchGame, { token: secondToken, ip: IP.member, json: { nodeId: slot?.node_id } });
    expect(launched.status, JSON.stringify(launched.body)).toBe(200);
    const gameUrl = (launched.body.value as { url: string }).url;
    expect(gameUrl).toMatch(/[?&]token=/);

    expect((await call(b, 'DELETE', SESSION_PATHS.logout, { token: secondToken, ip: IP.member })).status).toBe(200);
    const afterLogout = await call(a, 'GET', SESSION_PATHS.memberInfo, { token: secondToken, ip: IP.member });
    expect(afterLogout.status).toBe(401);
    expect(afterLogout.body.success).toBe(false);
    expect((await call(a, 'GET', SESSION_PATHS.memberInfo, { token, ip: IP.member })).status).toBe(200);
    expect(await Promise.race([secondClosed, new Promise((r) => setTimeout(() => r('still open after 5 s'), 5000))])).toBe(
      LIVE_CLOSE_UNAUTHORIZED,
    );
    expect(socket?.readyState).toBe(WebSocket.OPEN);
    const game = await fetch(new URL(gameUrl, a.origin), {
      headers: { 'x-forwarded-for': IP.member },
      signal: AbortSignal.timeout(10_000),
    });
    expect(game.status).toBe(401);
  });

  it('the rate limit is counted once for both: half the budget on A, half on B, then both refuse', async () => {
    const hits: number[] = [];
    for (let n = 0; n < RATE_LIMIT; n++) hits.push((await call(n % 2 ? b : a, 'GET', SESSION_PATHS.publicKey, { ip: IP.burst })).status);
    expect(hits.filter((s) => s === 200)).toHaveLength(RATE_LIMIT);
    for (const i of [a, b]) {
      const refused = await call(i, 'GET', SESSION_PATHS.publicKey, { ip: IP.burst });
      expect(refused.status, i.name).toBe(429);
      expect(refused.body).toMatchObject({ success: false, code: 'TOO_MANY_REQUESTS', message: 'errors.tooManyRequests' });
    }
    // Per client, not for everyone: another address still gets through on both.
    for (const i of [a, b]) expect((await call(i, 'GET', SESSION_PATHS.publicKey, { ip: IP.other })).status, i.name).toBe(200);
  });

  it('the money outbox applies every event once when the instance applying a batch is SIGKILLed mid-batch', async () => {
    // Money moves straight through ledger_post: the demo member's wallet against a clearing account.
    const [wallet] = await q<{ id: string }>(
      `select a.id from ledger_account a join member m on m.id = a.member_id
       where m.username = 'demomember' and a.kind = 'MEMBER_WALLET'`,
    );
    const [clearing] = await q<{ id: string }>(`select id from ledger_account where kind = 'PAYMENT_CLEARING' limit 1`);
    const post = (n: number) =>
      q(`select ledger_post('outbox-sigkill', $1, $1, $2::jsonb, false)`, [
        `k-${n}-${randomUUID()}`,
        JSON.stringify([{ from: clearing?.id, to: wallet?.id, amount: String(100 + n), kind: 'DEPOSIT', reference: {} }]),
      ]);
    const sums = async () => {
      const [events] = await q<{ total: string; moves: string }>(
        'select coalesce(sum(amount), 0) as total, count(*) as moves from money_event',
      );
      const [hourly] = await q<{ total: string; moves: string }>(
        'select coalesce(sum(total), 0) as total, coalesce(sum(moves), 0) as moves from member_money_hourly',
      );
      return { events, hourly };
    };

    // The rollup table held: the next batch is read and applied up to its insert, then waits there.
    const dead = await killInstanceBlockedOn([a, b], 'member_money_hourly', 'insert into member_money_hourly', 10_000, {
      before: async () => {
        for (let n = 0; n < 20; n++) await post(n);
      },
      // More money moves while the batch's fate is open.
      after: async () => {
        for (let n = 20; n < 40; n++) await post(n);
      },
    });
    // The survivor takes the batch over (the dead one's transaction rolled back): every event once.
    await waitFor('the survivor to apply every money event', 10_000, async () => {
      const { events, hourly } = await sums();
      return events?.moves === hourly?.moves;
    });
    const { events, hourly } = await sums();
    expect(hourly).toEqual(events);

    // The killed instance comes back, so the tests that follow have two again.
    const again = start(dead.name, dead.port);
    instances.push(again);
    await waitForHealth(again, 45_000);
    if (dead === a) a = again;
    else b = again;
  });

  it('the auto-receipt job runs once per period with both running, and once when the instance running it is SIGKILLed mid-run', async () => {
    // Both running: every period since start has exactly one run (the primary key refuses a second claim).
    await waitFor('three periods of the auto-receipt job', 4 * PERIOD_MS + 5000, async () => (await jobPeriods()).length >= 3);
    expectEveryPeriod(await jobPeriods());
    expect((await q<{ n: string }>('select count(*) as n from withdrawal_confirmation'))[0]?.n).toBe('0');

    // The confirmations table held: the next run claims its period and then waits in the middle of its work.
    const victim = await killInstanceBlockedOn(
      [a, b],
      'withdrawal_confirmation',
      'insert into withdrawal_confirmation',
      3 * PERIOD_MS + 5000,
      {
        before: async () => {
          // The member did not answer for ten minutes: the three approved withdrawals are due.
          const due = await q(
            'update withdrawal_order set decided_at = now() - interval $$10 minutes$$ where status = $$APPROVED$$ returning id',
          );
          expect(due).toHaveLength(3);
        },
      },
    );
    const killedAt = Date.now();
    const survivor = victim === a ? b : a;

    await waitFor('the survivor to count the three withdrawals as received', 4 * PERIOD_MS + 5000, async () => {
      const rows = await q('select withdrawal_id from withdrawal_confirmation');
      return rows.length === 3;
    });
    await waitFor('two more periods run by the survivor alone', 4 * PERIOD_MS + 5000, async () => {
      const periods = await jobPeriods();
      return periods.filter((p) => p > killedAt).length >= 2;
    });

    // Once: each due withdrawal has one forced receipt, and the runs' counts add up to three, not more.
    const confirmations = await q<{ order_no: string; outcome: string; forced: boolean }>(
      `select o.order_no, c.outcome, c.forced from withdrawal_confirmation c join withdrawal_order o on o.id = c.withdrawal_id order by o.order_no`,
    );
    expect(confirmations).toHaveLength(3);
    for (const c of confirmations) expect(c).toMatchObject({ outcome: 'RECEIVED', forced: true });
    const [sum] = await q<{ affected: string }>('select coalesce(sum(affected), 0) as affected from job_run where job = $1', [
      AUTO_RECEIPT_JOB,
    ]);
    expect(Number(sum?.affected)).toBe(3);
    // Every claimed period finished its run (a claim whose run died would have no count): none was left half done.
    expect(await q('select period from job_run where job = $1 and affected is null', [AUTO_RECEIPT_JOB])).toEqual([]);
    // No period was lost to the kill: the one the victim had claimed was claimed again by the survivor.
    expectEveryPeriod(await jobPeriods());
    const periods = await jobPeriods();
    console.log(
      `[two instances] ${victim.name} SIGKILLed while its run waited mid-work; ${survivor.name} ran ${periods.filter((p) => p > killedAt).length} periods since; ` +
        `job_run: ${periods.length} periods ${new Date(periods[0] as number).toISOString()} … ${new Date(periods.at(-1) as number).toISOString()}, no gap, 3 receipts`,
    );
    // The survivor serves on, the member's session included.
    expect((await call(survivor, 'GET', SESSION_PATHS.memberInfo, { token, ip: IP.member })).status).toBe(200);
  }, 60_000);

  it('the last instance stops gracefully on SIGTERM: it exits 0, the member socket is closed, its database connections are closed', async () => {
    const running = instances.filter((i) => i.child.exitCode === null && i.child.signalCode === null);
    expect(running).toHaveLength(1);
    const [last] = running as [Instance];
    last.child.kill('SIGTERM');
    expect(await Promise.race([last.exited, new Promise((r) => setTimeout(() => r('still running'), 12_000))]), outputTail(last)).toBe(0);
    await waitFor('the member socket to be closed', 5000, async () => socket?.readyState === WebSocket.CLOSED);
    // Its pool was closed, not dropped: no backend of either instance is left.
    await waitFor('no backend of the instances left', 5000, async () => {
      const rows = await q(`select pid from pg_stat_activity where application_name like 'pf-two-%'`);
      return rows.length === 0;
    });
  }, 30_000);
});

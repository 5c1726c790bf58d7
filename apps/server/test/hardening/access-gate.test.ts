import { FUNDS_PATHS } from '@playfront/contract/funds';
import { OPERATOR_KEY_HEADER, OPS_PATHS } from '@playfront/contract/operator';
import { PROVIDER_WALLET_BASE } from '@playfront/contract/provider-wallet';
import { SESSION_PATHS } from '@playfront/contract/session';
import { SYSTEM_PATHS } from '@playfront/contract/system-paths';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loggedInMember, walletBalance } from '../../src/features/funds/funds.fixtures.ts';
import { deposit, memberWallet } from '../../src/features/ledger/ledger.fixtures.ts';
import { GATED_PREFIXES, OPEN_PREFIXES } from '../../src/features/system/access-gate.ts';
import { BASE_HEADERS, makeApp, makeClock, OPERATOR_KEY, type TestApp } from '../accounts-helpers.ts';
import { createTestDatabase, type TestDatabase, testDbKind } from '../test-db.ts';
import { registeredRoutes } from './hardening-helpers.ts';

/**
 * Maintenance and region restriction block everyone (issue 21 item 3, spec section 4): registration, login, free
 * play, SMS, deposits, withdrawals, transfers and play are refused, not only launches; the status, the payment
 * webhook and the provider API's wins and rollbacks stay open.
 */
let database: TestDatabase;
let t: TestApp;
let token: string;
let memberId: number;
const BLOCKED_IP = '192.0.2.9';
const OPS = { [OPERATOR_KEY_HEADER]: OPERATOR_KEY, 'content-type': 'application/json' };

beforeAll(async () => {
  database = await createTestDatabase();
  t = await makeApp(database, { ARGON2_PROFILE: 'test' }, makeClock(new Date()));
  ({ token, memberId } = await loggedInMember(database.db, t.clock.now));
  await deposit(database.db, await memberWallet(database.db, memberId), 500_000n);
}, 60_000);

afterAll(async () => {
  await t?.app.close();
  await database?.close();
});

const maintenance = (on: boolean) =>
  t.app.inject({ method: 'PUT', url: OPS_PATHS.maintenance, headers: OPS, payload: { maintenance: on } });

/** The account and money calls a blocked visitor or a maintenance window must not reach. */
const ACCOUNT_AND_MONEY_CALLS: [string, string][] = [
  ['POST', '/wps/member/register'],
  ['POST', '/wps/member/register/mobile'],
  ['POST', SESSION_PATHS.login],
  ['POST', '/wps/session/login/freeplay'],
  ['POST', '/wps/session/login/social'],
  ['POST', '/wps/verification/sms/noLogin'],
  ['POST', '/wps/verification/sms/register'],
  ['POST', FUNDS_PATHS.depositOrders],
  ['POST', FUNDS_PATHS.withdrawals],
  ['POST', FUNDS_PATHS.walletTransfer],
  ['POST', FUNDS_PATHS.transferUpline],
  ['POST', FUNDS_PATHS.paymentPassword],
  ['GET', '/wps/v2/wallets/balance'],
  ['POST', '/wps/game/launchGame'],
  ['POST', '/wps/game/launchDemo'],
  ['GET', '/house/play?vendor=PG&game=x&mode=demo'],
  ['POST', '/house/api/round'],
];

const call = (method: string, url: string, ip = '127.0.0.1') =>
  t.app.inject({
    method: method as 'GET',
    url,
    headers: { ...BASE_HEADERS, authorization: token, 'content-type': 'application/json' },
    remoteAddress: ip,
    ...(method === 'GET' ? {} : { payload: '{}' }),
  });

describe(`maintenance and region gate (${testDbKind})`, () => {
  it('refuses every account and money call during maintenance, and lets status, webhooks and provider wins through', async () => {
    expect((await maintenance(true)).statusCode).toBe(200);
    for (const [method, url] of ACCOUNT_AND_MONEY_CALLS) {
      const res = await call(method, url);
      expect([url, res.statusCode, res.json().code]).toEqual([url, 503, 'MAINTENANCE']);
    }
    const status = await call('GET', SYSTEM_PATHS.status);
    expect(status.json().value.status).toBe(1);
    // Open: the webhook and the provider API are judged on their own terms (here: unsigned, undated), not by the gate.
    expect((await call('POST', FUNDS_PATHS.sandboxWebhook)).json().code).toBe('WEBHOOK_SIGNATURE_INVALID');
    expect((await call('POST', `${PROVIDER_WALLET_BASE}/PG/win`)).json().status).toBe('STALE_TIMESTAMP');
    expect((await call('POST', `${PROVIDER_WALLET_BASE}/PG/rollback`)).json().status).toBe('STALE_TIMESTAMP');
    expect((await call('POST', SESSION_PATHS.logout)).json().code).not.toBe('MAINTENANCE');
    expect(await walletBalance(database.db, memberId)).toBe(500_000n);
    expect((await maintenance(false)).statusCode).toBe(200);
    // Off again: at once on this instance.
    expect((await call('GET', '/wps/v2/wallets/balance')).statusCode).toBe(200);
  });

  it('refuses the same calls from a restricted network, and only from it', async () => {
    const added = await t.app.inject({
      method: 'POST',
      url: OPS_PATHS.regionRules,
      headers: OPS,
      payload: { cidr: '192.0.2.0/24', label: 'test' },
    });
    expect(added.statusCode).toBe(201);
    for (const [method, url] of ACCOUNT_AND_MONEY_CALLS) {
      const res = await call(method, url, BLOCKED_IP);
      expect([url, res.statusCode, res.json().code]).toEqual([url, 451, 'ACCESS_RESTRICTED']);
    }
    expect((await call('GET', SYSTEM_PATHS.status, BLOCKED_IP)).json().value.status).toBe(2);
    expect((await call('GET', '/wps/v2/wallets/balance', '100.64.1.7')).statusCode).toBe(200);
    expect((await call('GET', '/wps/v2/wallets/balance', `::ffff:${BLOCKED_IP}`)).json().code).toBe('ACCESS_RESTRICTED');
    const removed = await t.app.inject({
      method: 'DELETE',
      url: OPS_PATHS.regionRule.replace(':id', String(added.json().value.id)),
      headers: { [OPERATOR_KEY_HEADER]: OPERATOR_KEY },
    });
    expect(removed.statusCode).toBe(200);
    expect((await call('GET', '/wps/v2/wallets/balance', BLOCKED_IP)).statusCode).toBe(200);
  });

  it('gates every registered /wps and /house route but the open ones, each open one with its reason', async () => {
    expect((await maintenance(true)).statusCode).toBe(200);
    const routes = registeredRoutes(t.app).filter((r) => GATED_PREFIXES.some((p) => r.url.startsWith(p)));
    expect(routes.length).toBeGreaterThan(50);
    const wrong: string[] = [];
    for (const r of routes) {
      const url = r.url.replace(/:[A-Za-z]+/g, 'x1').replace('*', 'x1');
      const open = OPEN_PREFIXES.find((o) => url.startsWith(o.prefix));
      const res = await call(r.method, url);
      const refused = res.statusCode === 503 && res.body.includes('"MAINTENANCE"');
      if (open ? refused : !refused) wrong.push(`${r.method} ${r.url}: ${res.statusCode} (${open ? 'open' : 'gated'})`);
    }
    expect(wrong).toEqual([]);
    for (const o of OPEN_PREFIXES) expect(o.why.length).toBeGreaterThan(10);
    expect((await maintenance(false)).statusCode).toBe(200);
  });
});

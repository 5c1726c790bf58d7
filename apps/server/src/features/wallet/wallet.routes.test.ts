import { WALLET_PATHS, WalletBalanceResponseSchema } from '@playfront/contract/wallet';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../../test/test-db.ts';
import { buildApp } from '../../app.ts';
import { loadConfig } from '../../config.ts';
import { createMember, deposit, memberWallet } from '../ledger/ledger.fixtures.ts';
import { findAccount } from '../ledger/ledger.service.ts';
import { createSession } from '../session/session.repository.ts';

let database: TestDatabase;
let app: FastifyInstance;

beforeEach(async () => {
  database = await createTestDatabase();
  const config = loadConfig({ ...process.env, LOG_LEVEL: 'silent' } as NodeJS.ProcessEnv);
  app = await buildApp({ config, db: database.db, dbKind: database.kind });
});

afterEach(async () => {
  await app.close();
  await database.close();
});

async function loggedIn(type = 0): Promise<{ memberId: number; token: string }> {
  const memberId = await createMember(database.db);
  await sql`update member set type = ${type} where id = ${memberId}`.execute(database.db);
  const token = await createSession(database.db, {
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

const balanceOf = (token?: string) =>
  app.inject({ method: 'GET', url: WALLET_PATHS.balance, headers: token ? { authorization: token } : {} });

describe(`GET ${WALLET_PATHS.balance}`, () => {
  it('needs a login', async () => {
    const res = await balanceOf();
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({ success: false, code: 'NOT_LOGGED_IN' });
  });

  it('answers 0 in the brand currency for a member who never had money, without creating a wallet', async () => {
    const { memberId, token } = await loggedIn();
    const res = await balanceOf(token);
    expect(res.statusCode).toBe(200);
    const body = WalletBalanceResponseSchema.parse(res.json());
    expect(body.value).toEqual({ balance: '0', currency: 'BDT', currencySymbol: '৳' });
    expect(res.headers['cache-control']).toBe('no-store');
    expect(await findAccount(database.db, { kind: 'MEMBER_WALLET', memberId, currency: 'BDT' })).toBeUndefined();
  });

  it('shows the ledger balance in minor units as a string, for members and trial accounts alike', async () => {
    const member = await loggedIn();
    const trial = await loggedIn(4);
    await deposit(database.db, await memberWallet(database.db, member.memberId), 1_234_567_890_123n);
    await deposit(database.db, await memberWallet(database.db, trial.memberId), 500_000n);
    expect((await balanceOf(member.token)).json().value.balance).toBe('1234567890123');
    expect((await balanceOf(trial.token)).json().value.balance).toBe('500000');
  });
});

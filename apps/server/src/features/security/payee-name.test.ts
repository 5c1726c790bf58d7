import { randomUUID } from 'node:crypto';
import { FUNDS_PATHS } from '@playfront/contract/funds-paths';
import { samePayeeName } from '@playfront/contract/security-paths';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { makeApp, sealed, type TestApp } from '../../../test/accounts-helpers.ts';
import { actor, PAYMENT_PASSWORD } from '../../../test/hardening/hardening-helpers.ts';
import { createTestDatabase, type TestDatabase, testDbKind } from '../../../test/test-db.ts';

let database: TestDatabase;
let t: TestApp;
let token: string;
let memberId: number;
beforeEach(async () => {
  database = await createTestDatabase();
  t = await makeApp(database, { ARGON2_PROFILE: 'test' });
  ({ token, memberId } = await actor(database.db, t.clock.now, { funds: 1_000_000n }));
});
afterEach(async () => {
  await t.app.close();
  await database.close();
});

const withdraw = (accountName: string) =>
  sealed(
    t,
    'POST',
    FUNDS_PATHS.withdrawals,
    {
      requestId: randomUUID(),
      amount: '60000',
      method: 'NAGAD',
      accountName,
      accountNumber: '01812345678',
      paymentPassword: PAYMENT_PASSWORD,
    },
    { token },
  );
const orders = () => database.db.selectFrom('withdrawal_order').select('account_name').where('member_id', '=', memberId).execute();

describe(`withdrawals go to the payee name (${testDbKind})`, () => {
  it('refuses an account name other than the payee name, holds nothing, and takes the same name in any case or spacing', async () => {
    await database.db.updateTable('member').set({ full_name: 'Rahim Uddin' }).where('id', '=', memberId).execute();
    const other = await withdraw('Karim Uddin');
    expect(other.statusCode).toBe(400);
    expect(other.json()).toMatchObject({
      code: 'PAYEE_NAME_MISMATCH',
      message: 'errors.payeeNameMismatch',
      fields: { accountName: { key: 'errors.payeeNameMismatch' } },
    });
    expect(await orders()).toHaveLength(0);
    const same = await withdraw('  RAHIM   uddin ');
    expect(same.statusCode, same.body).toBe(200);
    expect(await orders()).toHaveLength(1);
  });

  it('compares names by letters, not by case, spacing or composition', () => {
    expect(samePayeeName('Rahim Uddin', 'rahim  uddin')).toBe(true);
    expect(samePayeeName('José', 'Jose\u0301')).toBe(true);
    expect(samePayeeName('Rahim Uddin', 'Rahim Udin')).toBe(false);
  });
});

import { CONSOLE_PATHS } from '@playfront/contract/console';
import { CONSOLE_LOYALTY_PATHS } from '@playfront/contract/console-loyalty';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeApp, makeClock, type TestApp } from '../../../test/accounts-helpers.ts';
import { createTestDatabase, type TestDatabase, testDbKind } from '../../../test/test-db.ts';
import { SANDBOX_SECRET } from '../funds/funds.fixtures.ts';
import { auditRows, consoleCall, type SignedInStaff, signedInStaff } from './console.fixtures.ts';

/** Creating deposit channels and points-mall items from the console (decision 059). */
let database: TestDatabase;
let t: TestApp;
let owner: SignedInStaff;
let finance: SignedInStaff;

beforeAll(async () => {
  database = await createTestDatabase();
  t = await makeApp(
    database,
    { ARGON2_PROFILE: 'test', RATE_LIMIT_PER_MINUTE: '100000000', PAYMENT_SANDBOX_SECRET: SANDBOX_SECRET },
    makeClock(new Date('2026-12-01T08:00:00Z')),
  );
  owner = await signedInStaff(t, 'owner');
  t.clock.advance(30_000);
  finance = await signedInStaff(t, 'finance');
}, 60_000);

afterAll(async () => {
  await t?.app.close();
  await database?.close();
});

const channelCount = async () => (await database.db.selectFrom('deposit_channel').select('id').execute()).length;
const rewardCount = async () => (await database.db.selectFrom('points_reward').select('id').execute()).length;

describe(`console creates (${testDbKind})`, () => {
  it('a deposit channel: owner creates it (one audit row, members may use it); a refused role or bad input changes nothing', async () => {
    const settings = (await consoleCall(t, 'GET', CONSOLE_PATHS.brandSettings, owner.token)).json().value;
    expect(settings.gateways).toEqual(['sandbox']);
    const good = {
      code: 'upay',
      gateway: 'sandbox',
      name: 'Upay',
      nameBn: 'উপায়',
      minAmount: '20000',
      maxAmount: '2500000',
      sort: 5,
      active: true,
    };
    const before = await channelCount();

    expect((await consoleCall(t, 'POST', CONSOLE_PATHS.brandChannels, finance.token, good)).json().code).toBe('STAFF_PERMISSION_DENIED');
    for (const bad of [
      { ...good, minAmount: '3000000' }, // min above max
      { ...good, minAmount: '0' }, // not positive
      { ...good, maxAmount: '-5' },
      { ...good, nameBn: '  ' }, // a name in each language
      { ...good, code: 'up pay' },
      { ...good, gateway: 'paypal' }, // not a gateway of this server
    ]) {
      const res = await consoleCall(t, 'POST', CONSOLE_PATHS.brandChannels, owner.token, bad);
      expect(res.statusCode, JSON.stringify(bad)).toBe(400);
      expect(res.json().code).toBe('VALIDATION');
    }
    expect(await channelCount()).toBe(before);
    expect(await auditRows(database.db, 'brand.channel_create')).toHaveLength(0);

    const made = await consoleCall(t, 'POST', CONSOLE_PATHS.brandChannels, owner.token, good);
    expect(made.statusCode, made.body).toBe(201);
    const channel = made.json().value.channels.find((c: { code: string }) => c.code === 'UPAY');
    expect(channel).toMatchObject({
      gateway: 'sandbox',
      name: 'Upay',
      nameBn: 'উপায়',
      minAmount: '20000',
      maxAmount: '2500000',
      active: true,
    });
    const audit = await auditRows(database.db, 'brand.channel_create');
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ target_type: 'deposit_channel', target_id: channel.id, staff_id: Number(owner.id) });

    // The same code again: refused, still one channel and one audit row.
    const again = await consoleCall(t, 'POST', CONSOLE_PATHS.brandChannels, owner.token, { ...good, code: 'UPAY', name: 'Other' });
    expect(again.json().code).toBe('CODE_TAKEN');
    expect(await channelCount()).toBe(before + 1);
    expect(await auditRows(database.db, 'brand.channel_create')).toHaveLength(1);
  });

  it('a points-mall item: owner creates it (one audit row); a refused role or bad input changes nothing', async () => {
    const good = {
      code: 'cash-500',
      kind: 'CASH',
      name: { en: 'Cash ৳500', bn: 'নগদ ৳৫০০' },
      description: { en: 'Credited to the main wallet.', bn: 'মূল ওয়ালেটে জমা হয়।' },
      picture: 'cash-500',
      price: '5000',
      stock: 100,
      perMemberLimit: 2,
      cashAmount: '50000',
      voucherSpins: null,
      minVipLevel: 0,
      needsVerifiedMobile: true,
      active: true,
      sort: 3,
    };
    const before = await rewardCount();
    const path = CONSOLE_LOYALTY_PATHS.pointsRewards;
    expect((await consoleCall(t, 'POST', path, finance.token, good)).json().code).toBe('STAFF_PERMISSION_DENIED');
    for (const bad of [
      { ...good, price: '0' },
      { ...good, price: '-10' },
      { ...good, cashAmount: null }, // a CASH item pays cash
      { ...good, kind: 'VOUCHER', voucherSpins: null },
      { ...good, name: { en: 'Cash', bn: '' } },
      { ...good, picture: 'rocket' }, // no such drawing
      { ...good, stock: -1 },
    ]) {
      const res = await consoleCall(t, 'POST', path, owner.token, bad);
      expect(res.statusCode, JSON.stringify(bad)).toBe(400);
    }
    expect(await rewardCount()).toBe(before);
    expect(await auditRows(database.db, 'points.reward_create')).toHaveLength(0);

    const made = await consoleCall(t, 'POST', path, owner.token, good);
    expect(made.statusCode, made.body).toBe(201);
    expect(made.json().value).toMatchObject({ code: 'cash-500', kind: 'CASH', price: '5000', stock: 100, redeemed: 0, active: true });
    const audit = await auditRows(database.db, 'points.reward_create');
    expect(audit).toHaveLength(1);
    expect(audit[0]?.target_id).toBe(String(made.json().value.id));
    const listed = (await consoleCall(t, 'GET', path, owner.token)).json().value.list;
    expect(listed.some((r: { code: string }) => r.code === 'cash-500')).toBe(true);
    expect((await consoleCall(t, 'POST', path, owner.token, good)).json().code).toBe('CODE_TAKEN');
    expect(await rewardCount()).toBe(before + 1);
  });
});

import { WalletClient } from '@playfront/contract/provider-wallet-client';
import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../../server/test/test-db.ts';
import { SqlHouseStore } from '../store/sql-house-store.ts';
import { executorOver } from '../testing/platform.ts';
import { addressKey, DEMO_SESSIONS_PER_ADDRESS, MAX_DEMO_SESSIONS } from './demo-sessions.ts';
import { DEMO_BALANCE, HouseService, type HouseSession } from './house-service.ts';

/**
 * Demo sessions live in the process, bounded per client address and in all; real sessions live in the
 * database and are never counted against either bound (a flood of anonymous page loads evicted every
 * real player's open game when both shared one LRU).
 */
let database: TestDatabase;
let service: HouseService;
beforeAll(async () => {
  database = await createTestDatabase();
  const wallet = new WalletClient({
    walletBaseUrl: 'http://127.0.0.1:9/provider/v1',
    secretForVendor: () => 'unused-secret',
    fetch: () => Promise.reject(new Error('no wallet call is expected in these tests')),
  });
  service = new HouseService({
    wallet,
    store: new SqlHouseStore(executorOver(database.db as unknown as Kysely<unknown>)),
    reconcileEveryMs: 3_600_000,
  });
});
afterAll(async () => {
  await service?.close();
  await database?.close();
});

const demo = (): Omit<HouseSession, 'id' | 'lastUsed'> => ({
  mode: 'demo',
  vendor: 'SBO',
  gameCode: 'any',
  game: 'slot',
  token: null,
  playerKey: `demo:${crypto.randomUUID()}`,
  displayName: '',
  currency: 'BDT',
  balance: DEMO_BALANCE,
});

describe('demo sessions', () => {
  it('counts IPv4 addresses one by one and IPv6 ones by their /64', () => {
    expect(addressKey('203.0.113.9')).toBe('203.0.113.9');
    expect(addressKey('::ffff:203.0.113.9')).toBe('203.0.113.9');
    expect(addressKey('2001:db8:1:2:aaaa::1')).toBe('2001:db8:1:2::/64');
    expect(addressKey('2001:db8:1:2:ffff:ffff:ffff:ffff')).toBe('2001:db8:1:2::/64');
    expect(addressKey('2001:db8::5')).toBe('2001:db8:0:0::/64');
    expect(addressKey('::1')).toBe('0:0:0:0::/64');
  });

  it('50,000 demo opens from many addresses never evict a real session, and each address keeps at most its cap', async () => {
    const real = await service.openSession({
      mode: 'real',
      vendor: 'PG',
      gameCode: 'slot-1',
      game: 'slot',
      token: 'launch-token-for-the-flood-test',
      playerKey: 'PG:flood',
      displayName: 'Real player',
      currency: 'BDT',
      balance: 123_456n,
    });
    const firstOfVictim = await service.openSession(demo(), '198.51.100.1');
    // A player who keeps playing their demo through the flood keeps it.
    const busyDemo = await service.openSession(demo(), '198.51.100.2');

    for (let i = 0; i < 50_000; i++) {
      // 6,250 addresses opening 8 each in a row, and the first victim's address every hundredth time.
      const j = i >> 3;
      const address = i % 100 === 0 ? '198.51.100.1' : `10.${(j >> 16) & 255}.${(j >> 8) & 255}.${j & 255}`;
      await service.openSession(demo(), address);
      if (i % 1000 === 0) expect(await service.session(busyDemo.id)).toBeDefined();
    }

    expect(await service.session(real.id)).toMatchObject({ id: real.id, mode: 'real', balance: 123_456n, playerKey: 'PG:flood' });
    expect(service.demoSessionCount()).toBeLessThanOrEqual(MAX_DEMO_SESSIONS);
    expect(service.demoSessionCount('198.51.100.1')).toBe(DEMO_SESSIONS_PER_ADDRESS);
    expect(await service.session(firstOfVictim.id)).toBeUndefined();
    expect(await service.session(busyDemo.id)).toBeDefined();
  });

  it('a ninth demo from one address evicts that address only, and its oldest first', async () => {
    const mine = [];
    for (let i = 0; i < DEMO_SESSIONS_PER_ADDRESS; i++) mine.push(await service.openSession(demo(), '192.0.2.50'));
    const neighbour = await service.openSession(demo(), '192.0.2.51');
    // The oldest is still in use, yet the cap is about how many an address holds: the oldest opened goes.
    expect(await service.session(mine[0]!.id)).toBeDefined();
    const ninth = await service.openSession(demo(), '192.0.2.50');
    expect(await service.session(mine[0]!.id)).toBeUndefined();
    for (const kept of [...mine.slice(1), ninth, neighbour]) expect(await service.session(kept.id)).toBeDefined();
    expect(service.demoSessionCount('192.0.2.50')).toBe(DEMO_SESSIONS_PER_ADDRESS);
  });
});

import { FOOTER_VENDORS } from '@playfront/contract';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../../test/test-db.ts';
import { seedDemoBrand } from '../../seed/demo-brand.ts';
import { buildDemoCatalogue, DEMO_GAME_TOTAL, DEMO_VENDORS, seedDemoCatalogue } from '../../seed/demo-catalogue.ts';
import { seedDemo } from '../../seed/seed-demo.ts';

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.close());

describe('demo catalogue', () => {
  it('is built without Math.random, identically every time', () => {
    const random = vi.spyOn(Math, 'random');
    try {
      const a = buildDemoCatalogue();
      const b = buildDemoCatalogue();
      expect(random).not.toHaveBeenCalled();
      expect(a.games).toEqual(b.games);
      expect(a.games).toHaveLength(DEMO_GAME_TOTAL);
    } finally {
      random.mockRestore();
    }
  });

  it('is what the seeded database holds: 10,000 games, same ids and names', async () => {
    const rows = await database.db
      .selectFrom('game')
      .select(['node_id', 'vendor_code', 'game_code', 'name_en', 'name_bn'])
      .orderBy('node_id')
      .execute();
    const built = buildDemoCatalogue().games.map((g) => ({
      node_id: g.node_id,
      vendor_code: g.vendor_code,
      game_code: g.game_code,
      name_en: g.name_en,
      name_bn: g.name_bn,
    }));
    expect(rows).toEqual(built.sort((x, y) => (x.node_id < y.node_id ? -1 : 1)));
  });

  it('covers the footer vendors and every category the lobby shows', () => {
    const { games } = buildDemoCatalogue();
    const perVendor = new Map<string, number>();
    for (const g of games) perVendor.set(g.vendor_code, (perVendor.get(g.vendor_code) ?? 0) + 1);
    for (const footer of FOOTER_VENDORS) expect(perVendor.get(footer), footer).toBeGreaterThanOrEqual(200);
    for (const vendor of DEMO_VENDORS) expect(perVendor.get(vendor.code), vendor.code).toBeGreaterThanOrEqual(1);
    const types = new Set(DEMO_VENDORS.map((v) => v.gameType));
    expect([...types].sort()).toEqual(['COCKFIGHT', 'ELOTT', 'ESPORTS', 'FISH', 'LIVE', 'LOTT', 'PVP', 'RNG', 'SPB', 'SPORTS']);
    expect(games.filter((g) => g.game_type === 'RNG').length).toBeGreaterThan(9_000);
  });

  it('has believable, unique, bilingual names', () => {
    const { games } = buildDemoCatalogue();
    const names = games.map((g) => g.name_en);
    expect(new Set(names).size).toBe(names.length);
    for (const g of games) {
      expect(g.name_bn, g.name_en).toMatch(/[\u0980-\u09FF]/);
      expect(g.name_en, g.name_bn).toMatch(/^[A-Za-z0-9][A-Za-z0-9 &'’,-]*$/);
    }
    // Names are words, not codes: most slots have two or three of them.
    const slots = games.filter((g) => g.game_type === 'RNG');
    expect(slots.filter((g) => g.name_en.split(' ').length >= 2).length / slots.length).toBeGreaterThan(0.9);
  });

  it('spreads sub-categories, minimum bets, lines, hot and new so the filters mean something', () => {
    const slots = buildDemoCatalogue().games.filter((g) => g.game_type === 'RNG');
    for (const classify of ['SC', 'VP', 'JP', 'TG', 'AC'] as const) {
      const share = slots.filter((g) => g.classify === classify).length / slots.length;
      expect(share, classify).toBeGreaterThan(0.03);
      expect(share, classify).toBeLessThan(0.2);
    }
    expect(slots.some((g) => g.classify === 'BG')).toBe(false);
    const atLeastOne = slots.filter((g) => g.min_bet >= 100n).length / slots.length;
    expect(atLeastOne).toBeGreaterThan(0.3);
    expect(atLeastOne).toBeLessThan(0.7);
    const lines25 = slots.filter((g) => (g.lines ?? 0) >= 25).length / slots.length;
    expect(lines25).toBeGreaterThan(0.25);
    expect(lines25).toBeLessThan(0.7);
    const hot = slots.filter((g) => g.is_hot).length;
    const fresh = slots.filter((g) => g.is_new).length;
    expect(hot).toBeGreaterThan(100);
    expect(hot).toBeLessThan(slots.length * 0.1);
    expect(fresh).toBeGreaterThan(100);
    expect(fresh).toBeLessThan(slots.length * 0.1);
  });

  it('seeds again without adding rows or undoing an operator change', async () => {
    const db = database.db;
    await sql`update game set min_bet = 777, is_hot = false where vendor_code = 'PG' and game_code = 'PG_0001'`.execute(db);
    await sql`update game_vendor set display_name = 'PG Soft (renamed)' where code = 'PG'`.execute(db);
    const count = async (table: string) =>
      Number((await sql<{ n: bigint }>`select count(*) as n from ${sql.table(table)}`.execute(db)).rows[0]?.n);
    const before = await Promise.all(['game', 'game_vendor', 'game_menu', 'winner_board_entry', 'hot_match', 'jackpot_config'].map(count));
    await seedDemo(db);
    const after = await Promise.all(['game', 'game_vendor', 'game_menu', 'winner_board_entry', 'hot_match', 'jackpot_config'].map(count));
    expect(after).toEqual(before);
    const game = await db.selectFrom('game').select(['min_bet', 'is_hot']).where('game_code', '=', 'PG_0001').executeTakeFirstOrThrow();
    expect(game).toEqual({ min_bet: 777n, is_hot: false });
    const vendor = await db.selectFrom('game_vendor').select('display_name').where('code', '=', 'PG').executeTakeFirstOrThrow();
    expect(vendor.display_name).toBe('PG Soft (renamed)');
  });

  it('seeds 10,000 games into an empty database in a few seconds', async () => {
    const fresh = await createTestDatabase({ seed: false });
    try {
      const brandId = await seedDemoBrand(fresh.db);
      const started = performance.now();
      await seedDemoCatalogue(fresh.db, brandId);
      const ms = performance.now() - started;
      console.log(`[demo catalogue] ${DEMO_GAME_TOTAL} games seeded on ${fresh.kind} in ${Math.round(ms)} ms`);
      const { rows } = await sql<{ n: bigint }>`select count(*) as n from game`.execute(fresh.db);
      expect(Number(rows[0]?.n)).toBe(DEMO_GAME_TOTAL);
      expect(ms).toBeLessThan(15_000);
    } finally {
      await fresh.close();
    }
  });
});

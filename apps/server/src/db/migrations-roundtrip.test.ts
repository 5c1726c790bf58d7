import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../test/test-db.ts';
import { seedDemo } from '../seed/seed-demo.ts';
import { migrateDown, migrateToLatest } from './migrate.ts';
import { migrations } from './migrations/index.ts';

let database: TestDatabase;
beforeAll(async () => {
  // A fresh, migrated database without demo data.
  database = await createTestDatabase({ seed: false });
});
afterAll(() => database.close());

async function appTables(): Promise<string[]> {
  const { rows } = await sql<{ name: string }>`
    select table_name as name from information_schema.tables
    where table_schema = 'public' and table_type = 'BASE TABLE' and table_name not like 'kysely_%'
    order by table_name`.execute(database.db);
  return rows.map((r) => r.name);
}

describe('migrations', () => {
  it('go all the way down and up again, and the seed runs on the result', async () => {
    const db = database.db;
    const migrated = await appTables();
    for (const table of ['help_article', 'captcha_challenge', 'banner', 'notice', 'popup', 'announcement'])
      expect(migrated).toContain(table);

    const undone: string[] = [];
    for (let name = await migrateDown(db); name !== undefined; name = await migrateDown(db)) undone.push(name);
    expect(undone).toEqual(Object.keys(migrations).sort().reverse());
    expect(await appTables()).toEqual([]);

    const applied = await migrateToLatest(db);
    expect(applied).toEqual(Object.keys(migrations).sort());
    expect(await appTables()).toEqual(migrated);

    await seedDemo(db);
    await seedDemo(db);
    const banners = await db
      .selectFrom('banner')
      .select((eb) => eb.fn.countAll().as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(banners.n)).toBeGreaterThanOrEqual(12);
  });
});

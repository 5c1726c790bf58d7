import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type DatabaseHandle, openPGlite } from './database.ts';
import { Mutex } from './pglite-dialect.ts';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('PGlite dialect', () => {
  let handle: DatabaseHandle;
  beforeAll(async () => {
    handle = await openPGlite({ memory: true });
    await sql`create table t (id int primary key, note text not null)`.execute(handle.db);
  });
  afterAll(() => handle.close());

  it('keeps the commit of one overlapping transaction and the rollback of the other', async () => {
    const db = handle.db;
    const committing = db.transaction().execute(async (trx) => {
      await sql`insert into t values (1, 'kept')`.execute(trx);
      await sleep(30); // let the other transaction try to interleave
      await sql`insert into t values (2, 'kept')`.execute(trx);
    });
    const failing = db.transaction().execute(async (trx) => {
      await sql`insert into t values (3, 'discarded')`.execute(trx);
      await sleep(10);
      throw new Error('boom');
    });
    const outside = sql<{ n: number }>`select count(*)::int as n from t`.execute(db);

    const [commit, rollback] = await Promise.allSettled([committing, failing]);
    expect(commit.status).toBe('fulfilled');
    expect(rollback.status).toBe('rejected');
    // The plain query queued behind the transactions and saw a consistent state.
    expect([0, 2]).toContain((await outside).rows[0]?.n);

    const rows = await sql<{ id: number; note: string }>`select id, note from t order by id`.execute(db);
    expect(rows.rows).toEqual([
      { id: 1, note: 'kept' },
      { id: 2, note: 'kept' },
    ]);
  });

  it('reads int8 as bigint so money never passes through a float', async () => {
    const { rows } = await sql<{ v: bigint }>`select 9007199254740993::int8 as v`.execute(handle.db);
    expect(rows[0]?.v).toBe(9007199254740993n);
  });

  it('reports affected rows of writes', async () => {
    const result = await handle.db.transaction().execute((trx) => sql`update t set note = 'x' where id <= 2`.execute(trx));
    expect(result.numAffectedRows).toBe(2n);
  });
});

describe('Mutex', () => {
  it('grants the lock in request order, one holder at a time', async () => {
    const mutex = new Mutex();
    const order: string[] = [];
    let holders = 0;
    const task = async (name: string, ms: number) => {
      const release = await mutex.acquire();
      holders++;
      expect(holders).toBe(1);
      order.push(name);
      await sleep(ms);
      holders--;
      release();
    };
    await Promise.all([task('a', 20), task('b', 1), task('c', 5)]);
    expect(order).toEqual(['a', 'b', 'c']);
  });
});

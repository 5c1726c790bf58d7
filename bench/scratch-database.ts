// A throw-away PostgreSQL database for one benchmark run, on the server BENCH_DATABASE_URL names.
import { randomBytes } from 'node:crypto';
import pg from 'pg';

export const ADMIN_URL = process.env.BENCH_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/postgres';

export type ScratchDatabase = {
  name: string;
  url: string;
  /** pgbench's connection arguments for it (host, port, user). */
  pgbenchArgs: string[];
  drop: () => Promise<void>;
};

async function admin(sqlText: string): Promise<void> {
  const c = new pg.Client({ connectionString: ADMIN_URL });
  await c.connect();
  try {
    await c.query(sqlText);
  } finally {
    await c.end();
  }
}

export async function createScratchDatabase(): Promise<ScratchDatabase> {
  const name = `pf_bench_${randomBytes(4).toString('hex')}`;
  const u = new URL(ADMIN_URL);
  u.pathname = `/${name}`;
  await admin(`create database ${name}`);
  return {
    name,
    url: u.toString(),
    pgbenchArgs: ['-h', u.hostname, '-p', u.port || '5432', '-U', decodeURIComponent(u.username || 'postgres')],
    // BENCH_KEEP_DATABASE=1 leaves it for a look afterwards (pg_stat_statements, EXPLAIN); drop it yourself.
    drop: () =>
      process.env.BENCH_KEEP_DATABASE === '1'
        ? Promise.resolve(console.log(`scratch database kept: ${u.toString()}`))
        : admin(`drop database if exists ${name} with (force)`),
  };
}

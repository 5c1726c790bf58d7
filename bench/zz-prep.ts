import { execFileSync } from 'node:child_process';
import { sql } from 'kysely';
import { openPostgres } from '../apps/server/src/db/database.ts';
import { ensureAccount } from '../apps/server/src/features/ledger/ledger.service.ts';
import { createSession, hashToken } from '../apps/server/src/features/session/session.repository.ts';
import { fundedMember, prepareBenchDatabase } from './bench-data.ts';
import { postgresCpuSeconds, scratchFile } from './load.ts';
import { createScratchDatabase } from './scratch-database.ts';

const scratch = await createScratchDatabase();
try {
  const handle = openPostgres(scratch.url, 10);
  const db = handle.db;
  const brandId = await prepareBenchDatabase(db);
  let token = '';
  await sql`create table bench_pair (n int primary key, legs jsonb not null)`.execute(db);
  for (let n = 1; n <= 64; n++) {
    const { id, walletId } = await fundedMember(db, brandId, `p${n}`, 100_000_000n);
    const sbo = await ensureAccount(db, { kind: 'VENDOR_WALLET', memberId: id, currency: 'BDT', vendorCode: 'SBO' });
    const legs = [{ from: String(walletId), to: String(sbo.id), amount: '100', kind: 'VENDOR_TRANSFER_IN', reference: { vendorCode: 'SBO' } }];
    await sql`insert into bench_pair (n, legs) values (${n}, ${JSON.stringify(legs)}::jsonb)`.execute(db);
    token = await createSession(db, { memberId: id, site: 'member', mustChangePassword: false, ip: null, userAgent: null, now: new Date(), absoluteMs: 3_600_000 });
  }
  const { findSessionByToken } = await import('../apps/server/src/features/session/session.repository.ts');
  const compiled = (db.selectFrom('member_session as s').innerJoin('member as m', 'm.id', 's.member_id').leftJoin('member_protection as mp', 'mp.member_id', 's.member_id')
    .select(['mp.session_day as sessionLimitMinutes','mp.block_kind','mp.block_until','mp.block_started_at','s.scope','s.id as sessionId','s.site','s.must_change_password as mustChangePassword','s.last_seen_at as lastSeenAt','s.expires_at as expiresAt','s.revoked_at as revokedAt','m.id as memberId','m.brand_id as brandId','m.username','m.type','m.status'])
    .where('s.token_hash', '=', hashToken(token)).compile());
  void findSessionByToken;
  const sessionSql = compiled.sql.replace('$1', ':h');
  const sess = scratchFile('s.sql', [`${sessionSql};`]);
  const post = scratchFile('p.sql', [`\\set n random(1, 64)`, `select ledger_post('bench-post', md5(random()::text || clock_timestamp()::text), 'bench', (select legs from bench_pair where n = :n), false);`]);
  await handle.close();
  const run = (file: string, mode: string) => {
    const c = postgresCpuSeconds();
    const out = execFileSync('pgbench', ['-c', '8', '-j', '2', '-T', '8', '-n', '-M', mode, '-f', file, '-D', `h=${hashToken(token)}`, ...scratch.pgbenchArgs, scratch.name], { encoding: 'utf8' });
    const n = Number(/number of transactions actually processed: (\d+)/.exec(out)?.[1]);
    const tps = Number(/tps = ([\d.]+)/.exec(out)?.[1]);
    console.log(file.split('/').pop(), mode, 'tps', Math.round(tps), 'pg cpu ms each', (((postgresCpuSeconds() - c) * 1000) / n).toFixed(3));
  };
  console.log(sessionSql);
  for (let i = 0; i < 2; i++) for (const f of [sess, post]) for (const m of ['extended', 'prepared']) run(f, m);
} finally {
  await scratch.drop();
}

import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { LOTTERY_GENESIS_SALT, lotteryPublicData, lotterySeedHash } from '@playfront/contract/lottery-fair';
import { PROVIDER_WALLET_BASE } from '@playfront/contract/provider-wallet';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectLedgerClean, HOUSE_SECRET } from '../../server/src/features/play/play.fixtures.ts';
import { freePort } from '../../server/test/free-port.ts';
import { dropScratchDatabase, Fatal, waitFor } from '../../server/test/server-process.ts';
import { testDbKind } from '../../server/test/test-db.ts';
import { type LotteryPlatform, lottoApi, startPlatform } from './testing/platform.ts';

/**
 * Two standalone lottery processes (`node --import tsx apps/lottery/src/main.ts`) on one scratch PostgreSQL
 * database of their own, in front of one platform (PGlite or PostgreSQL, as the run gives). Many members place
 * slips through both; the draw comes due; both start settling (each one's win calls pass a proxy that counts and
 * slows them) and the one whose wins flow first is SIGKILLed mid-way; the other finishes, repeating the dead one's
 * owed calls with their transaction ids once their lease passes. Every winning slip is paid exactly once and the ledger stays clean.
 *
 * Two processes on one database need a real PostgreSQL: LOTTERY_KILL_DATABASE_URL or TEST_DATABASE_URL names the
 * server the scratch database is made on; without either this is skipped, loudly.
 */
const adminUrl = process.env.LOTTERY_KILL_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
const skipReason = adminUrl ? undefined : 'it needs a real PostgreSQL and neither LOTTERY_KILL_DATABASE_URL nor TEST_DATABASE_URL is set';
if (skipReason) console.warn(`!!! SKIPPED: standalone lottery SIGKILL test: ${skipReason}`);

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

interface LotteryProcess {
  name: string;
  origin: string;
  child: ChildProcess;
  output: string[];
  exited: Promise<unknown>;
}

const running: LotteryProcess[] = [];

function spawnLottery(name: string, port: number, env: Record<string, string>): LotteryProcess {
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/lottery/src/main.ts'], {
    cwd: repoRoot,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'warn', ...env },
  });
  const output: string[] = [];
  const keep = (chunk: Buffer) => {
    output.push(chunk.toString());
    if (output.length > 200) output.shift();
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  const exited = new Promise((resolve) => child.once('exit', (code, signal) => resolve(signal ?? code)));
  const lottery = { name, origin: `http://127.0.0.1:${port}`, child, output, exited };
  running.push(lottery);
  return lottery;
}

const tail = (l: LotteryProcess) => `--- ${l.name} output ---\n${l.output.join('').slice(-3000)}`;

async function waitForLottery(l: LotteryProcess): Promise<void> {
  await waitFor(`${l.name} to listen`, 60_000, async () => {
    if (l.child.exitCode !== null || l.child.signalCode !== null) throw new Fatal(`${l.name} exited\n${tail(l)}`);
    const res = await fetch(`${l.origin}/lotto/api/balance`, { signal: AbortSignal.timeout(2000) }).catch(() => undefined);
    return res?.status === 401;
  });
}

/** Forwards every wallet call to the platform; `win` calls wait `winDelayMs` first and are counted once forwarded. */
function walletProxy(target: string, winDelayMs: number) {
  let forwardedWins = 0;
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', async () => {
      const isWin = req.url?.endsWith('/win') ?? false;
      if (isWin) await new Promise((resolve) => setTimeout(resolve, winDelayMs));
      try {
        const headers = Object.fromEntries(
          Object.entries(req.headers).filter(([k]) => !['host', 'connection', 'content-length'].includes(k)) as [string, string][],
        );
        // Forwarded even when the caller has died meanwhile: a win the platform took whose answer was never heard.
        const answer = await fetch(`${target}${req.url}`, { method: req.method ?? 'POST', headers, body: Buffer.concat(chunks) });
        if (isWin) forwardedWins += 1;
        res.writeHead(answer.status, { 'content-type': answer.headers.get('content-type') ?? 'application/json' });
        res.end(Buffer.from(await answer.arrayBuffer()));
      } catch {
        res.destroy();
      }
    });
  });
  return { server, forwardedWins: () => forwardedWins };
}

describe.skipIf(skipReason)('two standalone lottery processes', () => {
  let platform: LotteryPlatform;
  // Each process's wallet calls pass a proxy of its own, which slows and counts its wins.
  let proxies: ReturnType<typeof walletProxy>[] = [];
  const walletUrlOf = (proxy: ReturnType<typeof walletProxy>) =>
    `http://127.0.0.1:${(proxy.server.address() as AddressInfo).port}${PROVIDER_WALLET_BASE}`;
  const lotteryDb = `pf_lotto_${randomBytes(5).toString('hex')}`;
  let lotterySql: pg.Client | undefined;
  const lotteryUrl = () => {
    const url = new URL(adminUrl ?? '');
    url.pathname = `/${lotteryDb}`;
    return url.toString();
  };

  beforeAll(async () => {
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`create database ${lotteryDb}`);
    await admin.end();
    platform = await startPlatform();
    proxies = [walletProxy(platform.origin, 100), walletProxy(platform.origin, 100)];
    for (const proxy of proxies) await new Promise<void>((resolve) => proxy.server.listen(0, '127.0.0.1', resolve));
  });
  afterAll(async () => {
    for (const l of running) {
      if (l.child.exitCode === null && l.child.signalCode === null) l.child.kill('SIGKILL');
      await l.exited;
    }
    for (const proxy of proxies) {
      proxy.server.closeAllConnections();
      await new Promise((resolve) => proxy.server.close(resolve));
    }
    await lotterySql?.end();
    await platform?.close();
    if (adminUrl) await dropScratchDatabase(adminUrl, lotteryDb);
  });

  const query = async <R extends pg.QueryResultRow>(text: string, params: unknown[] = []) => {
    if (!lotterySql) {
      lotterySql = new pg.Client({ connectionString: lotteryUrl() });
      await lotterySql.connect();
    }
    return (await lotterySql.query<R>(text, params)).rows;
  };
  const statusCounts = async (drawId: string) =>
    Object.fromEntries(
      (
        await query<{ status: string; n: number }>(
          'select status, count(*)::int as n from lottery_slip where draw_id = $1 group by status',
          [drawId],
        )
      ).map((r) => [r.status, r.n]),
    );

  it('a lottery SIGKILLed mid-settlement leaves its owed wins to the other, and every winning slip is paid exactly once', async () => {
    const common = {
      LOTTERY_PROVIDER_SECRET: HOUSE_SECRET,
      LOTTERY_DATABASE_URL: lotteryUrl(),
      LOTTERY_TICK_MS: '100',
      LOTTERY_LEASE_MS: '1500',
      // A loaded machine (PGlite serialises the platform's transactions) may answer slowly; no answer would only void.
      LOTTERY_WALLET_TIMEOUT_MS: '30000',
    };
    const [proxyA, proxyB] = proxies as [ReturnType<typeof walletProxy>, ReturnType<typeof walletProxy>];
    const a = spawnLottery('lottery-A', await freePort(), { ...common, LOTTERY_WALLET_URL: walletUrlOf(proxyA) });
    await waitForLottery(a);
    const b = spawnLottery('lottery-B', await freePort(), { ...common, LOTTERY_WALLET_URL: walletUrlOf(proxyB) });
    await waitForLottery(b);

    // A draw of its own, far from closing while the slips are placed; brought due afterwards.
    const drawNumber = `KILL-${randomBytes(3).toString('hex')}`;
    const drawId = `ELOTT_5-${drawNumber}`;
    const seed = randomBytes(32).toString('hex');
    await query(
      `insert into lottery_draw (draw_id, game_code, draw_number, status, closes_at, draws_at, server_seed, server_seed_hash, public_data)
       values ($1, 'ELOTT_5', $2, 'open', now() + interval '10 minutes', now() + interval '10 minutes', $3, $4, $5)`,
      [drawId, drawNumber, seed, lotterySeedHash(seed), lotteryPublicData('ELOTT_5', drawNumber, LOTTERY_GENESIS_SALT)],
    );

    // 10 members × 20 slips (× 8 on PGlite, whose platform runs one transaction at a time), through both processes;
    // each slip stakes BIG and SMALL, so every slip wins (one line).
    const started = Date.now();
    const MEMBERS = 10;
    const SLIPS = testDbKind === 'pglite' ? 8 : 20;
    const funds = 100_000n;
    const members = await Promise.all(
      Array.from({ length: MEMBERS }, async (_, i) => {
        const m = await platform.member(funds);
        const opened = await lottoApi(i % 2 ? a.origin : b.origin, 'session', null, { vendor: 'ELOTT', token: m.launchToken, lang: 'en' });
        expect(opened.json, JSON.stringify(opened.json)).toMatchObject({ ok: true });
        return { ...m, session: opened.json.session as string };
      }),
    );
    // Three at a time: the platform on PGlite runs its transactions one after another.
    let nextSlip = 0;
    const placeSlips = async () => {
      for (let n = nextSlip++; n < MEMBERS * SLIPS; n = nextSlip++) {
        const [i, k] = [n % MEMBERS, Math.floor(n / MEMBERS)];
        const placed = await lottoApi(n % 2 ? a.origin : b.origin, 'slips', members[i]?.session ?? '', {
          game: 'ELOTT_5',
          drawId,
          requestId: `kill-${i}-${k}`,
          lines: [
            { betType: 'P3_BIG_SMALL', numbers: ['BIG'], stake: '1000' },
            { betType: 'P3_BIG_SMALL', numbers: ['SMALL'], stake: '1000' },
          ],
        });
        expect(placed.json.ok, JSON.stringify(placed.json)).toBe(true);
      }
    };
    await Promise.all([placeSlips(), placeSlips(), placeSlips()]);
    const total = MEMBERS * SLIPS;
    expect(await statusCounts(drawId)).toEqual({ open: total });
    for (const m of members) expect(await platform.balance(m.memberId)).toBe(funds - BigInt(SLIPS) * 2000n);

    const placedAt = Date.now();
    // The draw comes due: both loops draw it (one fixes the result) and claim the owed wins, up to 200 at a time, so
    // which process holds them is a race. The one whose wins flow first is killed; the other is the survivor.
    await query(`update lottery_draw set closes_at = now(), draws_at = now() where draw_id = $1`, [drawId]);
    let victim: LotteryProcess | undefined;
    await waitFor('a lottery to pay some wins', 60_000, async () => {
      if (proxyA.forwardedWins() >= 10) victim = a;
      else if (proxyB.forwardedWins() >= 10) victim = b;
      return victim !== undefined;
    }).catch(async (error: Error) => {
      const counts = JSON.stringify(await statusCounts(drawId));
      throw new Error(
        `${error.message}; slips ${counts}; wins forwarded A ${proxyA.forwardedWins()}, B ${proxyB.forwardedWins()}\n${tail(a)}\n${tail(b)}`,
      );
    });
    const [killed, survivor] = victim === a ? [a, b] : [b, a];
    killed.child.kill('SIGKILL');
    expect(await killed.exited).toBe('SIGKILL');
    const atKill = await statusCounts(drawId);
    // Mid-way: some slips paid, some still owed (among them the victim's, leased to a dead process).
    expect(atKill.settled ?? 0, JSON.stringify(atKill)).toBeGreaterThan(0);
    expect(atKill.winning ?? 0, JSON.stringify(atKill)).toBeGreaterThan(0);

    await waitFor(`${survivor.name} to settle the draw`, 30_000, async () => {
      const [row] = await query<{ status: string }>('select status from lottery_draw where draw_id = $1', [drawId]);
      return row?.status === 'settled';
    }).catch((error: Error) => {
      throw new Error(`${error.message}\n${tail(survivor)}`);
    });
    expect(await statusCounts(drawId)).toEqual({ settled: total });
    console.log(
      `lottery SIGKILL: ${total} slips placed in ${placedAt - started} ms; ${killed.name} killed with ${JSON.stringify(atKill)}; settled by ${survivor.name} ${Date.now() - placedAt} ms after the draw`,
    );

    // Exactly one win per slip reached the platform, each for 1,950 (BIG or SMALL at 1.95), and each balance shows it.
    const slips = await query<{ slip_id: string; total_payout: string }>(
      'select slip_id, total_payout::text as total_payout from lottery_slip where draw_id = $1',
      [drawId],
    );
    expect(new Set(slips.map((s) => s.total_payout))).toEqual(new Set(['1950']));
    const wins = await platform.database.db
      .selectFrom('provider_transaction')
      .select(['transaction_id'])
      .where('kind', '=', 'WIN')
      .where(
        'transaction_id',
        'in',
        slips.map((s) => `win-${s.slip_id}`),
      )
      .execute();
    expect(wins).toHaveLength(total);
    expect(new Set(wins.map((w) => w.transaction_id)).size).toBe(total);
    for (const m of members) expect(await platform.balance(m.memberId)).toBe(funds - BigInt(SLIPS) * 2000n + BigInt(SLIPS) * 1950n);
    await expectLedgerClean(platform.database.db);

    survivor.child.kill('SIGTERM');
    expect(await survivor.exited).toBe(0);
  }, 180_000);
});

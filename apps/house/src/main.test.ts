import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PROVIDER_WALLET_BASE } from '@playfront/contract/provider-wallet';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectLedgerClean, HOUSE_SECRET } from '../../server/src/features/play/play.fixtures.ts';
import { freePort } from '../../server/test/free-port.ts';
import { dropScratchDatabase, Fatal, waitFor } from '../../server/test/server-process.ts';
import { urlFor } from '../../server/test/test-db.ts';
import { type Platform, startPlatform } from './testing/platform.ts';

/**
 * The standalone house (`node --import tsx apps/house/src/main.ts`) in front of a real platform, through a
 * proxy that holds the `win` call: the house is SIGKILLed while the win is held, a second house process
 * starts on the same database, the proxy lets calls through again, and the owed win lands, exactly once.
 * The houses have a scratch database of their own, empty: the first creates its tables at start (and the
 * platform's own mounted house, on the platform's database, never sees their rounds).
 *
 * Two processes on one database need a real PostgreSQL (PGlite lives inside one process): without
 * TEST_DATABASE_URL this is skipped, loudly.
 */
const skipReason = process.env.TEST_DATABASE_URL
  ? undefined
  : 'it needs a real PostgreSQL and TEST_DATABASE_URL is not set (the real-PostgreSQL part of npm test sets it when one answers)';
if (skipReason) console.warn(`!!! SKIPPED: standalone house SIGKILL test: ${skipReason}`);

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

interface HouseProcess {
  name: string;
  origin: string;
  child: ChildProcess;
  output: string[];
  exited: Promise<unknown>;
}

const running: HouseProcess[] = [];

function spawnHouse(name: string, port: number, env: Record<string, string>): HouseProcess {
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/house/src/main.ts'], {
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
  const house = { name, origin: `http://127.0.0.1:${port}`, child, output, exited };
  running.push(house);
  return house;
}

const tail = (h: HouseProcess) => `--- ${h.name} output ---\n${h.output.join('').slice(-3000)}`;

/** Waits until the house answers HTTP (any answer: it has created its tables and listens). */
async function waitForHouse(h: HouseProcess): Promise<void> {
  await waitFor(`${h.name} to listen`, 60_000, async () => {
    if (h.child.exitCode !== null || h.child.signalCode !== null) throw new Fatal(`${h.name} exited\n${tail(h)}`);
    const res = await fetch(`${h.origin}/house/api/history`, { signal: AbortSignal.timeout(2000) }).catch(() => undefined);
    return res?.status === 401;
  });
}

/**
 * Forwards every call to the platform, except that `win` calls wait while held. A held call whose caller
 * has gone (its house was killed) is dropped, never forwarded: only another house can deliver that win.
 */
function walletProxy(target: string) {
  let held = true;
  let release: () => void = () => {};
  let released = new Promise<void>((resolve) => {
    release = resolve;
  });
  let heldWins = 0;
  let forwardedWins = 0;
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', async () => {
      const isWin = req.url?.endsWith('/win') ?? false;
      let callerGone = false;
      res.on('close', () => {
        callerGone = !res.writableEnded;
      });
      if (isWin && held) {
        heldWins += 1;
        await released;
        if (callerGone) return;
      }
      if (isWin) forwardedWins += 1;
      try {
        const headers = Object.fromEntries(
          Object.entries(req.headers).filter(([k]) => !['host', 'connection', 'content-length'].includes(k)) as [string, string][],
        );
        const answer = await fetch(`${target}${req.url}`, { method: req.method ?? 'POST', headers, body: Buffer.concat(chunks) });
        res.writeHead(answer.status, { 'content-type': answer.headers.get('content-type') ?? 'application/json' });
        res.end(Buffer.from(await answer.arrayBuffer()));
      } catch {
        res.destroy();
      }
    });
  });
  return {
    server,
    stats: () => ({ heldWins, forwardedWins }),
    hold() {
      held = true;
      released = new Promise<void>((resolve) => {
        release = resolve;
      });
    },
    release() {
      held = false;
      release();
    },
  };
}

interface RoundRow {
  round_id: string;
  status: string;
  bet: string;
  win: string;
}

describe.skipIf(skipReason)('the standalone house process', () => {
  let platform: Platform;
  let proxy: ReturnType<typeof walletProxy>;
  let proxyOrigin: string;
  const houseDb = `pf_house_${randomBytes(5).toString('hex')}`;
  let houseSql: pg.Client | undefined;

  beforeAll(async () => {
    const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
    await admin.connect();
    await admin.query(`create database ${houseDb}`);
    await admin.end();
    platform = await startPlatform();
    proxy = walletProxy(platform.origin);
    await new Promise<void>((resolve) => proxy.server.listen(0, '127.0.0.1', resolve));
    proxyOrigin = `http://127.0.0.1:${(proxy.server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    proxy?.release();
    for (const h of running) {
      if (h.child.exitCode === null && h.child.signalCode === null) h.child.kill('SIGKILL');
      await h.exited;
    }
    await new Promise((resolve) => proxy?.server.close(resolve));
    proxy?.server.closeAllConnections();
    await houseSql?.end();
    await platform?.close();
    await dropScratchDatabase(process.env.TEST_DATABASE_URL ?? '', houseDb);
  });

  const houseRounds = async (where: string, params: unknown[]) => {
    if (!houseSql) {
      houseSql = new pg.Client({ connectionString: urlFor(houseDb) });
      await houseSql.connect();
    }
    return (
      await houseSql.query<RoundRow>(`select round_id, status, bet::text as bet, win::text as win from house_round where ${where}`, params)
    ).rows;
  };

  it('delivers a win owed by a house SIGKILLed while the win was in flight, from a second house process, exactly once', async () => {
    const env = {
      HOUSE_WALLET_URL: `${proxyOrigin}${PROVIDER_WALLET_BASE}`,
      HOUSE_PROVIDER_SECRET: HOUSE_SECRET,
      HOUSE_DATABASE_URL: urlFor(houseDb),
      HOUSE_WALLET_TIMEOUT_MS: '1000',
      HOUSE_RECONCILE_SECONDS: '1',
    };
    const first = spawnHouse('house-1', await freePort(), env);
    await waitForHouse(first);

    const start = 100_000n;
    const bet = 1000n;
    const m = await platform.member(start, platform.games.slot.nodeId);
    const { vendor, gameCode } = platform.games.slot;
    const query = new URLSearchParams({ vendor, game: gameCode, token: m.launchToken, mode: 'real', lang: 'EN' });
    const html = await (await fetch(`${first.origin}/house/play?${query}`)).text();
    const session = JSON.parse(/id="house-boot">(.*?)<\/script>/s.exec(html)?.[1] ?? '{}').session as string;
    expect(session, tail(first)).toBeTruthy();

    // The round's answer never comes: the house dies while its win is held.
    const spin = fetch(`${first.origin}/house/api/round`, {
      method: 'POST',
      headers: { 'x-house-session': session, 'content-type': 'application/json' },
      body: JSON.stringify({ game: 'slot', bet: String(bet) }),
    }).catch((error: unknown) => error);
    await waitFor('the win to be held', 20_000, async () => proxy.stats().heldWins > 0);
    const rounds = await houseRounds('player_key = (select player_key from house_session where launch_token = $1)', [m.launchToken]);
    expect(rounds).toHaveLength(1);
    const round = rounds[0]!;
    expect(round.status).toBe('win-pending');
    // The platform holds the stake only.
    expect(await platform.balance(m.memberId)).toBe(start - bet);

    first.child.kill('SIGKILL');
    await first.exited;
    expect(await spin).toBeInstanceOf(Error);

    const second = spawnHouse('house-2', await freePort(), env);
    await waitForHouse(second);
    // The game opened on the dead house goes on on the new one (its session is in the database).
    const balance = await fetch(`${second.origin}/house/api/balance`, { headers: { 'x-house-session': session } });
    expect(balance.status).toBe(200);
    proxy.release();

    const settled = await waitFor('the owed win to be settled', 60_000, async () => {
      const [row] = await houseRounds('round_id = $1', [round.round_id]);
      return row?.status === 'settled' ? row : undefined;
    }).catch((error: Error) => {
      throw new Error(`${error.message}\n${tail(second)}`);
    });
    const win = BigInt(settled.win);
    expect(await platform.balance(m.memberId)).toBe(start - bet + win);
    const wins = await platform.database.db
      .selectFrom('provider_transaction')
      .select(['transaction_id'])
      .where('kind', '=', 'WIN')
      .where('round_id', '=', round.round_id)
      .execute();
    expect(wins.map((w) => w.transaction_id)).toEqual([`${round.round_id}-win`]);
    const platformRound = await platform.database.db
      .selectFrom('game_round')
      .select(['status', 'win_total'])
      .where('vendor_code', '=', vendor)
      .where('round_id', '=', round.round_id)
      .executeTakeFirst();
    expect(platformRound).toEqual({ status: 'settled', win_total: win });
    // The held call of the dead house was dropped: the second house delivered the win.
    expect(proxy.stats().forwardedWins).toBeGreaterThanOrEqual(1);
    await expectLedgerClean(platform.database.db);

    second.child.kill('SIGTERM');
    expect(await second.exited).toBe(0);
  });
});

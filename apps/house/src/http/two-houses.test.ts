import { HOUSE_PREFIX } from '@playfront/contract/play-paths';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectLedgerClean } from '../../../server/src/features/play/play.fixtures.ts';
import { houseProvider, listeningOrigin } from '../index.ts';
import { DEMO_SESSIONS_PER_ADDRESS } from '../rounds/demo-sessions.ts';
import { type Platform, startPlatform } from '../testing/platform.ts';

/**
 * Two house instances (each its own Fastify app on its own port) on the platform's database, as two
 * server instances behind a balancer without sticky sessions: a game opened on one is played on the
 * other, and rounds of one player and game on both at once never share a nonce.
 */
let platform: Platform;
const houses: FastifyInstance[] = [];
let A: string;
let B: string;

async function startHouse(): Promise<string> {
  const app = Fastify();
  await app.register(houseProvider, {
    prefix: HOUSE_PREFIX,
    walletBaseUrl: platform.walletBaseUrl,
    secretForVendor: platform.secretForVendor,
    sql: platform.sql,
    retryDelaysMs: [5, 10, 20],
    reconcileEveryMs: 3_600_000,
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  houses.push(app);
  return listeningOrigin(app);
}

beforeAll(async () => {
  platform = await startPlatform();
  A = await startHouse();
  B = await startHouse();
});
afterAll(async () => {
  for (const house of houses) await house.close();
  await platform?.close();
});

// biome-ignore lint/suspicious/noExplicitAny: answers are read as the page reads them
type Json = any;

async function openGame(origin: string, launchToken: string): Promise<string> {
  const { vendor, gameCode } = platform.games.slot;
  const query = new URLSearchParams({ vendor, game: gameCode, token: launchToken, mode: 'real', lang: 'EN', gameType: 'SLOT' });
  const html = await (await fetch(`${origin}/house/play?${query}`)).text();
  const boot = /<script type="application\/json" id="house-boot">(.*?)<\/script>/s.exec(html)?.[1];
  if (!boot) throw new Error(`no game page: ${html.slice(0, 300)}`);
  return (JSON.parse(boot) as { session: string }).session;
}

async function api(origin: string, path: string, session: string, body?: unknown): Promise<{ status: number; json: Json }> {
  const response = await fetch(`${origin}/house/api/${path}`, {
    method: body === undefined ? 'GET' : 'POST',
    headers: { 'x-house-session': session, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  return { status: response.status, json: await response.json() };
}

describe('two house instances on one database', () => {
  it('plays, reads the balance and the history on B of a game opened on A; a seed changed on B is revealed on A', async () => {
    const start = 50_000n;
    const m = await platform.member(start, platform.games.slot.nodeId);
    const session = await openGame(A, m.launchToken);

    const onB = await api(B, 'round', session, { game: 'slot', bet: '1000' });
    expect(onB.status).toBe(200);
    expect(onB.json).toMatchObject({ ok: true, winPending: false, round: { status: 'settled', nonce: 0 } });
    const onA = await api(A, 'round', session, { game: 'slot', bet: '1000' });
    expect(onA.json).toMatchObject({ ok: true, round: { status: 'settled', nonce: 1 }, fair: { nonce: 2 } });

    const expected = start - 2000n + BigInt(onB.json.round.win) + BigInt(onA.json.round.win);
    expect(await platform.balance(m.memberId)).toBe(expected);
    expect((await api(B, 'balance', session)).json).toEqual({ ok: true, balance: String(expected) });
    const history = (await api(B, 'history', session)).json;
    expect(history.rounds.map((r: Json) => r.roundId)).toEqual([onA.json.round.roundId, onB.json.round.roundId]);
    expect(history.rounds.every((r: Json) => r.serverSeed === null)).toBe(true);

    const rotated = (await api(B, 'seed', session, { clientSeed: 'chosen-on-b' })).json;
    expect(rotated).toMatchObject({ ok: true, revealed: { rounds: 2 }, fair: { clientSeed: 'chosen-on-b', nonce: 0 } });
    const afterRotation = (await api(A, 'history', session)).json;
    expect(afterRotation.rounds.map((r: Json) => r.serverSeed)).toEqual([rotated.revealed.serverSeed, rotated.revealed.serverSeed]);
    // The next round on A plays the new pair from nonce 0.
    expect((await api(A, 'round', session, { game: 'slot', bet: '1000' })).json).toMatchObject({
      round: { clientSeed: 'chosen-on-b', nonce: 0 },
    });
    await expectLedgerClean(platform.database.db);
  });

  it('never gives two rounds the same nonce when one player plays the same game on both at once', async () => {
    const start = 1_000_000n;
    const m = await platform.member(start, platform.games.slot.nodeId);
    const session = await openGame(B, m.launchToken);
    const spins = (origin: string) => Array.from({ length: 10 }, () => api(origin, 'round', session, { game: 'slot', bet: '1000' }));
    const answers = await Promise.all([...spins(A), ...spins(B)]);
    const rounds = answers.map((a) => {
      expect(a.json, JSON.stringify(a.json)).toMatchObject({ ok: true, round: { status: 'settled' } });
      return a.json.round as Json;
    });
    expect(new Set(rounds.map((r) => r.clientSeed)).size).toBe(1);
    expect(rounds.map((r) => r.nonce as number).sort((a, b) => a - b)).toEqual(Array.from({ length: 20 }, (_, i) => i));
    const won = rounds.reduce((sum, r) => sum + BigInt(r.win), 0n);
    expect(await platform.balance(m.memberId)).toBe(start - 20_000n + won);
    await expectLedgerClean(platform.database.db);
  });

  it('counts demo page loads per client address (request.ip): a ninth from one address ends its oldest only', async () => {
    const house = houses[0]!;
    const open = async (remoteAddress: string) => {
      const response = await house.inject({ method: 'GET', url: '/house/play?vendor=SBO&game=demo-1&mode=demo&lang=EN', remoteAddress });
      return JSON.parse(/id="house-boot">(.*?)<\/script>/s.exec(response.body)?.[1] ?? '{}').session as string;
    };
    const balance = async (session: string) =>
      (await house.inject({ url: '/house/api/balance', headers: { 'x-house-session': session } })).statusCode;
    const own = [];
    for (let i = 0; i < DEMO_SESSIONS_PER_ADDRESS; i++) own.push(await open('203.0.113.7'));
    const other = await open('203.0.113.8');
    const ninth = await open('203.0.113.7');
    expect(await balance(own[0]!)).toBe(401);
    for (const kept of [...own.slice(1), ninth, other]) expect(await balance(kept)).toBe(200);
  });
});

import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deposit, memberWallet } from '../../../server/src/features/ledger/ledger.fixtures.ts';
import { H } from '../../../server/src/features/play/play.fixtures.ts';
import { FairStream } from '../fair/fair-stream.ts';
import { checkChoices, playRound } from '../games/registry.ts';
import { bn, en } from '../i18n/messages.ts';
import { type Platform, startPlatform } from '../testing/platform.ts';

/**
 * The house as the platform mounts it (apps/server buildApp → /house), over real
 * HTTP: the launch URL opens a game page, the page's API plays rounds that move
 * the member's ledger balance through the provider wallet API, and a revealed
 * seed reproduces each round.
 */
let platform: Platform;
beforeAll(async () => {
  platform = await startPlatform();
});
afterAll(async () => {
  await platform?.close();
});

// biome-ignore lint/suspicious/noExplicitAny: answers are read as the page reads them
type Json = any;
type Boot = Record<string, unknown> & { session: string; fair: { serverSeedHash: string; clientSeed: string; nonce: number } };

async function open(path: string) {
  const response = await fetch(`${platform.origin}${path}`);
  const html = await response.text();
  const json = /<script type="application\/json" id="house-boot">(.*?)<\/script>/s.exec(html)?.[1];
  return { response, html, boot: (json ? JSON.parse(json) : null) as Boot | null };
}

function api(path: string, session: string, body?: unknown) {
  return fetch(`${platform.origin}/house/api/${path}`, {
    method: body === undefined ? 'GET' : 'POST',
    headers: { 'x-house-session': session, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
}

/** The launch URL the platform itself answers for the member (the lobby's launchGame). */
async function launchUrl(sessionToken: string, nodeId: string, language: 'EN' | 'BN') {
  const res = await platform.t.app.inject({
    method: 'POST',
    url: '/wps/game/launchGame',
    headers: H(sessionToken),
    payload: { nodeId, language },
  });
  expect(res.statusCode, res.body).toBe(200);
  const url = new URL(res.json().value.url as string, platform.origin);
  // The demo brand's launch hosts are path aliases of this site that redirect to /house.
  const followed = await fetch(url, { redirect: 'manual' });
  expect(followed.status).toBe(302);
  return followed.headers.get('location') as string;
}

describe('house provider mounted in the platform', () => {
  it('opens the launched slot in English, spins for real money, and a revealed seed reproduces the round', async () => {
    const m = await platform.member(50_000n, platform.games.slot.nodeId);
    const path = await launchUrl(m.sessionToken, platform.games.slot.nodeId, 'EN');
    expect(path.startsWith('/house/play?')).toBe(true);
    const { response, html, boot } = await open(path);
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('no-store');
    expect(html).toContain('<html lang="en"');
    expect(boot).toMatchObject({ page: 'play', game: 'slot', mode: 'real', balance: '50000', currency: 'BDT', lang: 'EN' });
    expect((boot!.strings as Record<string, string>)['slot.spin']).toBe(en['slot.spin']);
    expect(String(boot?.image)).toMatch(/^\/cdn\//);
    const session = boot!.session;
    const committed = boot!.fair.serverSeedHash;

    const played: Json = await (await api('round', session, { game: 'slot', bet: '1000' })).json();
    expect(played).toMatchObject({
      ok: true,
      winPending: false,
      round: { bet: '1000', status: 'settled', nonce: 0, serverSeedHash: committed, serverSeed: null },
    });
    const win = BigInt(played.round.win);
    expect(played.balance).toBe(String(50_000n - 1000n + win));
    expect(await platform.balance(m.memberId)).toBe(50_000n - 1000n + win);

    // Wrong bets and other games are refused with their own codes.
    expect(await (await api('round', session, { game: 'slot', bet: '999' })).json()).toEqual({ ok: false, code: 'BAD_BET' });
    expect((await api('round', session, { game: 'crash', bet: '1000', target: '2' })).status).toBe(400);

    // Changing the client seed reveals the server seed, which hashes to the commitment and replays the round.
    const rotated: Json = await (await api('seed', session, { clientSeed: 'my-own-seed' })).json();
    expect(rotated.revealed.serverSeedHash).toBe(committed);
    expect(createHash('sha256').update(Buffer.from(rotated.revealed.serverSeed, 'hex')).digest('hex')).toBe(committed);
    expect(rotated.fair).toMatchObject({ clientSeed: 'my-own-seed', nonce: 0 });
    expect(rotated.fair.serverSeedHash).not.toBe(committed);
    const choices = checkChoices({ game: 'slot', bet: '1000' });
    if (typeof choices === 'string') throw new Error(choices);
    const replay = playRound(new FairStream(rotated.revealed.serverSeed, played.round.clientSeed, 0), choices);
    expect(replay.win).toBe(win);
    expect(JSON.parse(JSON.stringify(replay.outcome))).toEqual(played.round.outcome);

    // The history now shows the revealed seed next to the round; the verify API agrees.
    const history: Json = await (await api('history', session)).json();
    expect(history.rounds[0]).toMatchObject({ roundId: played.round.roundId, serverSeed: rotated.revealed.serverSeed });
    const verified: Json = await (
      await fetch(`${platform.origin}/house/api/verify`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          serverSeed: rotated.revealed.serverSeed,
          clientSeed: played.round.clientSeed,
          nonce: 0,
          choices: { game: 'slot', bet: '1000' },
        }),
      })
    ).json();
    expect(verified).toMatchObject({ ok: true, serverSeedHash: committed, win: String(win) });

    expect(await (await api('seed', session, { clientSeed: 'has:colon' })).json()).toEqual({ ok: false, code: 'BAD_CLIENT_SEED' });

    // Money that arrives elsewhere (a deposit) shows when the page asks the wallet again.
    await deposit(platform.database.db, await memberWallet(platform.database.db, m.memberId), 7_000n);
    expect(await (await api('balance', session)).json()).toEqual({ ok: true, balance: String(50_000n - 1000n + win + 7_000n) });
  });

  it('opens baccarat for a LIVE title in Bengali and refuses a bet above the balance in the player language code', async () => {
    const m = await platform.member(1_500n, platform.games.live.nodeId);
    const path = await launchUrl(m.sessionToken, platform.games.live.nodeId, 'BN');
    const { html, boot } = await open(path);
    expect(html).toContain('<html lang="bn"');
    expect(boot).toMatchObject({ game: 'baccarat', lang: 'BN' });
    expect((boot!.strings as Record<string, string>)['baccarat.deal']).toBe(bn['baccarat.deal']);
    const refused = await api('round', boot!.session, { game: 'baccarat', bet: '2000', side: 'TIE' });
    expect(refused.status).toBe(402);
    expect(await refused.json()).toEqual({ ok: false, code: 'INSUFFICIENT_FUNDS', balance: '1500' });
    expect(await platform.balance(m.memberId)).toBe(1_500n);
  });

  it('spins a European wheel for a roulette title: the pick pays by the table, 00 is refused, the ledger moves by the round', async () => {
    const m = await platform.member(20_000n, platform.games.roulette.nodeId);
    const path = await launchUrl(m.sessionToken, platform.games.roulette.nodeId, 'EN');
    const { boot } = await open(path);
    expect(boot).toMatchObject({ page: 'play', game: 'roulette', mode: 'real', lang: 'EN' });
    expect((boot!.strings as Record<string, string>)['roulette.spin']).toBe(en['roulette.spin']);
    const session = boot!.session;
    // 00 exists only on the American wheel; a baccarat round is not this game.
    expect(await (await api('round', session, { game: 'roulette', bet: '1000', pick: 'n37' })).json()).toEqual({
      ok: false,
      code: 'BAD_PICK',
    });
    expect((await api('round', session, { game: 'baccarat', bet: '1000', side: 'PLAYER' })).status).toBe(400);
    expect(await platform.balance(m.memberId)).toBe(20_000n);

    const played: Json = await (await api('round', session, { game: 'roulette', bet: '1000', pick: 'dozen2' })).json();
    expect(played).toMatchObject({ ok: true, round: { game: 'roulette', choices: { pick: 'dozen2' }, status: 'settled' } });
    const pocket = played.round.outcome.result.pocket as number;
    expect(pocket).toBeGreaterThanOrEqual(0);
    expect(pocket).toBeLessThan(37);
    expect(played.round.win).toBe(pocket >= 13 && pocket <= 24 ? '3000' : '0');
    expect(await platform.balance(m.memberId)).toBe(20_000n - 1000n + BigInt(played.round.win));
  });

  it('opens every house game by its kind, the long names too (a demo link needs no token)', async () => {
    for (const kind of ['slot', 'baccarat', 'no-commission-baccarat', 'crash', 'roulette', 'american-roulette', 'fishing']) {
      const { response, boot } = await open(`/house/play?vendor=EVO&game=X1&mode=demo&lang=EN&kind=${kind}`);
      expect(response.status, kind).toBe(200);
      expect(boot, kind).toMatchObject({ page: 'play', game: kind, mode: 'demo' });
    }
  });

  it('plays a fishing title as the fishing game: one shot per round, a catch pays the fish multiplier', async () => {
    const m = await platform.member(20_000n, platform.games.fish.nodeId);
    const { boot } = await open(await launchUrl(m.sessionToken, platform.games.fish.nodeId, 'BN'));
    expect(boot).toMatchObject({ page: 'play', game: 'fishing', mode: 'real', lang: 'BN' });
    expect((boot!.strings as Record<string, string>)['fishing.shoot']).toBe(bn['fishing.shoot']);
    const session = boot!.session;
    expect(await (await api('round', session, { game: 'fishing', bet: '1000', fish: 'goldfish' })).json()).toMatchObject({ ok: false });
    expect((await api('round', session, { game: 'crash', bet: '1000', target: '2' })).status).toBe(400);
    let balance = 20_000n;
    for (let shot = 0; shot < 3; shot++) {
      const played: Json = await (await api('round', session, { game: 'fishing', bet: '1000', fish: 'pufferfish' })).json();
      expect(played).toMatchObject({ ok: true, round: { game: 'fishing', choices: { fish: 'pufferfish' }, status: 'settled' } });
      const { caught, multiplier } = played.round.outcome.result;
      expect(multiplier).toBe(3);
      expect(played.round.win).toBe(caught ? '3000' : '0');
      balance += BigInt(played.round.win) - 1000n;
    }
    expect(await platform.balance(m.memberId)).toBe(balance);
  });

  it('shows "session expired" for an unknown launch token, and a bad link page for a malformed URL', async () => {
    const expired = await open(`/house/play?vendor=PG&game=${platform.games.slot.gameCode}&mode=real&lang=EN&token=${'x'.repeat(43)}`);
    expect(expired.response.status).toBe(401);
    expect(expired.boot).toMatchObject({ page: 'error', code: 'SESSION_EXPIRED' });
    expect(expired.html).toContain(en['error.SESSION_EXPIRED'].replace(/'/g, '&#39;'));
    const bad = await open('/house/play?lang=BN');
    expect(bad.response.status).toBe(400);
    expect(bad.boot).toMatchObject({ page: 'error', code: 'BAD_LAUNCH' });
    expect(bad.html).toContain(bn['error.BAD_LAUNCH']);
    expect((await api('round', 'no-such-session', { game: 'slot', bet: '100' })).status).toBe(401);
  });

  it("plays another vendor's tile as a house demo with play money: the member's ledger never moves", async () => {
    const m = await platform.funded(10_000n);
    // An instant-games vendor has no game server here: its tile launches the house crash game in demo mode.
    const path = await launchUrl(m.sessionToken, platform.games.spb.nodeId, 'EN');
    expect(new URL(path, platform.origin).searchParams.get('token')).toBeNull();
    const { boot } = await open(path);
    expect(boot).toMatchObject({ page: 'play', mode: 'demo', game: 'crash', vendor: 'SPB', balance: '1000000' });
    const round = (await (await api('round', boot!.session, { game: 'crash', bet: '1000', target: '2' })).json()) as Json;
    expect(round).toMatchObject({ ok: true, round: { mode: 'demo', status: 'settled' } });
    expect(round.balance).toBe(String(1_000_000n - 1000n + BigInt(round.round.win)));
    expect(await platform.balance(m.memberId)).toBe(10_000n);
  });

  it('serves the page script, stylesheet and Bengali font with content-hashed names cached for good, and the verify page', async () => {
    const { html } = await open(`/house/verify?lang=BN&game=slot&nonce=0`);
    const script = /<script type="module" src="([^"]+)"/.exec(html)?.[1];
    const style = /<link rel="stylesheet" href="([^"]+)"/.exec(html)?.[1];
    expect(script).toMatch(/^\/house\/assets\/house-[A-Z0-9]+\.js$/);
    expect(style).toMatch(/^\/house\/assets\/house-style-[A-Z0-9]+\.css$/);
    const js = await fetch(`${platform.origin}${script}`);
    expect(js.status).toBe(200);
    expect(js.headers.get('content-type')).toContain('javascript');
    expect(js.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    const again = await fetch(`${platform.origin}${script}`, { headers: { 'if-none-match': js.headers.get('etag') ?? '' } });
    expect(again.status).toBe(304);
    const css = await (await fetch(`${platform.origin}${style}`)).text();
    const font = /url\("(\/house\/assets\/noto-sans-bengali-bengali-400-normal-[A-Z0-9]+\.woff2)"\)/.exec(css)?.[1];
    expect(font).toBeTruthy();
    expect((await fetch(`${platform.origin}${font}`)).headers.get('content-type')).toBe('font/woff2');
    expect((await fetch(`${platform.origin}/house/assets/nope.js`)).status).toBe(404);
    expect(html).toContain(bn['verify.title']);
  });
});

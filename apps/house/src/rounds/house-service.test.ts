import { WalletClient } from '@playfront/contract/provider-wallet-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectLedgerClean, launchToken } from '../../../server/src/features/play/play.fixtures.ts';
import type { CheckedChoices, GameKind } from '../games/registry.ts';
import { SqlHouseStore } from '../store/sql-house-store.ts';
import { type Platform, startPlatform } from '../testing/platform.ts';
import { HouseService, type HouseSession, type RoundAnswer } from './house-service.ts';
import type { RoundRecord } from './round-log.ts';

/**
 * The house's round service against a REAL Playfront server over HTTP: every
 * bet, win and rollback is a signed provider-wallet call that moves the
 * member's ledger balance, and afterwards the ledger must equal the house's log.
 */
let platform: Platform;
beforeAll(async () => {
  platform = await startPlatform();
});
afterAll(async () => {
  await platform?.close();
});

type FetchHook = (call: string, send: () => Promise<Response>) => Promise<Response>;

/** A house wired to the platform; `hook` sees each wallet call and may lose its request or its answer. */
function house(hook?: FetchHook) {
  const realFetch: typeof fetch = (input, init) => fetch(input, init);
  const wallet = new WalletClient({
    walletBaseUrl: platform.walletBaseUrl,
    secretForVendor: platform.secretForVendor,
    fetch: hook ? (input, init) => hook(String(input).split('/').pop() ?? '', () => realFetch(input, init)) : realFetch,
  });
  const store = new SqlHouseStore(platform.sql);
  const service = new HouseService({ wallet, store, retryDelaysMs: [5, 10, 20], reconcileEveryMs: 3_600_000 });
  return { wallet, store, service };
}

async function realSession(h: ReturnType<typeof house>, launchToken: string, vendor: string, game: GameKind): Promise<HouseSession> {
  const auth = await h.wallet.authenticate(vendor, { token: launchToken });
  if (auth.kind !== 'ok') throw new Error(`authenticate: ${JSON.stringify(auth)}`);
  return h.service.openSession({
    mode: 'real',
    vendor,
    gameCode: auth.value.gameCode,
    game,
    token: launchToken,
    playerKey: `${vendor}:${auth.value.playerId}`,
    displayName: auth.value.displayName,
    currency: auth.value.currency,
    balance: BigInt(auth.value.balance),
  });
}

async function platformRound(vendor: string, roundId: string) {
  return platform.database.db
    .selectFrom('game_round')
    .select(['bet_total', 'win_total', 'refund_total', 'status', 'member_id'])
    .where('vendor_code', '=', vendor)
    .where('round_id', '=', roundId)
    .executeTakeFirst();
}

/** The member's balance the house's log implies: start − bets + wins of settled rounds (voided rounds cost nothing). */
function impliedBalance(start: bigint, rounds: RoundRecord[]): bigint {
  return rounds.reduce((sum, r) => (r.status === 'settled' ? sum - r.bet + r.win : sum), start);
}

const slot = (bet: bigint): CheckedChoices => ({ game: 'slot', bet });

describe('house service against a running Playfront server', () => {
  it('plays slot and baccarat rounds for real money: every round settles, a win is credited, and the ledger equals the round log', async () => {
    const h = house();
    const start = 200_000n;
    const { games } = platform;
    const m = await platform.member(start, games.slot.nodeId);
    const slotSession = await realSession(h, m.launchToken, games.slot.vendor, 'slot');
    expect(slotSession.balance).toBe(start);

    const answers: RoundAnswer[] = [];
    for (let i = 0; i < 10; i++) answers.push(await h.service.play(slotSession, slot(1000n)));
    // Baccarat on the live vendor, same member: play until a win lands (player side wins ~45 % of coups).
    const launch = await launchToken(platform.t, m.sessionToken, games.live.nodeId);
    const tableSession = await realSession(h, launch, games.live.vendor, 'baccarat');
    for (let i = 0; i < 60 && !answers.some((a) => a.ok && a.round.win > 0n); i++) {
      answers.push(await h.service.play(tableSession, { game: 'baccarat', bet: 2000n, side: 'PLAYER' }));
    }

    const rounds = answers.map((a) => {
      if (!a.ok) throw new Error(`refused: ${JSON.stringify(a.refusal)}`);
      expect(a.winPending).toBe(false);
      expect(a.round.status).toBe('settled');
      return a.round;
    });
    expect(rounds.some((r) => r.win > 0n)).toBe(true);
    const expected = impliedBalance(start, rounds);
    expect(await platform.balance(m.memberId)).toBe(expected);
    const last = answers.at(-1);
    expect(last?.ok ? last.balance : null).toBe(expected);

    // The platform's rounds agree one by one, and the nonces ran 0, 1, 2… per game.
    for (const r of rounds) {
      const row = await platformRound(r.vendor, r.roundId);
      expect(row, r.roundId).toMatchObject({ bet_total: r.bet, win_total: r.win, status: 'settled', member_id: m.memberId });
    }
    expect(rounds.filter((r) => r.game === 'slot').map((r) => r.nonce)).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9]);
    await expectLedgerClean(platform.database.db);
  });

  it('refuses a bet above the balance with the balance, and nothing moves', async () => {
    const h = house();
    const m = await platform.member(500n, platform.games.slot.nodeId);
    const session = await realSession(h, m.launchToken, platform.games.slot.vendor, 'slot');
    const refused = await h.service.play(session, slot(1000n));
    expect(refused).toEqual({ ok: false, refusal: { code: 'INSUFFICIENT_FUNDS', balance: 500n } });
    expect(await platform.balance(m.memberId)).toBe(500n);
    expect((await h.service.fair(session)).nonce).toBe(0);

    // The whole balance is still playable.
    const played = await h.service.play(session, slot(500n));
    if (!played.ok) throw new Error(JSON.stringify(played.refusal));
    expect(await platform.balance(m.memberId)).toBe(played.round.win);
    await expectLedgerClean(platform.database.db);
  });

  it('never lets concurrent spins overdraw: they run one after another and the ledger matches', async () => {
    const h = house();
    const start = 5_000n;
    const m = await platform.member(start, platform.games.slot.nodeId);
    const session = await realSession(h, m.launchToken, platform.games.slot.vendor, 'slot');
    const answers = await Promise.all(Array.from({ length: 12 }, () => h.service.play(session, slot(1000n))));
    const played = answers.flatMap((a) => (a.ok ? [a.round] : []));
    const refused = answers.flatMap((a) => (a.ok ? [] : [a.refusal.code]));
    expect(played.length).toBeGreaterThanOrEqual(5);
    expect(new Set(refused)).toEqual(refused.length ? new Set(['INSUFFICIENT_FUNDS']) : new Set());
    expect(played.map((r) => r.nonce).sort((a, b) => a - b)).toEqual(played.map((_, i) => i));
    expect(await platform.balance(m.memberId)).toBe(impliedBalance(start, played));
    await expectLedgerClean(platform.database.db);
  });

  it('rolls back a bet whose answer was lost: the stake comes back and the round is cancelled on both sides', async () => {
    let lose = true;
    const h = house(async (call, send) => {
      const response = await send();
      if (call === 'bet' && lose) {
        lose = false;
        throw new TypeError('fetch failed'); // the platform took the bet; the house never heard
      }
      return response;
    });
    const m = await platform.member(10_000n, platform.games.slot.nodeId);
    const session = await realSession(h, m.launchToken, platform.games.slot.vendor, 'slot');
    const answer = await h.service.play(session, slot(2000n));
    expect(answer).toEqual({ ok: false, refusal: { code: 'ROUND_VOIDED', rollbackPending: false } });
    const [round] = await h.service.history(session);
    expect(round?.status).toBe('voided');
    expect(await platform.balance(m.memberId)).toBe(10_000n);
    expect(await platformRound(round!.vendor, round!.roundId)).toMatchObject({
      bet_total: 2000n,
      refund_total: 2000n,
      status: 'cancelled',
    });
    // Nothing was played: the nonce was not used.
    expect((await h.service.fair(session)).nonce).toBe(0);
    await expectLedgerClean(platform.database.db);
  });

  it('rolls back a bet that never arrived: a tombstone refuses the late bet', async () => {
    let dropped = false;
    const h = house(async (call, send) => {
      if (call === 'bet' && !dropped) {
        dropped = true;
        throw new TypeError('fetch failed'); // lost before it reached the platform
      }
      return send();
    });
    const m = await platform.member(10_000n, platform.games.slot.nodeId);
    const session = await realSession(h, m.launchToken, platform.games.slot.vendor, 'slot');
    expect(await h.service.play(session, slot(1000n))).toMatchObject({ ok: false, refusal: { code: 'ROUND_VOIDED' } });
    const [round] = await h.service.history(session);
    const late = await h.wallet.bet(session.vendor, {
      token: m.launchToken,
      transactionId: round!.betTransactionId,
      roundId: round!.roundId,
      gameCode: session.gameCode,
      amount: '1000',
      currency: session.currency,
    });
    expect(late).toMatchObject({ kind: 'refused', code: 'TRANSACTION_ROLLED_BACK' });
    expect(await platform.balance(m.memberId)).toBe(10_000n);
    await expectLedgerClean(platform.database.db);
  });

  it('repeats a win whose answer was lost with the same transaction id: credited exactly once', async () => {
    let lost = 0;
    const h = house(async (call, send) => {
      const response = await send();
      if (call === 'win' && lost < 2) {
        lost += 1;
        throw new TypeError('fetch failed');
      }
      return response;
    });
    const start = 100_000n;
    const m = await platform.member(start, platform.games.slot.nodeId);
    const session = await realSession(h, m.launchToken, platform.games.slot.vendor, 'slot');
    const rounds: RoundRecord[] = [];
    for (let i = 0; i < 3; i++) {
      const a = await h.service.play(session, slot(1000n));
      if (!a.ok) throw new Error(JSON.stringify(a.refusal));
      expect(a.round.status).toBe('settled');
      rounds.push(a.round);
    }
    expect(lost).toBe(2);
    expect(await platform.balance(m.memberId)).toBe(impliedBalance(start, rounds));
    const wins = await platform.database.db
      .selectFrom('provider_transaction')
      .select(['transaction_id'])
      .where('kind', '=', 'WIN')
      .where('round_id', '=', rounds[0]!.roundId)
      .execute();
    expect(wins.map((w) => w.transaction_id)).toEqual([rounds[0]!.winTransactionId]);
    await expectLedgerClean(platform.database.db);
  });

  it('keeps a win it could not deliver and settles it when the wallet answers again', async () => {
    let down = true;
    const h = house(async (call, send) => {
      if (call === 'win' && down) throw new TypeError('fetch failed');
      return send();
    });
    const start = 50_000n;
    const m = await platform.member(start, platform.games.live.nodeId);
    const session = await realSession(h, m.launchToken, platform.games.live.vendor, 'baccarat');
    const answer = await h.service.play(session, { game: 'baccarat', bet: 1000n, side: 'BANKER' });
    if (!answer.ok) throw new Error(JSON.stringify(answer.refusal));
    expect(answer.winPending).toBe(true);
    expect(answer.round.status).toBe('win-pending');
    expect(await h.service.pendingRounds()).toEqual([answer.round.roundId]);
    // Meanwhile the platform holds the stake only.
    expect(await platform.balance(m.memberId)).toBe(start - 1000n);

    down = false;
    await h.service.reconcile();
    expect((await h.service.round(answer.round.roundId))?.status).toBe('settled');
    expect(await h.service.pendingRounds()).toEqual([]);
    expect(await platform.balance(m.memberId)).toBe(start - 1000n + answer.round.win);
    expect(await platformRound(answer.round.vendor, answer.round.roundId)).toMatchObject({
      status: 'settled',
      win_total: answer.round.win,
    });
    await expectLedgerClean(platform.database.db);
  });

  it('plays demo rounds with play money and never calls the wallet', async () => {
    let calls = 0;
    const h = house(async (_call, send) => {
      calls += 1;
      return send();
    });
    const session = await h.service.openSession({
      mode: 'demo',
      vendor: 'SBO',
      gameCode: 'anything',
      game: 'crash',
      token: null,
      playerKey: 'demo:test',
      displayName: '',
      currency: 'BDT',
      balance: 1_000_000n,
    });
    let balance = 1_000_000n;
    for (let i = 0; i < 5; i++) {
      const a = await h.service.play(session, { game: 'crash', bet: 1000n, target: 200 });
      if (!a.ok) throw new Error(JSON.stringify(a.refusal));
      balance = balance - 1000n + a.round.win;
      expect(a.balance).toBe(balance);
    }
    expect(calls).toBe(0);
  });
});

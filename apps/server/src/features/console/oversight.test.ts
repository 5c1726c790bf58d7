import { oversightPath, CONSOLE_OVERSIGHT_PATHS as P } from '@playfront/contract/console-oversight';
import { PLAY_PATHS } from '@playfront/contract/play-paths';
import { deriveLotteryVendorSecret } from '@playfront/contract/provider-signing';
import { PROVIDER_WALLET_BASE } from '@playfront/contract/provider-wallet';
import { SUPPORT_CHAT_PATHS } from '@playfront/contract/support-chat';
import { CompiledQuery, type Kysely, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listeningOrigin } from '../../../../lottery/src/index.ts';
import type { LotteryService } from '../../../../lottery/src/service.ts';
import { type LotteryPlatform, lotteryClock, lottoApi, startLottery } from '../../../../lottery/src/testing/platform.ts';
import { makeApp, makeClock, type TestApp } from '../../../test/accounts-helpers.ts';
import { createTestDatabase, type TestDatabase, testDbKind } from '../../../test/test-db.ts';
import { DEMO_MERCHANT_CODE } from '../../seed/demo-brand.ts';
import { findBrand, setBrandFlag } from '../brand/brand.repository.ts';
import { walletBalance } from '../funds/funds.fixtures.ts';
import { expectLedgerClean, fundedMember, H, HOUSE_SECRET, PLAY_ENV } from '../play/play.fixtures.ts';
import { submitFeedback } from '../support/feedback/feedback.service.ts';
import { auditRows, consoleCall, type SignedInStaff, signedInStaff } from './console.fixtures.ts';

/**
 * Lane H's console pages over a listening server (decision 050): lottery oversight calling the mounted lottery's
 * operator API over real HTTP (a voided draw refunds every slip once: repeated, concurrent, and racing the draw
 * loop of a second lottery instance), the support desk (a staff reply reaches the member's conversation), agents
 * and the house's contracts; one audit row per change, none for a refusal. Both databases.
 */
let database: TestDatabase;
let t: TestApp;
let origin: string;
let B: { service: LotteryService; close: () => Promise<void> };
const clock = lotteryClock();
const staff = {} as { owner: SignedInStaff; support: SignedInStaff; readOnly: SignedInStaff; finance: SignedInStaff };

beforeAll(async () => {
  database = await createTestDatabase();
  t = await makeApp(
    database,
    { ...PLAY_ENV, LOTTERY_TICK_MS: '0', ARGON2_PROFILE: 'test', RATE_LIMIT_PER_MINUTE: '100000000' },
    makeClock(new Date()),
  );
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  origin = listeningOrigin(t.app);
  // A second lottery instance on the same database, its loop driven by the test (the draw loop racing the void).
  const platform = {
    walletBaseUrl: `${origin}${PROVIDER_WALLET_BASE}`,
    secretForVendor: (vendor: string) => deriveLotteryVendorSecret(HOUSE_SECRET, vendor),
    sql: {
      query: async <R>(text: string, params: readonly unknown[] = []) =>
        (await (database.db as unknown as Kysely<unknown>).executeQuery<R>(CompiledQuery.raw(text, [...params]))).rows,
    },
  } as unknown as LotteryPlatform;
  const b = await startLottery(platform, { now: clock.now, leaseMs: 1000 });
  B = { service: b.service, close: () => b.app.close() };
  // Its games are seeded when it listens; its config cache reads the test clock, so move past a cache filled early.
  await B.service.start();
  clock.advance(11_000);
  await B.service.ensureDraws();
  staff.owner = await signedInStaff(t, 'owner');
  staff.support = await signedInStaff(t, 'support');
  staff.readOnly = await signedInStaff(t, 'read-only');
  staff.finance = await signedInStaff(t, 'finance');
}, 120_000);

afterAll(async () => {
  await B?.close();
  await t?.app.close();
  await database?.close();
});

const call = (who: SignedInStaff, method: 'GET' | 'POST' | 'PUT', url: string, body?: unknown) =>
  consoleCall(t, method, url, who.token, body);
const auditCount = async () => Number((await sql<{ n: string }>`select count(*) as n from staff_audit`.execute(database.db)).rows[0]?.n);

/** A member with funds and an open lottery session on the mounted lottery. */
async function player(funds: bigint) {
  const m = await fundedMember(database.db, t.clock.now, funds);
  const game = await database.db
    .selectFrom('game')
    .select('node_id')
    .where('vendor_code', '=', 'ELOTT')
    .where('active', '=', true)
    .orderBy('node_id')
    .executeTakeFirstOrThrow();
  const launch = await t.app.inject({ method: 'POST', url: PLAY_PATHS.launchGame, headers: H(m.token), payload: { nodeId: game.node_id } });
  const token = new URL(launch.json().value.url, 'http://x.invalid').searchParams.get('token');
  const opened = await lottoApi(origin, 'session', null, { vendor: 'ELOTT', token });
  expect(opened.json, JSON.stringify(opened.json)).toMatchObject({ ok: true });
  return { memberId: m.memberId, session: opened.json.session as string };
}

let seq = 0;
async function slip(session: string, drawId: string, stake = '2000') {
  const placed = await lottoApi(origin, 'slips', session, {
    requestId: `oversight-${Date.now()}-${++seq}`,
    game: 'ELOTT_5',
    drawId,
    lines: [{ betType: 'P3_BIG_SMALL', numbers: ['BIG'], stake }],
  });
  expect(placed.json, JSON.stringify(placed.json)).toMatchObject({ ok: true });
}

/** The ELOTT_5 draw taking bets with at least 20 s left (5-minute draws: the next one when this one closes soon). */
async function openDraw(session: string) {
  for (;;) {
    const current = await lottoApi(origin, 'games/ELOTT_5/draws/current', session);
    const draw = current.json.draw as { drawId: string; closesAt: string; drawsAt: string };
    if (Date.parse(draw.closesAt) - Date.now() > 20_000) return draw;
    await new Promise((r) => setTimeout(r, 2_000));
  }
}

describe(`lottery oversight (${testDbKind})`, () => {
  it('lists games and draws with the published seed hash; switches a game off and on, audited; refusals change nothing', async () => {
    const games = await call(staff.readOnly, 'GET', P.lotteryGames);
    expect(games.statusCode, games.body).toBe(200);
    const list = games.json().value as { code: string; active: boolean; betTypes: unknown[] }[];
    expect(list.map((g) => g.code)).toContain('ELOTT_3');
    expect(list.every((g) => g.active && g.betTypes.length > 0)).toBe(true);

    const draws = await call(staff.readOnly, 'GET', `${P.lotteryDraws}?game=ELOTT_1&limit=5`);
    expect(draws.statusCode, draws.body).toBe(200);
    expect(draws.json().value[0], draws.body).toMatchObject({
      gameCode: 'ELOTT_1',
      serverSeedHash: expect.stringMatching(/^[0-9a-f]{64}$/),
    });

    const before = await auditCount();
    expect(
      (await call(staff.readOnly, 'POST', oversightPath('lotteryGameDisable', { code: 'ELOTT_3' }), { reason: 'maintenance' })).statusCode,
    ).toBe(403);
    const unknown = await call(staff.owner, 'POST', oversightPath('lotteryGameDisable', { code: 'NOPE' }), { reason: 'maintenance' });
    expect(unknown.json()).toMatchObject({ code: 'LOTTERY_GAME_NOT_FOUND', message: 'errors.lotteryGameNotFound' });
    expect(await auditCount()).toBe(before);

    const off = await call(staff.owner, 'POST', oversightPath('lotteryGameDisable', { code: 'ELOTT_3' }), { reason: 'maintenance' });
    expect(off.json().value).toMatchObject({ changed: true, game: { code: 'ELOTT_3', active: false } });
    const on = await call(staff.owner, 'POST', oversightPath('lotteryGameEnable', { code: 'ELOTT_3' }), { reason: 'back' });
    expect(on.json().value).toMatchObject({ changed: true, game: { active: true } });
    expect((await auditRows(database.db, 'lottery.game_disable', 'ELOTT_3')).length).toBe(1);
    expect((await auditRows(database.db, 'lottery.game_enable', 'ELOTT_3')).length).toBe(1);
    expect(await auditCount()).toBe(before + 2);
  });

  it('changes this brand’s odds and limits (decision 054): audited, checked, refused to read-only staff, and what players get', async () => {
    type Game = {
      code: string;
      betTypes: { code: string; odds: string | null; rtp: string; maxStake: string }[];
      closeBeforeSeconds: number;
    };
    const fast = (games: Game[]) => games.find((g) => g.code === 'ELOTT_1');
    const read = await call(staff.readOnly, 'GET', P.lotteryBrandGames);
    expect(read.statusCode, read.body).toBe(200);
    expect(read.json().value.own).toBe(false);
    expect(fast(read.json().value.games)?.betTypes.find((b) => b.code === 'P3_BIG_SMALL')).toMatchObject({ odds: '1.95', rtp: '97.50' });

    const edit = {
      closeBeforeSeconds: 30,
      maxExposure: '100000000',
      betTypes: [{ code: 'P3_BIG_SMALL', odds: '1.9', minStake: '1000', maxStake: '50000', maxPerNumber: '100000' }],
      reason: 'tighter odds for this brand',
    };
    const url = oversightPath('lotteryBrandGame', { code: 'ELOTT_1' });
    const before = await auditCount();
    expect((await call(staff.readOnly, 'PUT', url, edit)).statusCode).toBe(403);
    // A return of 100 % or more, stakes out of order, betting closing after the game closes it: refused, nothing changed.
    for (const bad of [
      { ...edit, betTypes: [{ ...edit.betTypes[0], odds: '2.05' }] },
      { ...edit, betTypes: [{ ...edit.betTypes[0], minStake: '60000' }] },
      { ...edit, closeBeforeSeconds: 5 },
    ]) {
      const refused = await call(staff.owner, 'PUT', url, bad);
      expect(refused.json(), refused.body).toMatchObject({ code: 'LOTTERY_ODDS_INVALID', message: 'errors.lotteryOddsInvalid' });
    }
    expect(await auditCount()).toBe(before);

    const changed = await call(staff.owner, 'PUT', url, edit);
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json().value.before.betTypes.find((b: { code: string }) => b.code === 'P3_BIG_SMALL')).toMatchObject({ odds: '1.95' });
    expect(changed.json().value.game).toMatchObject({ closeBeforeSeconds: 30 });
    expect(changed.json().value.game.betTypes.find((b: { code: string }) => b.code === 'P3_BIG_SMALL')).toMatchObject({
      odds: '1.9',
      rtp: '95.00',
      maxStake: '50000',
    });
    const audit = await auditRows(database.db, 'lottery.odds_change', 'PFBD/ELOTT_1');
    expect(audit.length).toBe(1);
    expect(await auditCount()).toBe(before + 1);
    const after = await call(staff.readOnly, 'GET', P.lotteryBrandGames);
    expect(after.json().value.own).toBe(true);

    // The brand's players get the new odds at once (the lottery that changed them forgets its cache).
    const p = await player(100_000n);
    const games = (await lottoApi(origin, 'games', p.session)).json.games as { code: string; betTypes: { code: string; odds: string }[] }[];
    expect(games.find((g) => g.code === 'ELOTT_1')?.betTypes.find((b) => b.code === 'P3_BIG_SMALL')?.odds).toBe('1.9');
  });

  it('the lottery refuses an unsigned or wrongly signed operator call', async () => {
    const unsigned = await fetch(`${origin}/lotto/operator/games`);
    expect(unsigned.status).toBe(401);
    const forged = await fetch(`${origin}/lotto/operator/draws/ELOTT_1-x/void`, {
      method: 'POST',
      headers: { 'x-lotto-operator-timestamp': String(Math.floor(Date.now() / 1000)), 'x-lotto-operator-signature': 'a'.repeat(64) },
    });
    expect(forged.status).toBe(401);
  });

  it('voiding a draw refunds every slip once: two voids at once, then a third, each audited; the ledger stays clean', async () => {
    const start = 50_000n;
    const p1 = await player(start);
    const p2 = await player(start);
    const draw = await openDraw(p1.session);
    await slip(p1.session, draw.drawId);
    await slip(p1.session, draw.drawId, '3000');
    await slip(p2.session, draw.drawId);
    expect(await walletBalance(database.db, p1.memberId)).toBe(start - 5000n);

    const url = oversightPath('lotteryDrawVoid', { drawId: draw.drawId });
    const [a, b] = await Promise.all([
      call(staff.owner, 'POST', url, { reason: 'results feed failed' }),
      call(staff.owner, 'POST', url, { reason: 'results feed failed' }),
    ]);
    expect([a.statusCode, b.statusCode], `${a.body} ${b.body}`).toEqual([200, 200]);
    expect([a.json().value.outcome, b.json().value.outcome].sort()).toEqual(['already_void', 'voided']);
    // Anything a lost answer left owed is repeated by the loop; nothing is refunded twice.
    for (let pass = 0; pass < 5 && (await B.service.store.slipCounts(draw.drawId)).voiding; pass++) {
      clock.advance(1100);
      await B.service.payOwed(draw.drawId);
    }
    expect(await B.service.store.slipCounts(draw.drawId)).toEqual({ void: 3 });
    const third = await call(staff.owner, 'POST', url, { reason: 'again' });
    expect(third.json().value).toMatchObject({ outcome: 'already_void', refunded: 0, counts: { void: 3 } });
    expect(await walletBalance(database.db, p1.memberId)).toBe(start);
    expect(await walletBalance(database.db, p2.memberId)).toBe(start);
    expect((await auditRows(database.db, 'lottery.draw_void', draw.drawId)).length).toBe(3);

    const detail = await call(staff.readOnly, 'GET', oversightPath('lotteryDraw', { drawId: draw.drawId }));
    expect(detail.json().value).toMatchObject({ draw: { status: 'void', slips: 3, stake: '0' }, counts: { void: 3 } });
    // No bet on a void draw.
    const late = await lottoApi(origin, 'slips', p2.session, {
      requestId: `late-${Date.now()}`,
      game: 'ELOTT_5',
      drawId: draw.drawId,
      lines: [{ betType: 'P3_BIG_SMALL', numbers: ['BIG'], stake: '2000' }],
    });
    expect(late.json).toMatchObject({ ok: false, code: 'DRAW_CLOSED' });
    await expectLedgerClean(database.db);
  });

  it('a void racing the draw loop: either the draw is voided and refunded, or it is drawn and the void refused; never both', async () => {
    const start = 50_000n;
    const p = await player(start);
    const draw = await openDraw(p.session);
    await slip(p.session, draw.drawId);
    const before = await auditCount();
    clock.set(Date.parse(draw.drawsAt) + 1);
    const [voided] = await Promise.all([
      call(staff.owner, 'POST', oversightPath('lotteryDrawVoid', { drawId: draw.drawId }), { reason: 'race' }),
      B.service.tick(),
    ]);
    for (let pass = 0; pass < 5; pass++) {
      const status = (await B.service.store.draw(draw.drawId))?.status;
      const counts = await B.service.store.slipCounts(draw.drawId);
      if ((status === 'void' && counts.void === 1) || status === 'settled') break;
      clock.advance(1100);
      await B.service.tick();
    }
    const after = await B.service.store.draw(draw.drawId);
    if (voided.statusCode === 200) {
      expect(after?.status).toBe('void');
      expect(await B.service.store.slipCounts(draw.drawId)).toEqual({ void: 1 });
      expect(await walletBalance(database.db, p.memberId)).toBe(start);
      expect(await auditCount()).toBe(before + 1);
    } else {
      expect(voided.json()).toMatchObject({ code: 'LOTTERY_DRAW_NOT_VOIDABLE', message: 'errors.lotteryDrawNotVoidable' });
      expect(after?.status).toBe('settled');
      const paid = (await B.service.store.slipCounts(draw.drawId)).settled;
      expect(paid).toBe(1);
      const { rows } = await sql<{
        payout: string;
      }>`select total_payout::text as payout from lottery_slip where draw_id = ${draw.drawId}`.execute(database.db);
      const payout = BigInt(rows[0]?.payout ?? 'x');
      expect(await walletBalance(database.db, p.memberId)).toBe(start - 2000n + payout);
      expect(await auditCount()).toBe(before);
    }
    await expectLedgerClean(database.db);
  });

  it('a drawn draw cannot be voided; the refusal writes no audit row', async () => {
    const open = await B.service.store.currentDraw('ELOTT_3', Date.now());
    expect(open).toBeDefined();
    clock.set(Math.max(clock.now(), open!.drawsAt + 1));
    await B.service.drawDue();
    const drawn = await B.service.store.draw(open!.drawId);
    expect(drawn?.status).toBe('drawn');
    const before = await auditCount();
    const res = await call(staff.owner, 'POST', oversightPath('lotteryDrawVoid', { drawId: drawn!.drawId }), { reason: 'too late' });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ code: 'LOTTERY_DRAW_NOT_VOIDABLE' });
    expect(await auditCount()).toBe(before);
  });
});

describe(`support desk (${testDbKind})`, () => {
  it('claim, reply (the member sees it in their conversation), close; one audit row each; a closed chat takes no reply', async () => {
    const m = await fundedMember(database.db, t.clock.now, 0n);
    const started = await t.app.inject({
      method: 'POST',
      url: SUPPORT_CHAT_PATHS.start,
      headers: H(m.token),
      payload: { text: 'My deposit is missing' },
    });
    expect(started.statusCode, started.body).toBe(200);
    const conversationId = started.json().value.conversation.id as string;

    const queue = await call(staff.support, 'GET', `${P.supportChats}?status=WAITING`);
    expect(queue.json().value.list.map((c: { id: string }) => c.id)).toContain(conversationId);
    expect((await call(staff.finance, 'GET', P.supportChats)).json().code).toBe('STAFF_PERMISSION_DENIED');

    const claimed = await call(staff.support, 'POST', oversightPath('supportChatClaim', { conversationId }));
    expect(claimed.json().value).toMatchObject({ status: 'OPEN', staffName: staff.support.username });
    const reply = await call(staff.support, 'POST', oversightPath('supportChatMessages', { conversationId }), { text: 'Checking it now' });
    expect(reply.statusCode, reply.body).toBe(200);

    const history = await t.app.inject({
      method: 'GET',
      url: SUPPORT_CHAT_PATHS.messages.replace(':conversationId', conversationId),
      headers: H(m.token),
    });
    const messages = history.json().value.messages as { sender: string; text: string | null; senderName: string | null }[];
    expect(messages).toContainEqual(
      expect.objectContaining({ sender: 'STAFF', text: 'Checking it now', senderName: staff.support.username }),
    );

    const polled = await call(staff.support, 'GET', `${oversightPath('supportChatMessages', { conversationId })}?afterSeq=0`);
    expect(polled.json().value.messages.length).toBeGreaterThanOrEqual(3);

    const closed = await call(staff.support, 'POST', oversightPath('supportChatClose', { conversationId }));
    expect(closed.json().value.status).toBe('CLOSED');
    const before = await auditCount();
    const late = await call(staff.support, 'POST', oversightPath('supportChatMessages', { conversationId }), { text: 'one more' });
    expect(late.json()).toMatchObject({ code: 'CHAT_CLOSED' });
    expect(await auditCount()).toBe(before);
    for (const action of ['support_chat.claim', 'support_chat.reply', 'support_chat.close'])
      expect((await auditRows(database.db, action, conversationId)).length, action).toBe(1);
  });

  it('a reply to a waiting chat claims it: the claim and the reply are audited', async () => {
    const m = await fundedMember(database.db, t.clock.now, 0n);
    const started = await t.app.inject({ method: 'POST', url: SUPPORT_CHAT_PATHS.start, headers: H(m.token), payload: { text: 'Hello?' } });
    const conversationId = started.json().value.conversation.id as string;
    await call(staff.owner, 'POST', oversightPath('supportChatMessages', { conversationId }), { text: 'Hi, how can I help?' });
    expect((await auditRows(database.db, 'support_chat.claim', conversationId)).length).toBe(1);
    expect((await auditRows(database.db, 'support_chat.reply', conversationId)).length).toBe(1);
  });

  it('feedback: reply (the member sees it) and close, audited', async () => {
    const m = await fundedMember(database.db, t.clock.now, 0n);
    const brandId = (await findBrand(database.db, DEMO_MERCHANT_CODE))!.id;
    const feedback = await submitFeedback(
      database.db,
      { memberId: m.memberId, brandId },
      { type: 'SUGGESTION', content: 'Please add more lottery games to the lobby', images: [] },
      t.clock.now,
    );
    const list = await call(staff.support, 'GET', `${P.supportFeedback}?status=OPEN`);
    expect(list.json().value.list.map((f: { id: string }) => f.id)).toContain(feedback.id);
    const replied = await call(staff.support, 'POST', oversightPath('supportFeedbackReply', { feedbackId: feedback.id }), {
      content: 'Thank you, noted.',
    });
    expect(replied.json().value).toMatchObject({
      status: 'ANSWERED',
      replies: [expect.objectContaining({ content: 'Thank you, noted.' })],
    });
    const closed = await call(staff.support, 'POST', oversightPath('supportFeedbackClose', { feedbackId: feedback.id }));
    expect(closed.json().value.status).toBe('CLOSED');
    const again = await call(staff.support, 'POST', oversightPath('supportFeedbackClose', { feedbackId: feedback.id }));
    expect(again.statusCode).toBe(200);
    expect((await auditRows(database.db, 'feedback.reply', feedback.id)).length).toBe(1);
    expect((await auditRows(database.db, 'feedback.close', feedback.id)).length).toBe(1);
  });
});

describe(`agents and contracts (${testDbKind})`, () => {
  it('lists agents; the house offers a top agent a contract and withdraws it, each audited; refusals write nothing', async () => {
    const brandId = (await findBrand(database.db, DEMO_MERCHANT_CODE))!.id;
    await setBrandFlag(database.db, brandId, 'CONTRACT_SALARY', true);
    const agent = await fundedMember(database.db, t.clock.now, 0n, 1);
    const username = (await database.db.selectFrom('member').select('username').where('id', '=', agent.memberId).executeTakeFirstOrThrow())
      .username;

    const agents = await call(staff.readOnly, 'GET', `${P.agents}?q=${encodeURIComponent(username)}`);
    expect(agents.statusCode, agents.body).toBe(200);
    expect(agents.json().value.list).toEqual([
      expect.objectContaining({ id: String(agent.memberId), username, teamSize: 0, activeContracts: 0, owed: '0' }),
    ]);

    const before = await auditCount();
    const offerBody = { downlineId: agent.memberId, kind: 'DAILY_SALARY', terms: { rateBps: 50 } };
    expect((await call(staff.readOnly, 'POST', P.agentContracts, offerBody)).statusCode).toBe(403);
    const tooHigh = await call(staff.owner, 'POST', P.agentContracts, { ...offerBody, terms: { rateBps: 9_999 } });
    expect(tooHigh.json().code).toBe('CONTRACT_RATE_ABOVE_UPLINE');
    expect(await auditCount()).toBe(before);

    const offered = await call(staff.owner, 'POST', P.agentContracts, offerBody);
    expect(offered.statusCode, offered.body).toBe(200);
    const contractId = offered.json().value.contract.id as string;
    const listed = await call(staff.readOnly, 'GET', `${P.agentContracts}?state=OFFERED&q=${encodeURIComponent(username)}`);
    expect(listed.json().value.list).toEqual([expect.objectContaining({ id: contractId, state: 'OFFERED' })]);

    const ended = await call(staff.owner, 'POST', oversightPath('agentContractTerminate', { id: contractId }), {
      reason: 'offered by mistake',
    });
    expect(ended.json().value.contract).toMatchObject({ id: contractId, state: 'TERMINATED' });
    const twice = await call(staff.owner, 'POST', oversightPath('agentContractTerminate', { id: contractId }), {
      reason: 'offered by mistake',
    });
    expect(twice.json().code).toBe('CONTRACT_STATE_INVALID');
    expect((await auditRows(database.db, 'agent_contract.offer', contractId)).length).toBe(1);
    expect((await auditRows(database.db, 'agent_contract.terminate', contractId)).length).toBe(1);
    expect(await auditCount()).toBe(before + 2);

    const settlements = await call(staff.finance, 'GET', P.agentSettlements);
    expect(settlements.json().value).toMatchObject({ totals: { owed: '0', paid: '0', owedCount: 0 } });
  });
});

import { MISSION_PATHS, OPS_MISSION_PATHS } from '@playfront/contract/missions-paths';
import { OPERATOR_KEY_HEADER } from '@playfront/contract/operator';
import { sql } from 'kysely';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { makeApp, makeClock, OPERATOR_KEY, type TestApp } from '../../../test/accounts-helpers.ts';
import { createTestDatabase, type TestDatabase, testDbKind } from '../../../test/test-db.ts';
import { DEMO_MERCHANT_CODE } from '../../seed/demo-brand.ts';
import { loggedInMember, memberSession, walletBalance } from '../funds/funds.fixtures.ts';
import { auditLedger } from '../ledger/ledger.audit.ts';
import { type LiveMessage, liveBusOf } from '../live/live-bus.ts';
import { maskName } from '../lobby/lobby.service.ts';
import { dayKey, periodEnd, weekKey } from './mission-periods.ts';
import { MISSIONS_CONSUMER } from './missions-consumer.ts';

/**
 * Missions through the app: progress of each goal type from the money outbox (exactly once, whatever is replayed),
 * the period roll-over, claims (once under many concurrent ones; cash and bonus rewards through payReward), the
 * leaderboard (order, masked names, my rank), the badge count, the operator API. Every scenario ends with the money
 * audit clean. The demo brand's seeded missions are the ones counted (seed/demo-missions.ts).
 */
let database: TestDatabase;
let t: TestApp;
// A Wednesday: the ISO week 2026-W48 runs from Monday 23rd to Sunday 29th.
const T = new Date('2026-11-25T10:00:00Z');

// One database and app for the file (each scenario has its own members, and its own day where boards are compared).
beforeAll(async () => {
  database = await createTestDatabase();
  t = await makeApp(database, { ARGON2_PROFILE: 'test', RATE_LIMIT_PER_MINUTE: '100000000' }, makeClock(new Date(T)));
  await t.app.ready();
});

beforeEach(() => {
  t.clock.now = new Date(T);
});

afterEach(async () => {
  await t.app.moneyOutbox?.drain();
  const money = await auditLedger(database.db);
  expect(money.violations).toEqual([]);
});

afterAll(async () => {
  await t?.app.close();
  await database?.close();
});

const tk = (taka: number) => BigInt(taka) * 100n;
const headers = (token?: string, language = 'en') => ({
  merchant: DEMO_MERCHANT_CODE,
  language,
  ...(token ? { authorization: token } : {}),
});
const get = (url: string, token: string, language = 'en') => t.app.inject({ method: 'GET', url, headers: headers(token, language) });
const claim = (missionId: number, token: string) =>
  t.app.inject({ method: 'POST', url: MISSION_PATHS.claim.replace(':missionId', String(missionId)), headers: headers(token) });
const ops = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
  t.app.inject({ method, url, headers: { ...headers(), [OPERATOR_KEY_HEADER]: OPERATOR_KEY }, ...(payload ? { payload } : {}) });

let round = 0;
/** A ROUND_SETTLED money event as the provider functions write it when a round closes (decision 026's shape). */
async function settled(memberId: number, r: { gameType: string; game: string; validBet: bigint; win?: bigint; at?: Date }) {
  const reference = {
    vendor: 'PG',
    roundId: `mission-${++round}`,
    gameType: r.gameType,
    gameCode: r.game,
    betTotal: String(r.validBet),
    validBet: String(r.validBet),
    winTotal: String(r.win ?? 0n),
  };
  await sql`insert into money_event (member_id, kind, amount, balance_after, currency, source, reference, created_at)
    values (${memberId}, 'ROUND_SETTLED', 0, 0, 'BDT', 'provider:PG', ${JSON.stringify(reference)}::jsonb, ${r.at ?? t.clock.now})`.execute(
    database.db,
  );
}
/** A credited deposit's money event (the consumer reads only the event). */
async function deposited(memberId: number, amount: bigint, at: Date = t.clock.now) {
  await sql`insert into money_event (member_id, kind, amount, balance_after, currency, source, reference, created_at)
    values (${memberId}, 'DEPOSIT', ${amount}, ${amount}, 'BDT', 'payment', ${JSON.stringify({ transferId: `d-${++round}` })}::jsonb, ${at})`.execute(
    database.db,
  );
}

type MissionView = { id: number; code: string; state: string; progress: string; target: string; percent: number; periodKey: string };
async function missions(token: string, language = 'en') {
  const res = await get(MISSION_PATHS.list, token, language);
  expect(res.statusCode).toBe(200);
  const value = res.json().value as { daily: MissionView[]; weekly: MissionView[]; claimableCount: number };
  const byCode = new Map([...value.daily, ...value.weekly].map((m) => [m.code, m]));
  return { value, of: (code: string) => byCode.get(code)! };
}
const figures = (m: MissionView) => ({ state: m.state, progress: m.progress, percent: m.percent });
const drain = async () => {
  await t.app.moneyOutbox?.drain();
  await t.app.moneyOutbox?.drain();
};

describe(`missions (${testDbKind})`, () => {
  it('counts each goal type from settled rounds and deposits exactly once, whatever the outbox replays', async () => {
    const m = await loggedInMember(database.db, t.clock.now);
    const pushed: LiveMessage[] = [];
    await liveBusOf(t.app).subscribe((message) => pushed.push(message));
    const completions = () =>
      pushed.filter((p) => 'memberId' in p && p.memberId === m.memberId && 'event' in p && p.event.type === 'MISSION_COMPLETED');
    await settled(m.memberId, { gameType: 'RNG', game: 'slot-a', validBet: tk(300) });
    await settled(m.memberId, { gameType: 'LIVE', game: 'baccarat-1', validBet: tk(250), win: tk(1_500) });
    await settled(m.memberId, { gameType: 'RNG', game: 'slot-a', validBet: tk(250), win: tk(999) });
    await settled(m.memberId, { gameType: 'FISH', game: 'fish-1', validBet: tk(10) });
    await deposited(m.memberId, tk(1_000));
    await drain();

    const expected = {
      // Slots only: the fishing and live bets do not count.
      'daily-slots-500': { state: 'claimable', progress: String(tk(500)), percent: 100 },
      'daily-deposit-1000': { state: 'claimable', progress: String(tk(1_000)), percent: 100 },
      // slot-a twice is one game.
      'daily-three-games': { state: 'claimable', progress: '3', percent: 100 },
      'weekly-wager-10000': { state: 'inProgress', progress: String(tk(810)), percent: 8 },
      // Only the ৳1,500 win reaches ৳1,000.
      'weekly-big-win': { state: 'claimable', progress: '1', percent: 100 },
      'weekly-ten-games': { state: 'inProgress', progress: '3', percent: 30 },
    };
    const first = await missions(m.token);
    for (const [code, want] of Object.entries(expected)) expect({ code, ...figures(first.of(code)) }).toEqual({ code, ...want });
    expect(first.value.claimableCount).toBe(4);
    expect(first.of('daily-slots-500').periodKey).toBe('2026-11-25');
    expect(first.of('weekly-big-win').periodKey).toBe('2026-W48');
    // The member hears of it at once (the badge and the page refresh).
    for (let waited = 0; completions().length === 0 && waited < 5_000; waited += 50) await new Promise((r) => setTimeout(r, 50));
    expect(completions().length).toBeGreaterThanOrEqual(1);
    // The badge.
    expect((await get(MISSION_PATHS.summary, m.token)).json().value).toMatchObject({ claimableCount: 4, completedCount: 4, totalCount: 6 });

    // A crash before the consumer's position moved replays the whole outbox: nothing is counted twice.
    await sql`update outbox_consumer set position = 0, position_tx = '0'::xid8 where name = ${MISSIONS_CONSUMER}`.execute(database.db);
    await drain();
    const again = await missions(m.token);
    for (const [code, want] of Object.entries(expected)) expect({ code, ...figures(again.of(code)) }).toEqual({ code, ...want });
    const raw = await database.db
      .selectFrom('mission_progress')
      .select(['period_key', 'progress'])
      .where('member_id', '=', m.memberId)
      .execute();
    expect(raw.find((r) => r.period_key === '2026-W48' && r.progress === tk(810))).toBeTruthy();

    // Titles in the call's language.
    expect((await missions(m.token, 'bn')).of('daily-three-games')).toMatchObject({ title: '৩টি ভিন্ন গেম খেলুন' });
  });

  it('starts each period from zero: a day at UTC midnight, a week on Monday; an event counts for the period it happened in', async () => {
    const m = await loggedInMember(database.db, t.clock.now);
    await deposited(m.memberId, tk(1_000));
    await settled(m.memberId, { gameType: 'RNG', game: 'slot-a', validBet: tk(100) });
    await drain();
    expect(figures((await missions(m.token)).of('daily-deposit-1000')).state).toBe('claimable');

    // Just before midnight an event happens; the consumer reads it after midnight: it still counts for its own day.
    await deposited(m.memberId, tk(50), new Date('2026-11-25T23:59:59Z'));
    t.clock.now = new Date('2026-11-26T00:00:01Z');
    await drain();
    const token = await memberSession(database.db, m.memberId, t.clock.now);
    const thursday = await missions(token);
    expect(figures(thursday.of('daily-deposit-1000'))).toEqual({ state: 'inProgress', progress: '0', percent: 0 });
    expect(thursday.of('daily-deposit-1000').periodKey).toBe('2026-11-26');
    // Yesterday's completed mission is gone with its day.
    expect((await claim(thursday.of('daily-deposit-1000').id, token)).json().code).toBe('MISSION_NOT_CLAIMABLE');
    const wednesday = await database.db
      .selectFrom('mission_progress')
      .innerJoin('mission', 'mission.id', 'mission_progress.mission_id')
      .select(['mission_progress.progress', 'mission_progress.period_key'])
      .where('member_id', '=', m.memberId)
      .where('mission.code', '=', 'daily-deposit-1000')
      .execute();
    expect(wednesday).toEqual([{ progress: tk(1_050), period_key: '2026-11-25' }]);
    // The week goes on.
    expect(figures(thursday.of('weekly-wager-10000'))).toEqual({ state: 'inProgress', progress: String(tk(100)), percent: 1 });

    await settled(m.memberId, { gameType: 'RNG', game: 'slot-b', validBet: tk(200) });
    await drain();
    expect(figures((await missions(token)).of('daily-slots-500')).progress).toBe(String(tk(200)));

    // Monday 00:00 UTC: a new ISO week.
    t.clock.now = new Date('2026-11-30T00:00:00Z');
    const monday = await missions(await memberSession(database.db, m.memberId, t.clock.now));
    expect(monday.of('weekly-wager-10000')).toMatchObject({ periodKey: '2026-W49', progress: '0', state: 'inProgress' });
    expect(monday.value.claimableCount).toBe(0);
    expect(weekKey(new Date('2026-12-31T12:00:00Z'))).toBe('2026-W53');
    expect(weekKey(new Date('2027-01-03T12:00:00Z'))).toBe('2026-W53');
    expect(weekKey(new Date('2027-01-04T00:00:00Z'))).toBe('2027-W01');
    expect(periodEnd('weekly', T).toISOString()).toBe('2026-11-30T00:00:00.000Z');
    expect(dayKey(periodEnd('daily', T))).toBe('2026-11-26');
  });

  it('pays a claimed mission once under 60 concurrent claims: cash from the budget through payReward, points on both boards', async () => {
    const m = await loggedInMember(database.db, t.clock.now);
    const trial = await loggedInMember(database.db, t.clock.now, 4);
    await settled(m.memberId, { gameType: 'RNG', game: 'slot-a', validBet: tk(600) });
    await settled(trial.memberId, { gameType: 'RNG', game: 'slot-a', validBet: tk(600) });
    await drain();
    const list = await missions(m.token);
    const slots = list.of('daily-slots-500');
    expect(slots.state).toBe('claimable');
    // Not completed yet, unknown, or a trial account: refused, nothing paid.
    expect((await claim(list.of('weekly-wager-10000').id, m.token)).json().code).toBe('MISSION_NOT_CLAIMABLE');
    expect((await claim(999_999, m.token)).json().code).toBe('MISSION_NOT_FOUND');
    expect((await claim(slots.id, trial.token)).statusCode).toBeGreaterThanOrEqual(400);

    const answers = await Promise.all(Array.from({ length: 60 }, () => claim(slots.id, m.token)));
    const won = answers.filter((r) => r.statusCode === 200);
    expect(won).toHaveLength(1);
    expect(won[0]!.json().value).toMatchObject({
      missionId: slots.id,
      periodKey: '2026-11-25',
      rewardAmount: String(tk(20)),
      paidAs: 'CASH',
      points: 10,
    });
    expect(answers.filter((r) => r.statusCode !== 200).map((r) => r.json().code)).toEqual(Array(59).fill('MISSION_NOT_CLAIMABLE'));

    expect(await walletBalance(database.db, m.memberId)).toBe(tk(20));
    const transfers = await sql<{ kind: string; amount: string; key: string }>`
      select t.kind, t.amount::text as amount, t.idempotency_key as key from ledger_transfer t
      join ledger_account a on a.id = t.credit_account_id where a.member_id = ${m.memberId}`.execute(database.db);
    expect(transfers.rows).toEqual([
      { kind: 'MISSION_REWARD', amount: String(tk(20)), key: `mission:${m.memberId}:${slots.id}:2026-11-25` },
    ]);
    const after = await missions(m.token);
    expect(after.of('daily-slots-500').state).toBe('claimed');
    expect(after.value.claimableCount).toBe(0);
    expect((await claim(slots.id, m.token)).json().code).toBe('MISSION_NOT_CLAIMABLE');
    expect((await get(MISSION_PATHS.summary, m.token)).json().value).toMatchObject({
      claimableCount: 0,
      completedCount: 1,
      dailyPoints: 10,
      dailyRank: 1,
      weeklyPoints: 10,
      weeklyRank: 1,
    });
  });

  it('ranks the boards by points, then by who got there first, with masked names and my own rank', async () => {
    // Its own week, so the boards hold only this scenario's members.
    t.clock.now = new Date('2026-12-09T10:00:00Z');
    const members = [];
    for (let i = 0; i < 4; i++) members.push(await loggedInMember(database.db, t.clock.now));
    const [a, b, c, d] = members as [
      (typeof members)[number],
      (typeof members)[number],
      (typeof members)[number],
      (typeof members)[number],
    ];
    // a: slots (10) + deposit (15) = 25; b: deposit (15) then games (5) = 20, later than c; c: 3 games (5) + big win (40) = 45.
    await settled(a.memberId, { gameType: 'RNG', game: 'x', validBet: tk(500) });
    await deposited(a.memberId, tk(1_000));
    await deposited(b.memberId, tk(1_000));
    for (const g of ['g1', 'g2', 'g3']) {
      await settled(b.memberId, { gameType: 'LIVE', game: g, validBet: tk(1) });
      await settled(c.memberId, { gameType: 'LIVE', game: g, validBet: tk(1), win: g === 'g3' ? tk(2_000) : 0n });
    }
    await deposited(d.memberId, tk(1_000));
    await drain();
    const claimAll = async (who: { token: string }, codes: string[]) => {
      const list = await missions(who.token);
      for (const code of codes) {
        expect((await claim(list.of(code).id, who.token)).statusCode).toBe(200);
        t.clock.advance(1_000);
      }
    };
    await claimAll(a, ['daily-slots-500', 'daily-deposit-1000']);
    await claimAll(c, ['daily-three-games']);
    await claimAll(b, ['daily-deposit-1000', 'daily-three-games']);
    await claimAll(c, ['weekly-big-win']);
    // d completed a mission but has not claimed it: no points, not on the board.

    const names = new Map<number, string>();
    for (const row of await database.db.selectFrom('member').select(['id', 'username', 'nickname']).execute())
      names.set(row.id, row.nickname || row.username);
    const daily = (await get(`${MISSION_PATHS.leaderboard}?board=daily`, b.token)).json().value;
    expect(daily.periodKey).toBe('2026-12-09');
    expect(daily.entries).toEqual([
      { rank: 1, name: maskName(names.get(c.memberId)!), points: 45, isMe: false },
      { rank: 2, name: maskName(names.get(a.memberId)!), points: 25, isMe: false },
      { rank: 3, name: maskName(names.get(b.memberId)!), points: 20, isMe: true },
    ]);
    expect(daily.me).toEqual(daily.entries[2]);
    expect(daily.entries[0].name).toContain('****');
    expect(daily.entries[0].name).not.toBe(names.get(c.memberId));
    // Weekly missions' points and daily ones both feed the week's board.
    const weekly = (await get(`${MISSION_PATHS.leaderboard}?board=weekly`, d.token)).json().value;
    expect(weekly).toMatchObject({ periodKey: '2026-W50', me: null });
    expect(weekly.entries.map((e: { points: number }) => e.points)).toEqual([45, 25, 20]);
    expect((await get(MISSION_PATHS.summary, d.token)).json().value).toMatchObject({ claimableCount: 1, dailyRank: null });
    // A tie goes to whoever reached it first: d gets to b's 20 later than b did.
    for (const g of ['g1', 'g2', 'g3']) await settled(d.memberId, { gameType: 'RNG', game: g, validBet: tk(1) });
    await drain();
    await claimAll(d, ['daily-deposit-1000', 'daily-three-games']);
    const tied = (await get(`${MISSION_PATHS.leaderboard}?board=daily`, d.token)).json().value;
    expect(tied.entries.map((e: { points: number; isMe: boolean; rank: number }) => [e.rank, e.points, e.isMe])).toEqual([
      [1, 45, false],
      [2, 25, false],
      [3, 20, false],
      [4, 20, true],
    ]);
    expect(tied.me).toMatchObject({ rank: 4, points: 20 });
  });

  it('keeps the books and the claims consistent through a random mix of play, deposits and racing claims', async () => {
    // Its own day and week, away from the other scenarios' boards.
    t.clock.now = new Date('2026-12-16T08:00:00Z');
    let seed = 12_345;
    const random = (n: number) => {
      seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648;
      return seed % n;
    };
    const players = [];
    for (let i = 0; i < 5; i++) players.push(await loggedInMember(database.db, t.clock.now));
    const types = ['RNG', 'LIVE', 'FISH', 'PVP'];
    for (let step = 0; step < 3; step++) {
      for (let i = 0; i < 25; i++) {
        const p = players[random(players.length)]!;
        if (random(4) === 0) await deposited(p.memberId, tk(100 + random(900)));
        else
          await settled(p.memberId, {
            gameType: types[random(types.length)]!,
            game: `g${random(12)}`,
            validBet: tk(10 + random(400)),
            win: random(10) === 0 ? tk(1_000 + random(2_000)) : 0n,
          });
      }
      await drain();
      // Every player asks for everything, twice at once.
      const claims = [];
      for (const p of players) {
        const list = await missions(p.token);
        for (const m of [...list.value.daily, ...list.value.weekly]) for (let k = 0; k < 2; k++) claims.push(claim(m.id, p.token));
      }
      const answers = await Promise.all(claims);
      expect(answers.filter((r) => r.statusCode >= 500)).toEqual([]);
    }
    const rows = await sql<{ member_id: number; reward: string; paid: string | null }>`
      select p.member_id, sum(m.reward_amount)::text as reward,
        (select sum(t.amount)::text from ledger_transfer t join ledger_account a on a.id = t.credit_account_id
          where a.member_id = p.member_id and t.kind = 'MISSION_REWARD') as paid
      from mission_progress p join mission m on m.id = p.mission_id
      where p.claimed_at is not null and p.member_id = any(${players.map((p) => p.memberId)}::int[])
      group by p.member_id`.execute(database.db);
    expect(rows.rows.length).toBeGreaterThan(0);
    // What was paid is exactly the rewards of the claimed missions, no more.
    for (const r of rows.rows) expect({ member: r.member_id, paid: r.paid }).toEqual({ member: r.member_id, paid: r.reward });
    for (const p of players) {
      const claimed = rows.rows.find((r) => r.member_id === p.memberId);
      expect(await walletBalance(database.db, p.memberId)).toBe(BigInt(claimed?.reward ?? '0'));
    }
  });

  it('lets the operator configure missions; a bonus reward goes through the promotion and waits while a bonus is active', async () => {
    const body = {
      code: 'daily-live-100',
      period: 'daily',
      goal: 'wager',
      category: 'live',
      target: String(tk(100)),
      rewardAmount: String(tk(50)),
      points: 7,
      titleEn: 'Wager ৳100 on live casino',
      titleBn: 'লাইভ ক্যাসিনোতে ৳১০০ বাজি ধরুন',
    };
    const refused = await t.app.inject({ method: 'POST', url: OPS_MISSION_PATHS.missions, headers: headers(), payload: body });
    expect(refused.statusCode).toBe(401);
    const created = await ops('POST', OPS_MISSION_PATHS.missions, body);
    expect(created.statusCode).toBe(200);
    const cashMission = created.json().value;
    expect(cashMission).toMatchObject({ code: 'daily-live-100', category: 'live', bonusPromotionId: null, active: true });
    expect((await ops('POST', OPS_MISSION_PATHS.missions, body)).json().code).toBe('MISSION_CODE_TAKEN');
    expect((await ops('POST', OPS_MISSION_PATHS.missions, { ...body, code: 'x', bonusPromotionId: 999_999 })).json().code).toBe(
      'PROMOTION_NOT_FOUND',
    );
    const promotion = await database.db.selectFrom('promotion').select('id').where('code', '=', 'welcome-bonus').executeTakeFirstOrThrow();
    const bonusMission = (
      await ops('POST', OPS_MISSION_PATHS.missions, {
        ...body,
        code: 'weekly-live-bonus',
        period: 'weekly',
        bonusPromotionId: promotion.id,
      })
    ).json().value;
    expect(bonusMission.bonusPromotionId).toBe(promotion.id);
    const list = (await ops('GET', OPS_MISSION_PATHS.missions)).json().value.list as { code: string }[];
    expect(list.map((x) => x.code)).toEqual(expect.arrayContaining(['daily-live-100', 'weekly-live-bonus', 'daily-slots-500']));

    const m = await loggedInMember(database.db, t.clock.now);
    await settled(m.memberId, { gameType: 'LIVE', game: 'baccarat-1', validBet: tk(100) });
    await drain();
    const mine = await missions(m.token);
    expect(mine.of('daily-live-100').state).toBe('claimable');
    expect(mine.of('weekly-live-bonus')).toMatchObject({ state: 'claimable', rewardIsBonus: true });

    const bonus = await claim(bonusMission.id, m.token);
    expect(bonus.json().value).toMatchObject({ paidAs: 'BONUS', rewardAmount: String(tk(50)) });
    const grants = await database.db.selectFrom('bonus_grant').select(['amount', 'state']).where('member_id', '=', m.memberId).execute();
    expect(grants).toEqual([{ amount: tk(50), state: 'active' }]);

    // A second bonus mission while that bonus is active: refused, nothing recorded, still claimable.
    const second = (
      await ops('POST', OPS_MISSION_PATHS.missions, { ...body, code: 'daily-live-bonus', bonusPromotionId: promotion.id })
    ).json().value;
    await settled(m.memberId, { gameType: 'LIVE', game: 'baccarat-2', validBet: tk(100) });
    await drain();
    expect((await claim(second.id, m.token)).json().code).toBe('BONUS_ALREADY_ACTIVE');
    expect((await missions(m.token)).of('daily-live-bonus').state).toBe('claimable');
    // Cash is never held back by a bonus.
    expect((await claim(cashMission.id, m.token)).json().value).toMatchObject({ paidAs: 'CASH' });

    // Switched off: hidden from members.
    const off = await ops('PUT', OPS_MISSION_PATHS.mission.replace(':missionId', String(cashMission.id)), { ...body, active: false });
    expect(off.json().value.active).toBe(false);
    expect((await missions(m.token)).value.daily.map((x) => x.code)).not.toContain('daily-live-100');
    expect((await ops('PUT', OPS_MISSION_PATHS.mission.replace(':missionId', '999999'), body)).json().code).toBe('MISSION_NOT_FOUND');
  });
});

import { randomBytes } from 'node:crypto';
import {
  drawRaffle,
  LUCKY_PATHS,
  type LuckyGame,
  type LuckyPlay,
  luckyClientInput,
  luckyPath,
  OPS_LUCKY_PATHS,
  type OpsLuckyGameBody,
  pickWeighted,
  raffleClientInput,
  uniformInt,
} from '@playfront/contract/lucky';
import fc from 'fast-check';
import { sql } from 'kysely';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { BASE_HEADERS, makeApp, makeClock, OPERATOR_KEY, type TestApp } from '../../../test/accounts-helpers.ts';
import { createTestDatabase, type TestDatabase, testDbKind } from '../../../test/test-db.ts';
import { runJobOnce } from '../../infra/jobs/job-runner.ts';
import { findBrand } from '../brand/brand.repository.ts';
import { loggedInMember, walletBalance } from '../funds/funds.fixtures.ts';
import { auditLedger } from '../ledger/ledger.audit.ts';
import { deposit, memberWallet } from '../ledger/ledger.fixtures.ts';
import { grantTickets, play } from './lucky.service.ts';
import { fairStream, hashServerSeed } from './lucky-fair.ts';
import { raffleDrawJob } from './raffle.service.ts';

/**
 * Prize wheel, golden eggs and raffles through the app: tickets from the outbox once, plays paid in their transaction,
 * every outcome recomputed from the revealed seeds, weights honoured, 100 concurrent plays never overspending stock,
 * budget or tickets, the raffle drawn and paid once however often the job runs. Each scenario ends with the audit clean.
 */
let database: TestDatabase;
let t: TestApp;
let brandId: number;

// One database for the file (each scenario makes its own members and configures the game it plays): CI time.
beforeAll(async () => {
  database = await createTestDatabase();
  t = await makeApp(database, { ARGON2_PROFILE: 'test', RATE_LIMIT_PER_MINUTE: '100000000', PERIODIC_JOBS: 'off' }, makeClock(new Date()));
  await t.app.ready();
  brandId = (await findBrand(database.db, undefined))!.id;
}, 60_000);

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
const asMember = (token: string, language = 'en') => ({ ...BASE_HEADERS, language, authorization: token });
const asOperator = { ...BASE_HEADERS, 'x-operator-key': OPERATOR_KEY };

async function configure(game: LuckyGame, body: Partial<OpsLuckyGameBody> & Pick<OpsLuckyGameBody, 'prizes'>) {
  const res = await t.app.inject({
    method: 'PUT',
    url: luckyPath(OPS_LUCKY_PATHS.game, game),
    headers: asOperator,
    payload: {
      enabled: true,
      depositPerTicket: String(tk(100)),
      validBetPerTicket: String(tk(200)),
      eggCount: game === 'eggs' ? 9 : 0,
      budget: null,
      welcomeTickets: 0,
      ...body,
    },
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().value;
}

type PrizeBody = OpsLuckyGameBody['prizes'][number];
const prize = (position: number, taka: number, weight: number, extra: Partial<PrizeBody> = {}): PrizeBody => ({
  position,
  labelEn: taka ? `৳${taka}` : 'Try again',
  labelBn: taka ? `৳${taka}` : 'আবার চেষ্টা করুন',
  kind: taka ? 'CASH' : 'NONE',
  amount: String(tk(taka)),
  promotionId: null,
  weight,
  stock: null,
  budget: null,
  ...extra,
});

const playOnce = (token: string, game: LuckyGame, egg?: number) =>
  t.app.inject({ method: 'POST', url: luckyPath(LUCKY_PATHS.play, game), headers: asMember(token), payload: egg ? { egg } : {} });

let round = 0;
async function settled(memberId: number, validBet: bigint) {
  const reference = { vendor: 'PG', roundId: `lucky-${++round}`, gameType: 'RNG', betTotal: String(validBet), validBet: String(validBet) };
  await sql`insert into money_event (member_id, kind, amount, balance_after, currency, source, reference)
    values (${memberId}, 'ROUND_SETTLED', 0, 0, 'BDT', 'provider:PG', ${JSON.stringify(reference)}::jsonb)`.execute(database.db);
}

/** Recomputes a play from its revealed seed exactly as the verify view does. */
function verify(p: LuckyPlay) {
  expect(p.serverSeed).not.toBeNull();
  expect(hashServerSeed(p.serverSeed!)).toBe(p.serverSeedHash);
  const stream = fairStream(p.serverSeed!, luckyClientInput(p.game, p.clientSeed, p.egg), p.nonce);
  expect(pickWeighted(stream, p.slots)).toBe(p.position);
}

describe(`lucky draws (${testDbKind})`, () => {
  it('earns tickets from deposits and valid bets once, and gives the welcome tickets once', async () => {
    await configure('wheel', { prizes: [prize(0, 5, 1), prize(1, 0, 1)], welcomeTickets: 2 });
    const m = await loggedInMember(database.db, t.clock.now);
    const view = async () =>
      (await t.app.inject({ method: 'GET', url: luckyPath(LUCKY_PATHS.game, 'wheel'), headers: asMember(m.token) })).json().value;
    expect((await view()).tickets).toBe(2);
    expect((await view()).tickets).toBe(2);

    await deposit(database.db, await memberWallet(database.db, m.memberId), tk(250));
    await settled(m.memberId, tk(150));
    await settled(m.memberId, tk(300));
    await t.app.moneyOutbox?.drain();
    await t.app.moneyOutbox?.drain();
    // ৳250 deposited: 2 tickets, ৳50 carried; ৳450 bet: 2 tickets, ৳50 carried.
    const v = await view();
    expect(v.tickets).toBe(6);
    expect(v.seed.serverSeedHash).toMatch(/^[0-9a-f]{64}$/);
    const row = await database.db
      .selectFrom('lucky_ticket')
      .selectAll()
      .where('member_id', '=', m.memberId)
      .where('game', '=', 'wheel')
      .executeTakeFirstOrThrow();
    expect([row.deposit_carry, row.bet_carry]).toEqual([tk(50), tk(50)]);
  });

  it('pays each play in its transaction and every wheel and egg outcome verifies from the revealed seed', async () => {
    await configure('wheel', { prizes: [prize(0, 5, 3), prize(1, 0, 2), prize(2, 20, 1)] });
    await configure('eggs', { prizes: [prize(0, 10, 1), prize(1, 0, 1), prize(2, 50, 1)], eggCount: 3 });
    const m = await loggedInMember(database.db, t.clock.now);
    await grantTickets(database.db, m.memberId, 'wheel', 15, t.clock.now);
    await grantTickets(database.db, m.memberId, 'eggs', 15, t.clock.now);

    const before = await walletBalance(database.db, m.memberId);
    const committed = (await t.app.inject({ method: 'GET', url: luckyPath(LUCKY_PATHS.game, 'wheel'), headers: asMember(m.token) })).json()
      .value.seed;
    let won = 0n;
    for (let i = 0; i < 15; i++) {
      const spin = (await playOnce(m.token, 'wheel')).json();
      expect(spin.success, JSON.stringify(spin)).toBe(true);
      expect(spin.value.play).toMatchObject({ nonce: i, serverSeedHash: committed.serverSeedHash, serverSeed: null });
      expect(spin.value.tickets).toBe(14 - i);
      won += BigInt(spin.value.play.amount);
      const smash = (await playOnce(m.token, 'eggs', (i % 3) + 1)).json();
      expect(smash.value.play.egg).toBe((i % 3) + 1);
      won += BigInt(smash.value.play.amount);
    }
    expect(await walletBalance(database.db, m.memberId)).toBe(before + won);
    expect((await playOnce(m.token, 'wheel')).json().code).toBe('LUCKY_NO_TICKET');
    expect((await playOnce(m.token, 'eggs', 4)).json().code).toBe('LUCKY_EGG_INVALID');

    for (const game of ['wheel', 'eggs'] as const) {
      const rotated = await t.app.inject({
        method: 'PUT',
        url: luckyPath(LUCKY_PATHS.seed, game),
        headers: asMember(m.token),
        payload: { clientSeed: `next-${game}` },
      });
      expect(rotated.json().value.revealed.plays).toBe(15);
      expect(rotated.json().value.seed).toMatchObject({ clientSeed: `next-${game}`, nextNonce: 0 });
      const plays: LuckyPlay[] = (
        await t.app.inject({ method: 'GET', url: luckyPath(LUCKY_PATHS.plays, game), headers: asMember(m.token) })
      ).json().value.list;
      expect(plays).toHaveLength(15);
      for (const p of plays) verify(p);
    }
    // The prize paid is the play's, by its own key.
    const { rows } = await sql<{ n: number; total: string }>`select count(*)::int as n, coalesce(sum(amount), 0)::text as total
      from ledger_transfer where kind in ('WHEEL_PRIZE', 'EGG_PRIZE') and idempotency_key like 'lucky:%'`.execute(database.db);
    const paidPlays = await database.db
      .selectFrom('lucky_play')
      .select(sql<number>`count(*)::int`.as('n'))
      .where('paid_as', '=', 'CASH')
      .executeTakeFirstOrThrow();
    expect(rows[0]).toEqual({ n: paidPlays.n, total: String(won) });
  });

  it('lands on each segment about as often as its weight says (property)', () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 1, max: 50 }), { minLength: 2, maxLength: 8 }),
        fc.string({ minLength: 1, maxLength: 8 }),
        (weights, client) => {
          const slots = weights.map((weight, position) => ({ position, weight }));
          const total = weights.reduce((a, b) => a + b, 0);
          const seed = randomBytes(32).toString('hex');
          const n = 3_000;
          const counts = new Array<number>(weights.length).fill(0);
          for (let nonce = 0; nonce < n; nonce++) counts[pickWeighted(fairStream(seed, client, nonce), slots)]! += 1;
          weights.forEach((w, i) => {
            const p = w / total;
            const sigma = Math.sqrt(n * p * (1 - p));
            expect(Math.abs(counts[i]! - n * p)).toBeLessThanOrEqual(5 * sigma + 1);
          });
        },
      ),
      { numRuns: 15 },
    );
    // uniformInt is unbiased at the edge of its range too.
    expect(() => uniformInt({ nextUint32: () => 0 }, 0)).toThrow();
  });

  it('100 concurrent plays never spend a ticket twice nor overspend stock or budget', async () => {
    await configure('wheel', {
      // The ৳50 prize wins most draws but has 7 in stock; the game can pay ৳400 in all.
      prizes: [prize(0, 50, 100, { stock: 7 }), prize(1, 20, 5, { budget: String(tk(60)) }), prize(2, 0, 1)],
      budget: String(tk(400)),
    });
    const a = await loggedInMember(database.db, t.clock.now);
    const b = await loggedInMember(database.db, t.clock.now);
    await grantTickets(database.db, a.memberId, 'wheel', 40, t.clock.now);
    await grantTickets(database.db, b.memberId, 'wheel', 40, t.clock.now);
    const results = await Promise.allSettled(
      Array.from({ length: 100 }, (_, i) =>
        play(database.db, { brandId, memberId: i % 2 ? a.memberId : b.memberId, game: 'wheel', egg: null, now: t.clock.now, lang: 'en' }),
      ),
    );
    const done = results.filter((r) => r.status === 'fulfilled');
    const refused = results.filter((r) => r.status === 'rejected').map((r) => (r.reason as { code?: string }).code);
    expect(done).toHaveLength(80);
    expect(new Set(refused)).toEqual(new Set(['LUCKY_NO_TICKET']));

    const prizes = await database.db
      .selectFrom('lucky_prize')
      .selectAll()
      .where('brand_id', '=', brandId)
      .where('game', '=', 'wheel')
      .where('active', '=', true)
      .orderBy('position')
      .execute();
    const config = await database.db
      .selectFrom('lucky_config')
      .selectAll()
      .where('brand_id', '=', brandId)
      .where('game', '=', 'wheel')
      .executeTakeFirstOrThrow();
    // The ৳400 budget binds in one order only (about 1 run in 100): the ৳20 prize drawn 3 times (৳60) before the
    // ৳50 prize's seventh leaves ৳340, room for six. Drawn later, the ৳20 prize's third would pass ৳400 and is refused.
    expect(prizes[1]!.awarded).toBeLessThanOrEqual(3);
    expect(prizes[0]!.awarded).toBe(prizes[1]!.awarded === 3 ? 6 : 7);
    expect(prizes[0]!.stock_left).toBe(7 - prizes[0]!.awarded);
    const paid = tk(50) * BigInt(prizes[0]!.awarded) + tk(20) * BigInt(prizes[1]!.awarded);
    expect(paid).toBeLessThanOrEqual(tk(400));
    expect(config.budget_left).toBe(tk(400) - paid);
    const balances = (await walletBalance(database.db, a.memberId)) + (await walletBalance(database.db, b.memberId));
    expect(balances).toBe(paid);
    const tickets = await database.db
      .selectFrom('lucky_ticket')
      .select('balance')
      .where('member_id', 'in', [a.memberId, b.memberId])
      .execute();
    expect(tickets.map((x) => x.balance)).toEqual([0, 0]);
    const nonces = await database.db
      .selectFrom('lucky_play')
      .select(['seed_id', 'nonce'])
      .where('member_id', 'in', [a.memberId, b.memberId])
      .execute();
    expect(new Set(nonces.map((n) => `${n.seed_id}:${n.nonce}`)).size).toBe(80);
  });

  it('draws a raffle once from its committed seed, pays each winner once, and the draw verifies', async () => {
    const now = new Date();
    const opened = await t.app.inject({
      method: 'POST',
      url: OPS_LUCKY_PATHS.raffles,
      headers: asOperator,
      payload: {
        titleEn: 'Test raffle',
        titleBn: 'পরীক্ষা র‍্যাফেল',
        startsAt: new Date(now.getTime() - 3_600_000).toISOString(),
        endsAt: new Date(now.getTime() + 3_600_000).toISOString(),
        depositPerEntry: String(tk(100)),
        validBetPerEntry: null,
        prizes: [
          { kind: 'CASH', amount: String(tk(300)) },
          { kind: 'CASH', amount: String(tk(200)) },
          { kind: 'CASH', amount: String(tk(100)) },
        ],
      },
    });
    expect(opened.statusCode, opened.body).toBe(200);
    const raffle = opened.json().value;
    expect(raffle).toMatchObject({ status: 'OPEN', serverSeed: null });
    const members = [];
    for (let i = 0; i < 5; i++) {
      const m = await loggedInMember(database.db, t.clock.now);
      await deposit(database.db, await memberWallet(database.db, m.memberId), tk(100 * (i + 1)));
      members.push(m);
    }
    await t.app.moneyOutbox?.drain();
    const mine = (await t.app.inject({ method: 'POST', url: LUCKY_PATHS.raffle, headers: asMember(members[2]!.token) })).json().value;
    const shown = mine.list.find((r: { id: number }) => r.id === raffle.id);
    expect(shown).toMatchObject({ myEntries: 3, totalEntries: 15, serverSeedHash: raffle.serverSeedHash });

    const after = new Date(now.getTime() + 2 * 3_600_000);
    const job = raffleDrawJob();
    // A run that dies after drawing and paying (a crash before commit) leaves nothing: no winner, no payment, the
    // period unclaimed, the raffle open; the next run draws it whole.
    const dying = {
      ...job,
      run: async (...args: Parameters<typeof job.run>) => {
        expect(await job.run(...args)).toBe(1);
        throw new Error('killed mid-run');
      },
    };
    await expect(runJobOnce(database.db, dying, after)).rejects.toThrow('killed mid-run');
    expect(await database.db.selectFrom('lucky_raffle_winner').select('rank').where('raffle_id', '=', raffle.id).execute()).toEqual([]);
    expect(
      (await database.db.selectFrom('lucky_raffle').select('status').where('id', '=', raffle.id).executeTakeFirstOrThrow()).status,
    ).toBe('OPEN');
    const runs = await Promise.all([runJobOnce(database.db, job, after), runJobOnce(database.db, job, after)]);
    expect(runs.filter((r) => r.ran)).toHaveLength(1);
    // A later period finds nothing left to draw.
    expect((await runJobOnce(database.db, job, new Date(after.getTime() + 60_000))).affected).toBe(0);

    const drawn = (await t.app.inject({ method: 'POST', url: LUCKY_PATHS.raffle, headers: asMember(members[0]!.token) }))
      .json()
      .value.list.find((r: { id: number }) => r.id === raffle.id);
    expect(drawn.status).toBe('DRAWN');
    expect(drawn.winners).toHaveLength(3);
    expect(hashServerSeed(drawn.serverSeed)).toBe(raffle.serverSeedHash);
    const recomputed = drawRaffle((rank) => fairStream(drawn.serverSeed, raffleClientInput(raffle.id), rank), drawn.entrants, 3);
    expect(recomputed.map((w) => w.ticket)).toEqual(drawn.winners.map((w: { ticket: number }) => w.ticket));
    const winners = await database.db
      .selectFrom('lucky_raffle_winner')
      .selectAll()
      .where('raffle_id', '=', raffle.id)
      .orderBy('rank')
      .execute();
    expect(winners.map((w) => w.member_id)).toEqual(recomputed.map((w) => w.memberId));
    expect(drawn.winners[0].name).toContain('****');
    for (const w of winners) {
      const index = members.findIndex((m) => m.memberId === w.member_id);
      expect(await walletBalance(database.db, w.member_id)).toBe(tk(100 * (index + 1)) + w.amount);
    }
    const { rows } = await sql<{ n: number }>`select count(*)::int as n from ledger_transfer where kind = 'RAFFLE_PRIZE'
      and idempotency_key like ${`raffle:${raffle.id}:%`}`.execute(database.db);
    expect(rows[0]!.n).toBe(3);
  });

  it('pays a bonus prize as a grant, and keeps it claimable when a bonus is already active', async () => {
    const promotion = await database.db.selectFrom('promotion').select('id').where('code', '=', 'welcome-bonus').executeTakeFirstOrThrow();
    await configure('wheel', {
      prizes: [prize(0, 0, 1, { kind: 'BONUS', amount: String(tk(20)), labelEn: '৳20 bonus', promotionId: promotion.id })],
    });
    const m = await loggedInMember(database.db, t.clock.now);
    await grantTickets(database.db, m.memberId, 'wheel', 2, t.clock.now);
    expect((await playOnce(m.token, 'wheel')).json().value.play).toMatchObject({ kind: 'BONUS', paidAs: 'BONUS', amount: String(tk(20)) });
    expect((await playOnce(m.token, 'wheel')).json().value.play).toMatchObject({ kind: 'BONUS', paidAs: 'CLAIMABLE' });
    const grants = await database.db.selectFrom('bonus_grant').select('amount').where('member_id', '=', m.memberId).execute();
    expect(grants).toEqual([{ amount: tk(20) }]);
    // The second prize waits as a claimable participation of the promotion (the reward centre shows it).
    const waiting = await database.db
      .selectFrom('promotion_participation')
      .select('state')
      .where('member_id', '=', m.memberId)
      .where('grant_id', 'is', null)
      .execute();
    expect(waiting).toEqual([{ state: 'claimable' }]);
  });

  it('keeps the operator calls behind the operator key', async () => {
    const res = await t.app.inject({ method: 'GET', url: luckyPath(OPS_LUCKY_PATHS.game, 'wheel'), headers: BASE_HEADERS });
    expect(res.json().code).toBe('OPERATOR_UNAUTHORIZED');
    const view = await t.app.inject({ method: 'GET', url: luckyPath(OPS_LUCKY_PATHS.game, 'eggs'), headers: asOperator });
    // As the second scenario configured it.
    expect(view.json().value).toMatchObject({ eggCount: 3, enabled: true });
  });
});

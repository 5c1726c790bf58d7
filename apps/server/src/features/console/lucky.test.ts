import { CONSOLE_LUCKY_PATHS, type ConsoleRaffle, luckyConsolePath } from '@playfront/contract/console-lucky';
import { LUCKY_PATHS, luckyPath } from '@playfront/contract/lucky';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BASE_HEADERS, makeApp, makeClock, type TestApp } from '../../../test/accounts-helpers.ts';
import { createTestDatabase, type TestDatabase, testDbKind } from '../../../test/test-db.ts';
import { runJobOnce } from '../../infra/jobs/job-runner.ts';
import { loggedInMember } from '../funds/funds.fixtures.ts';
import { auditLedger } from '../ledger/ledger.audit.ts';
import { raffleDrawJob } from '../lucky/raffle.service.ts';
import { auditRows, consoleCall, type SignedInStaff, signedInStaff } from './console.fixtures.ts';
import { consoleRouteTable } from './console.plugin.ts';

/**
 * Console wheel and raffle pages (decision 060): loyalty.read looks, loyalty.write changes, each change writes exactly
 * one audit row in its transaction (a failure leaves neither), refused input changes nothing, a raffle is editable only
 * before it starts, and the draw's winners and tickets sold are shown to staff.
 */

let database: TestDatabase;
let t: TestApp;
let owner: SignedInStaff;
let readOnly: SignedInStaff;
let content: SignedInStaff;
let support: SignedInStaff;

beforeAll(async () => {
  database = await createTestDatabase();
  t = await makeApp(
    database,
    { ARGON2_PROFILE: 'test', RATE_LIMIT_PER_MINUTE: '100000000', PERIODIC_JOBS: 'off' },
    makeClock(new Date('2026-12-01T08:00:00Z')),
  );
  owner = await signedInStaff(t, 'owner');
  readOnly = await signedInStaff(t, 'read-only');
  content = await signedInStaff(t, 'content');
  support = await signedInStaff(t, 'support');
}, 180_000);

afterAll(async () => {
  await t?.app.moneyOutbox?.drain();
  await t?.app.close();
  await database?.close();
});

const P = CONSOLE_LUCKY_PATHS;
const wheelPath = luckyConsolePath('game', { game: 'wheel' });
const auditCount = async () => Number((await sql<{ n: string }>`select count(*) as n from staff_audit`.execute(database.db)).rows[0]?.n);
const activePrizes = () =>
  database.db
    .selectFrom('lucky_prize')
    .select(['position', 'label_en', 'weight', 'amount'])
    .where('game', '=', 'wheel')
    .where('active', '=', true)
    .orderBy('position')
    .execute();

const wheelBody = (over: Record<string, unknown> = {}, prizes?: unknown[]) => ({
  enabled: true,
  depositPerTicket: '50000',
  validBetPerTicket: null,
  budget: '10000000',
  welcomeTickets: 1,
  prizes: prizes ?? [
    { position: 0, labelEn: '৳10', labelBn: '৳১০', kind: 'CASH', amount: '1000', weight: 30 },
    { position: 1, labelEn: '৳100', labelBn: '৳১০০', kind: 'CASH', amount: '10000', weight: 10, stock: 5 },
    { position: 2, labelEn: 'Try again', labelBn: 'আবার চেষ্টা', kind: 'NONE', amount: '0', weight: 60 },
  ],
  ...over,
});

/** Moves the clock on; staff sessions idle out after 30 minutes, so the staff sign in again. */
async function advance(ms: number) {
  t.clock.advance(ms);
  owner = await signedInStaff(t, 'owner');
  readOnly = await signedInStaff(t, 'read-only');
}

/** Makes the next audit insert fail (as a full disk or a bug would), runs `fn`, then removes the failure. */
async function withFailingAudit(fn: () => Promise<void>) {
  await sql
    .raw(`create function fail_audit_l() returns trigger language plpgsql as $$ begin raise exception 'audit down'; end $$`)
    .execute(database.db);
  await sql
    .raw('create trigger fail_audit_l before insert on staff_audit for each row execute function fail_audit_l()')
    .execute(database.db);
  try {
    await fn();
  } finally {
    await sql.raw('drop trigger fail_audit_l on staff_audit').execute(database.db);
    await sql.raw('drop function fail_audit_l()').execute(database.db);
  }
}

describe(`console lucky wheel and raffles (${testDbKind})`, () => {
  it('registers every path behind a loyalty permission and refuses roles without it', async () => {
    const table = consoleRouteTable(t.app);
    for (const path of Object.values(P)) {
      const routes = table.filter((r) => r.url === path);
      expect(routes.length, path).toBeGreaterThan(0);
      for (const r of routes) {
        const permission = r.staff && 'permission' in r.staff ? r.staff.permission : null;
        expect(r.method === 'GET' ? 'loyalty.read' : 'loyalty.write', `${r.method} ${path}`).toBe(permission);
      }
    }
    // Support and content staff hold no loyalty permission: they cannot even look.
    for (const staff of [support, content]) {
      const res = await consoleCall(t, 'GET', wheelPath, staff.token);
      expect(res.statusCode).toBe(403);
      expect(res.json().code).toBe('STAFF_PERMISSION_DENIED');
    }
    // Read-only staff look but never change.
    expect((await consoleCall(t, 'GET', P.raffles, readOnly.token)).statusCode).toBe(200);
    const before = await auditCount();
    const prizes = await activePrizes();
    const refused = await consoleCall(t, 'PUT', wheelPath, readOnly.token, wheelBody());
    expect(refused.json().code).toBe('STAFF_PERMISSION_DENIED');
    expect((await consoleCall(t, 'POST', P.raffles, content.token, {})).json().code).toBe('STAFF_PERMISSION_DENIED');
    expect(await activePrizes()).toEqual(prizes);
    expect(await auditCount()).toBe(before);
  });

  it('saves the wheel with one audit row; members see the new prizes; turning it off is one more row', async () => {
    const before = await auditCount();
    const saved = await consoleCall(t, 'PUT', wheelPath, owner.token, wheelBody());
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().value).toMatchObject({ game: 'wheel', enabled: true, budget: '10000000', currency: 'BDT' });
    expect(saved.json().value.prizes.map((p: { weight: number }) => p.weight)).toEqual([30, 10, 60]);
    const rows = await auditRows(database.db, 'lucky.game', 'wheel');
    expect(rows).toHaveLength(1);
    expect(rows[0]!.staff_id).toBe(Number(owner.id));
    expect((rows[0]!.after as { prizes: unknown[] }).prizes).toHaveLength(3);
    expect(await auditCount()).toBe(before + 1);

    // What a member opening the wheel sees.
    const member = await loggedInMember(database.db, t.clock.now);
    const view = await t.app.inject({
      method: 'GET',
      url: luckyPath(LUCKY_PATHS.game, 'wheel'),
      headers: { ...BASE_HEADERS, authorization: member.token },
    });
    expect(view.statusCode, view.body).toBe(200);
    expect(view.json().value).toMatchObject({ enabled: true, tickets: 1 });
    expect(view.json().value.prizes.map((p: { label: string }) => p.label)).toEqual(['৳১০', '৳১০০', 'আবার চেষ্টা']);

    const off = await consoleCall(t, 'PUT', wheelPath, owner.token, wheelBody({ enabled: false }));
    expect(off.json().value.enabled).toBe(false);
    const again = await auditRows(database.db, 'lucky.game', 'wheel');
    expect(again).toHaveLength(2);
    expect(again[0]!.before).toMatchObject({ enabled: true });
    expect(again[0]!.after).toMatchObject({ enabled: false });
    expect(await auditCount()).toBe(before + 2);
  });

  it('refuses insane prizes field by field and changes nothing', async () => {
    await consoleCall(t, 'PUT', wheelPath, owner.token, wheelBody());
    const prizes = await activePrizes();
    const before = await auditCount();
    const cases: [unknown[], string][] = [
      [[{ position: 0, labelEn: 'a', labelBn: 'ক', kind: 'CASH', amount: '100', weight: 0 }], 'prizes.0.weight'],
      [[{ position: 0, labelEn: 'a', labelBn: 'ক', kind: 'CASH', amount: '100', weight: -5 }], 'prizes.0.weight'],
      [
        [
          { position: 0, labelEn: 'a', labelBn: 'ক', kind: 'CASH', amount: '100', weight: 1 },
          { position: 1, labelEn: 'b', labelBn: 'খ', kind: 'NONE', amount: '500', weight: 1 },
        ],
        'prizes.1.amount',
      ],
      [[{ position: 0, labelEn: 'a', labelBn: 'ক', kind: 'CASH', amount: '0', weight: 1 }], 'prizes.0.amount'],
      [[{ position: 0, labelEn: 'a', labelBn: 'ক', kind: 'BONUS', amount: '100', weight: 1 }], 'prizes.0.promotionId'],
      [[{ position: 0, labelEn: 'a', labelBn: 'ক', kind: 'BONUS', amount: '100', weight: 1, promotionId: 987654 }], 'prizes.0.promotionId'],
      [[{ position: 0, labelEn: 'a', labelBn: 'ক', kind: 'CASH', amount: '5000', weight: 1, budget: '100' }], 'prizes.0.budget'],
      [
        [
          { position: 0, labelEn: 'a', labelBn: 'ক', kind: 'CASH', amount: '100', weight: 1 },
          { position: 0, labelEn: 'b', labelBn: 'খ', kind: 'CASH', amount: '100', weight: 1 },
        ],
        'prizes.1.position',
      ],
      [[{ position: 0, labelEn: '', labelBn: 'ক', kind: 'CASH', amount: '100', weight: 1 }], 'prizes.0.labelEn'],
    ];
    for (const [bad, field] of cases) {
      const res = await consoleCall(t, 'PUT', wheelPath, owner.token, wheelBody({}, bad));
      expect(res.statusCode, field).toBe(400);
      expect(res.json().code, field).toBe('VALIDATION');
      expect(Object.keys(res.json().fields ?? {}), field).toContain(field);
    }
    expect(await activePrizes()).toEqual(prizes);
    expect(await auditCount()).toBe(before);

    // The audit insert fails: the new prize set is rolled back with it.
    await withFailingAudit(async () => {
      const res = await consoleCall(
        t,
        'PUT',
        wheelPath,
        owner.token,
        wheelBody({}, [{ position: 0, labelEn: 'x', labelBn: 'x', kind: 'CASH', amount: '1', weight: 1 }]),
      );
      expect(res.statusCode).toBe(500);
    });
    expect(await activePrizes()).toEqual(prizes);
    expect(await auditCount()).toBe(before);
  });

  const raffleBody = (over: Record<string, unknown> = {}) => ({
    titleEn: 'December raffle',
    titleBn: 'ডিসেম্বর র‍্যাফেল',
    startsAt: new Date(t.clock.now.getTime() + 3_600_000).toISOString(),
    endsAt: new Date(t.clock.now.getTime() + 2 * 3_600_000).toISOString(),
    depositPerEntry: '10000',
    validBetPerEntry: null,
    prizes: [
      { kind: 'CASH', amount: '50000' },
      { kind: 'CASH', amount: '20000' },
    ],
    ...over,
  });
  const findRaffle = async (id: number) =>
    ((await consoleCall(t, 'GET', P.raffles, readOnly.token)).json().value.list as ConsoleRaffle[]).find((r) => r.id === id);

  it('opens a raffle and edits it before it starts, one audit row each; after the start an edit is refused', async () => {
    const before = await auditCount();
    const bad = await consoleCall(
      t,
      'POST',
      P.raffles,
      owner.token,
      raffleBody({ endsAt: raffleBody().startsAt, startsAt: raffleBody().endsAt }),
    );
    expect(bad.json().code).toBe('VALIDATION');
    expect(Object.keys(bad.json().fields ?? {})).toContain('endsAt');
    expect(await auditCount()).toBe(before);

    const opened = await consoleCall(t, 'POST', P.raffles, owner.token, raffleBody());
    expect(opened.statusCode, opened.body).toBe(201);
    const raffle = opened.json().value as ConsoleRaffle;
    expect(raffle).toMatchObject({ status: 'OPEN', editable: true, ticketsSold: 0, winners: [], serverSeed: null });
    expect(await auditRows(database.db, 'raffle.create', String(raffle.id))).toHaveLength(1);

    const edited = await consoleCall(
      t,
      'PUT',
      luckyConsolePath('raffle', { raffleId: raffle.id }),
      owner.token,
      raffleBody({ titleEn: 'Big December raffle', prizes: [{ kind: 'CASH', amount: '90000' }] }),
    );
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json().value).toMatchObject({ titleEn: 'Big December raffle', serverSeedHash: raffle.serverSeedHash });
    expect(edited.json().value.prizes).toEqual([{ rank: 1, kind: 'CASH', amount: '90000', promotionId: null }]);
    const rows = await auditRows(database.db, 'raffle.update', String(raffle.id));
    expect(rows).toHaveLength(1);
    expect(rows[0]!.before).toMatchObject({ titleEn: 'December raffle' });
    expect(rows[0]!.after).toMatchObject({ titleEn: 'Big December raffle' });
    expect(await auditCount()).toBe(before + 2);

    // A bonus prize of a promotion that does not exist: refused on its field, nothing changes.
    const noPromo = await consoleCall(
      t,
      'PUT',
      luckyConsolePath('raffle', { raffleId: raffle.id }),
      owner.token,
      raffleBody({ prizes: [{ kind: 'BONUS', amount: '100', promotionId: 987654 }] }),
    );
    expect(Object.keys(noPromo.json().fields ?? {})).toContain('prizes.0.promotionId');
    expect(await auditCount()).toBe(before + 2);
    expect((await findRaffle(raffle.id))?.prizes).toEqual([{ rank: 1, kind: 'CASH', amount: '90000', promotionId: null }]);

    // Started: entries may be earned from now on, so it can no longer change.
    await advance(3_600_000 + 1000);
    const beforeLate = await auditCount();
    const late = await consoleCall(t, 'PUT', luckyConsolePath('raffle', { raffleId: raffle.id }), owner.token, raffleBody());
    expect(late.statusCode).toBe(409);
    expect(late.json().code).toBe('RAFFLE_STARTED');
    expect(await findRaffle(raffle.id)).toMatchObject({ titleEn: 'Big December raffle', editable: false });
    expect(await auditCount()).toBe(beforeLate);
  });

  it('shows tickets sold, then the winners by username and the revealed seed after the draw', async () => {
    const opened = (await consoleCall(t, 'POST', P.raffles, owner.token, raffleBody())).json().value as ConsoleRaffle;
    await advance(3_600_000 + 1000);
    const a = await loggedInMember(database.db, t.clock.now);
    const b = await loggedInMember(database.db, t.clock.now);
    await database.db
      .insertInto('lucky_raffle_entry')
      .values([
        { raffle_id: opened.id, member_id: a.memberId, entries: 3 },
        { raffle_id: opened.id, member_id: b.memberId, entries: 2 },
      ])
      .execute();
    expect(await findRaffle(opened.id)).toMatchObject({ ticketsSold: 5, entrants: 2, winners: [] });

    await advance(3_600_000);
    await runJobOnce(database.db, raffleDrawJob(), t.clock.now);
    const drawn = (await findRaffle(opened.id))!;
    expect(drawn.status).toBe('DRAWN');
    expect(drawn.drawnAt).not.toBeNull();
    expect(drawn.serverSeed).toMatch(/^[0-9a-f]{64}$/);
    expect(drawn.winners.map((w) => w.rank)).toEqual([1, 2]);
    const usernames = await database.db.selectFrom('member').select('username').where('id', 'in', [a.memberId, b.memberId]).execute();
    for (const w of drawn.winners) {
      expect(usernames.map((u) => u.username)).toContain(w.username);
      expect(w.paidAs).toBe('CASH');
    }
    expect(drawn.winners.map((w) => w.amount)).toEqual(['50000', '20000']);
    await t.app.moneyOutbox?.drain();
    expect((await auditLedger(database.db)).violations).toEqual([]);
  });
});

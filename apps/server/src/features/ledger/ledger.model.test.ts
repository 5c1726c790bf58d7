import fc from 'fast-check';
import { sql } from 'kysely';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../../test/test-db.ts';
import type { Db } from '../../db/database.ts';
import { AppError } from '../../http/app-error.ts';
import { auditLedger } from './ledger.audit.ts';
import { createMember } from './ledger.fixtures.ts';
import { ensureAccount, type LedgerAccount, type PostingResult, type PostTransfersRequest, postTransfers } from './ledger.service.ts';

/**
 * Model-based test: random sequences of wallet operations run against the real
 * ledger and against a few bigints in memory. After every command each balance
 * must equal the model's; after every sequence the audit must find nothing.
 *
 * Each run gets its own members, its own currency (so its house/clearing/bonus
 * accounts start at 0) and its own key scope, all in one database.
 */

const MEMBERS = 3;

type Expected = { ok: PostingResult } | { refused: { accountId: string; balance: string } };
type Sent = { request: PostTransfersRequest; expected: Expected };

type Model = {
  wallets: bigint[];
  holds: bigint[];
  house: bigint;
  clearing: bigint;
  bonus: bigint;
  /** Pending withdrawals: money sitting in a member's hold account. */
  pending: Array<{ member: number; amount: bigint }>;
  /** Calls whose answer is final (applied, or refused and remembered): repeats must get the same answer. */
  answered: Sent[];
  /** Calls refused and not remembered: the same key may be tried again and be judged afresh. */
  forgotten: PostTransfersRequest[];
  keys: number;
};

type Real = {
  db: Db;
  scope: string;
  currency: string;
  wallets: LedgerAccount[];
  holds: LedgerAccount[];
  house: LedgerAccount;
  clearing: LedgerAccount;
  bonus: LedgerAccount;
};

type Cmd = fc.AsyncCommand<Model, Real>;

let database: TestDatabase;
let runNo = 0;
/** What the runs actually exercised, so a generator change cannot quietly hollow the test out. */
const seen = { commands: 0, applied: 0, refused: 0, multiLeg: 0, replays: 0, conflicts: 0, retriedForgotten: 0 };

beforeAll(async () => {
  database = await createTestDatabase();
});

afterAll(async () => {
  await database.close();
});

/** AAA, AAB, … : a fresh three-letter currency per run. */
function currencyFor(n: number): string {
  const letter = (i: number) => String.fromCharCode(65 + (i % 26));
  return `${letter(Math.floor(n / 676))}${letter(Math.floor(n / 26))}${letter(n)}`;
}

async function setup(): Promise<{ model: Model; real: Real }> {
  const db = database.db;
  const n = runNo++;
  const currency = currencyFor(n);
  const wallets: LedgerAccount[] = [];
  const holds: LedgerAccount[] = [];
  for (let i = 0; i < MEMBERS; i++) {
    const memberId = await createMember(db);
    wallets.push(await ensureAccount(db, { kind: 'MEMBER_WALLET', memberId, currency }));
    holds.push(await ensureAccount(db, { kind: 'WITHDRAWAL_HOLD', memberId, currency }));
  }
  const real: Real = {
    db,
    scope: `model-${n}`,
    currency,
    wallets,
    holds,
    house: await ensureAccount(db, { kind: 'HOUSE', currency }),
    clearing: await ensureAccount(db, { kind: 'PAYMENT_CLEARING', currency }),
    bonus: await ensureAccount(db, { kind: 'BONUS', currency }),
  };
  const zeros = () => Array.from({ length: MEMBERS }, () => 0n);
  const model: Model = {
    wallets: zeros(),
    holds: zeros(),
    house: 0n,
    clearing: 0n,
    bonus: 0n,
    pending: [],
    answered: [],
    forgotten: [],
    keys: 0,
  };
  return { model, real };
}

const nextKey = (m: Model) => `k${m.keys++}`;

/** Every balance of this run's accounts, compared with the model. */
async function expectBalances(m: Model, r: Real) {
  const { rows } = await sql<{ id: bigint; balance: bigint }>`
    select id, balance from ledger_account where currency = ${r.currency}`.execute(r.db);
  const actual = new Map(rows.map((row) => [row.id, row.balance]));
  const expected = new Map<bigint, bigint>([
    [r.house.id, m.house],
    [r.clearing.id, m.clearing],
    [r.bonus.id, m.bonus],
    ...r.wallets.map((w, i) => [w.id, m.wallets[i]!] as [bigint, bigint]),
    ...r.holds.map((h, i) => [h.id, m.holds[i]!] as [bigint, bigint]),
  ]);
  expect(actual).toEqual(expected);
}

/** Sends a request and checks the answer is the expected kind; returns what happened. */
async function send(r: Real, request: PostTransfersRequest): Promise<{ ok: PostingResult } | { refused: AppError }> {
  try {
    return { ok: await postTransfers(r.db, request) };
  } catch (error) {
    if (error instanceof AppError && error.code === 'INSUFFICIENT_FUNDS') return { refused: error };
    throw error;
  }
}

/**
 * A movement whose legs all debit `payer` (a member wallet, or none when the
 * source may go negative). `apply` changes the model when it goes through.
 */
async function move(
  m: Model,
  r: Real,
  spec: {
    legs: PostTransfersRequest['legs'];
    payer?: number;
    rememberRefusal?: boolean;
    apply: () => void;
  },
) {
  const request: PostTransfersRequest = {
    scope: r.scope,
    idempotencyKey: nextKey(m),
    legs: spec.legs,
    rememberRefusal: spec.rememberRefusal ?? false,
  };
  const debit = spec.legs
    .filter((l) => spec.payer !== undefined && l.from === r.wallets[spec.payer]!.id)
    .reduce((s, l) => s + l.amount, 0n);
  const affordable = spec.payer === undefined || m.wallets[spec.payer]! >= debit;
  const outcome = await send(r, request);
  seen.commands++;
  if (spec.legs.length > 1) seen.multiLeg++;
  if (affordable) {
    seen.applied++;
    expect(outcome, `${request.idempotencyKey} should go through`).toHaveProperty('ok');
    if (!('ok' in outcome)) return;
    expect(outcome.ok.replayed).toBe(false);
    spec.apply();
    m.answered.push({ request, expected: { ok: outcome.ok } });
  } else {
    seen.refused++;
    expect(outcome, `${request.idempotencyKey} should be refused`).toHaveProperty('refused');
    if (!('refused' in outcome)) return;
    const value = { accountId: String(r.wallets[spec.payer!]!.id), balance: String(m.wallets[spec.payer!]) };
    expect(outcome.refused.options.value).toEqual(value);
    if (request.rememberRefusal) m.answered.push({ request, expected: { refused: value } });
    else m.forgotten.push(request);
  }
  await expectBalances(m, r);
}

const member = fc.integer({ min: 0, max: MEMBERS - 1 });
const amount = fc.bigInt({ min: 1n, max: 400n });
const pick = fc.nat();

const named = (name: string, check: (m: Readonly<Model>) => boolean, run: (m: Model, r: Real) => Promise<void>): Cmd => ({
  check,
  run,
  toString: () => name,
});
const always = () => true;

const commands = [
  fc.tuple(member, amount).map(([i, a]) =>
    named(`deposit(m${i}, ${a})`, always, (m, r) =>
      move(m, r, {
        legs: [{ from: r.clearing.id, to: r.wallets[i]!.id, amount: a, kind: 'DEPOSIT' }],
        apply: () => {
          m.clearing -= a;
          m.wallets[i]! += a;
        },
      }),
    ),
  ),
  fc.tuple(member, amount, fc.bigInt({ min: 1n, max: 50n })).map(([i, a, b]) =>
    named(`depositWithBonus(m${i}, ${a}+${b})`, always, (m, r) =>
      move(m, r, {
        legs: [
          { from: r.clearing.id, to: r.wallets[i]!.id, amount: a, kind: 'DEPOSIT' },
          { from: r.bonus.id, to: r.wallets[i]!.id, amount: b, kind: 'BONUS' },
        ],
        apply: () => {
          m.clearing -= a;
          m.bonus -= b;
          m.wallets[i]! += a + b;
        },
      }),
    ),
  ),
  fc.tuple(member, amount).map(([i, a]) =>
    named(`withdrawHold(m${i}, ${a})`, always, (m, r) =>
      move(m, r, {
        legs: [{ from: r.wallets[i]!.id, to: r.holds[i]!.id, amount: a, kind: 'WITHDRAWAL_HOLD' }],
        payer: i,
        apply: () => {
          m.wallets[i]! -= a;
          m.holds[i]! += a;
          m.pending.push({ member: i, amount: a });
        },
      }),
    ),
  ),
  pick.map((p) =>
    named(
      `release(#${p})`,
      (m) => m.pending.length > 0,
      (m, r) => {
        const index = p % m.pending.length;
        const w = m.pending[index]!;
        return move(m, r, {
          legs: [{ from: r.holds[w.member]!.id, to: r.wallets[w.member]!.id, amount: w.amount, kind: 'WITHDRAWAL_RELEASE' }],
          apply: () => {
            m.holds[w.member]! -= w.amount;
            m.wallets[w.member]! += w.amount;
            m.pending.splice(index, 1);
          },
        });
      },
    ),
  ),
  pick.map((p) =>
    named(
      `payout(#${p})`,
      (m) => m.pending.length > 0,
      (m, r) => {
        const index = p % m.pending.length;
        const w = m.pending[index]!;
        return move(m, r, {
          legs: [{ from: r.holds[w.member]!.id, to: r.clearing.id, amount: w.amount, kind: 'WITHDRAWAL_PAYOUT' }],
          apply: () => {
            m.holds[w.member]! -= w.amount;
            m.clearing += w.amount;
            m.pending.splice(index, 1);
          },
        });
      },
    ),
  ),
  // Bets come from a game provider: their refusals are remembered (decision 005).
  fc.tuple(member, amount).map(([i, a]) =>
    named(`bet(m${i}, ${a})`, always, (m, r) =>
      move(m, r, {
        legs: [{ from: r.wallets[i]!.id, to: r.house.id, amount: a, kind: 'BET' }],
        payer: i,
        rememberRefusal: true,
        apply: () => {
          m.wallets[i]! -= a;
          m.house += a;
        },
      }),
    ),
  ),
  fc.tuple(member, amount).map(([i, a]) =>
    named(`win(m${i}, ${a})`, always, (m, r) =>
      move(m, r, {
        legs: [{ from: r.house.id, to: r.wallets[i]!.id, amount: a, kind: 'WIN' }],
        apply: () => {
          m.house -= a;
          m.wallets[i]! += a;
        },
      }),
    ),
  ),
  fc.tuple(member, member, amount).map(([i, j, a]) =>
    named(
      `transfer(m${i}→m${j}, ${a})`,
      () => i !== j,
      (m, r) =>
        move(m, r, {
          legs: [{ from: r.wallets[i]!.id, to: r.wallets[j]!.id, amount: a, kind: 'DOWNLINE_TRANSFER' }],
          payer: i,
          apply: () => {
            m.wallets[i]! -= a;
            m.wallets[j]! += a;
          },
        }),
    ),
  ),
  // Two legs debiting the same wallet: all or nothing.
  fc.tuple(member, member, amount, fc.bigInt({ min: 1n, max: 30n })).map(([i, j, a, fee]) =>
    named(
      `transferWithFee(m${i}→m${j}, ${a}, fee ${fee})`,
      () => i !== j,
      (m, r) =>
        move(m, r, {
          legs: [
            { from: r.wallets[i]!.id, to: r.wallets[j]!.id, amount: a, kind: 'DOWNLINE_TRANSFER' },
            { from: r.wallets[i]!.id, to: r.house.id, amount: fee, kind: 'ADJUSTMENT' },
          ],
          payer: i,
          apply: () => {
            m.wallets[i]! -= a + fee;
            m.wallets[j]! += a;
            m.house += fee;
          },
        }),
    ),
  ),
  pick.map((p) =>
    named(
      `repeatSame(#${p})`,
      (m) => m.answered.length > 0,
      async (m, r) => {
        const sent = m.answered[p % m.answered.length]!;
        const outcome = await send(r, sent.request);
        seen.commands++;
        seen.replays++;
        if ('ok' in sent.expected) {
          expect(outcome).toEqual({ ok: { ...sent.expected.ok, replayed: true } });
        } else {
          expect('refused' in outcome && outcome.refused.options.value).toEqual(sent.expected.refused);
        }
        await expectBalances(m, r);
      },
    ),
  ),
  pick.map((p) =>
    named(
      `repeatDifferent(#${p})`,
      (m) => m.answered.length > 0,
      async (m, r) => {
        const { request } = m.answered[p % m.answered.length]!;
        const changed = { ...request, legs: request.legs.map((l, k) => (k === 0 ? { ...l, amount: l.amount + 1n } : l)) };
        const error = await postTransfers(r.db, changed).then(
          () => undefined,
          (e: unknown) => e,
        );
        seen.commands++;
        seen.conflicts++;
        expect(error).toBeInstanceOf(AppError);
        expect((error as AppError).code).toBe('IDEMPOTENCY_CONFLICT');
        await expectBalances(m, r);
      },
    ),
  ),
  // A refusal that was not remembered left nothing behind: the same key is judged afresh.
  pick.map((p) =>
    named(
      `retryForgotten(#${p})`,
      (m) => m.forgotten.length > 0,
      async (m, r) => {
        const index = p % m.forgotten.length;
        const request = m.forgotten[index]!;
        const payer = r.wallets.findIndex((w) => w.id === request.legs[0]!.from);
        const need = request.legs.reduce((s, l) => s + l.amount, 0n);
        const outcome = await send(r, request);
        seen.commands++;
        seen.retriedForgotten++;
        if (m.wallets[payer]! >= need) {
          expect(outcome).toHaveProperty('ok');
          if (!('ok' in outcome)) return;
          for (const leg of request.legs) {
            m.wallets[payer]! -= leg.amount;
            const to = leg.to;
            const wallet = r.wallets.findIndex((w) => w.id === to);
            const hold = r.holds.findIndex((h) => h.id === to);
            if (wallet >= 0) m.wallets[wallet]! += leg.amount;
            else if (hold >= 0) {
              m.holds[hold]! += leg.amount;
              m.pending.push({ member: hold, amount: leg.amount });
            } else if (to === r.house.id) m.house += leg.amount;
            else throw new Error(`unexpected credit account ${to}`);
          }
          m.forgotten.splice(index, 1);
          m.answered.push({ request, expected: { ok: outcome.ok } });
        } else {
          expect(outcome).toHaveProperty('refused');
        }
        await expectBalances(m, r);
      },
    ),
  ),
];

it('random wallet operations match the in-memory model, and every sequence leaves an audit-clean ledger', async () => {
  await fc.assert(
    fc.asyncProperty(fc.commands(commands, { maxCommands: 25, size: 'max' }), async (cmds) => {
      await fc.asyncModelRun(setup, cmds);
      const report = await auditLedger(database.db);
      expect(report.violations).toEqual([]);
    }),
    { numRuns: 50 },
  );
  console.log('[ledger model]', JSON.stringify(seen));
  expect(seen.commands).toBeGreaterThan(250);
  for (const kind of ['applied', 'refused', 'multiLeg', 'replays', 'conflicts', 'retriedForgotten'] as const)
    expect(seen[kind]).toBeGreaterThan(5);
}, 120_000);

import { BRAND_UTC_OFFSET_MINUTES } from '@playfront/contract/constants';
import {
  PersonalProfitResponseSchema,
  RECORDS_PATHS,
  RecordWindowQuerySchema,
  TransactionsQuerySchema,
  TransactionsResponseSchema,
} from '@playfront/contract/funds';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { sql } from 'kysely';
import type { Db } from '../../db/database.ts';
import { memberOf, requireMember } from '../session/authenticate.ts';
import { daysOf, resolveWindow } from './record-window.ts';

const ok = <T>(value: T) => ({ success: true as const, message: 'ok', value });

/** Which P&L column a ledger movement on a member's own account counts in (others, e.g. own-wallet transfers, count nowhere). */
function column(transferKind: string, accountKind: string): 'deposits' | 'withdrawals' | 'bets' | 'wins' | 'bonuses' | null {
  if (accountKind === 'WITHDRAWAL_HOLD') return transferKind === 'WITHDRAWAL_PAYOUT' ? 'withdrawals' : null;
  switch (transferKind) {
    case 'DEPOSIT':
      return 'deposits';
    case 'BET':
    case 'ROLLBACK': // a rolled-back bet gives the stake back: it reduces bets
      return 'bets';
    case 'WIN':
      return 'wins';
    case 'BONUS':
    case 'REBATE':
    case 'COMMISSION':
    case 'CASHBACK':
    case 'MISSION_REWARD':
    case 'RED_ENVELOPE':
    case 'WHEEL_PRIZE':
    case 'EGG_PRIZE':
    case 'RAFFLE_PRIZE':
    case 'BONUS_FORFEIT': // bonus money given back reduces what bonuses brought
      return 'bonuses';
    default:
      return null;
  }
}

const languageOf = (typed: unknown): 'en' | 'bn' => (String(typed ?? '').toLowerCase() === 'bn' ? 'bn' : 'en');

/**
 * The names an account record page shows (issue 22): games of its bets and wins (reference vendor + gameCode), and
 * the other member of its upline/downline transfers. Two lookups for the page, not one per row.
 */
async function recordNames(db: Db, rows: readonly { amount: bigint; reference: unknown }[], lang: 'en' | 'bn') {
  const games = new Map<string, string>();
  const members = new Map<number, string>();
  const refs = rows.map((r) => r.reference as Record<string, unknown>);
  const pairs = refs.filter((r) => typeof r.vendor === 'string' && typeof r.gameCode === 'string');
  if (pairs.length > 0) {
    const found = await db
      .selectFrom('game')
      .select(['vendor_code', 'game_code', 'name_en', 'name_bn'])
      .where((eb) =>
        eb.or(pairs.map((p) => eb.and([eb('vendor_code', '=', p.vendor as string), eb('game_code', '=', p.gameCode as string)]))),
      )
      .execute();
    for (const g of found) games.set(`${g.vendor_code}|${g.game_code}`, lang === 'bn' ? g.name_bn : g.name_en);
  }
  const ids = [...new Set(refs.flatMap((r) => [r.fromMemberId, r.toMemberId]).filter((v): v is number => typeof v === 'number'))];
  if (ids.length > 0) {
    const found = await db.selectFrom('member').select(['id', 'username']).where('id', 'in', ids).execute();
    for (const m of found) members.set(Number(m.id), m.username);
  }
  return { games, members };
}

/** transactionHistory (account record) and personalProfit. Members only ever read their own accounts. */
export const recordsRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['records'];
  const authenticated = requireMember({ allowTrial: true });

  app.get(
    RECORDS_PATHS.transactions,
    {
      preParsing: authenticated,
      schema: {
        tags,
        summary: "Movements of the member's wallets, newest first",
        querystring: TransactionsQuerySchema,
        response: { 200: TransactionsResponseSchema },
      },
    },
    async (request, reply) => {
      const { db, now } = app.deps;
      const me = memberOf(request);
      const { pageNo, pageSize, type } = request.query;
      const window = resolveWindow(request.query, now());
      let base = db
        .selectFrom('ledger_entry as e')
        .innerJoin('ledger_account as a', 'a.id', 'e.account_id')
        .innerJoin('ledger_transfer as t', 't.id', 'e.transfer_id')
        .where('a.member_id', '=', me.memberId)
        .where('e.created_at', '>=', window.from)
        .where('e.created_at', '<', window.to);
      if (type) base = base.where('t.kind', '=', type as never);
      const rows = await base
        .select(['e.id', 'e.amount', 'e.balance_after', 'e.created_at', 't.kind', 't.reference', 'a.kind as account_kind', 'a.vendor_code'])
        .orderBy('e.id', 'desc')
        .limit(pageSize)
        .offset((pageNo - 1) * pageSize)
        .execute();
      const { n } = await base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
      const names = await recordNames(db, rows, languageOf(request.query.language ?? request.headers.language));
      reply.header('cache-control', 'no-store');
      return ok({
        from: window.fromDay,
        to: window.toDay,
        total: Number(n),
        pageNo,
        pageSize,
        list: rows.map((r) => {
          const ref = r.reference as Record<string, unknown>;
          const other = r.amount < 0n ? ref.toMemberId : ref.fromMemberId;
          const reference = ['orderNo', 'roundId', 'transferNo'].map((k) => ref[k]).find((v) => typeof v === 'string') as
            | string
            | undefined;
          return {
            id: String(r.id),
            type: r.kind,
            wallet:
              r.account_kind === 'MEMBER_WALLET'
                ? 'MAIN'
                : r.account_kind === 'WITHDRAWAL_HOLD'
                  ? 'HOLD'
                  : r.account_kind === 'MEMBER_BONUS'
                    ? 'BONUS'
                    : (r.vendor_code ?? 'VENDOR'),
            amount: String(r.amount),
            balanceAfter: String(r.balance_after),
            time: r.created_at.toISOString(),
            reference: reference ?? null,
            gameName: names.games.get(`${ref.vendor}|${ref.gameCode}`) ?? null,
            counterpart: typeof other === 'number' ? (names.members.get(other) ?? null) : null,
          };
        }),
      });
    },
  );

  app.get(
    RECORDS_PATHS.personalProfit,
    {
      preParsing: authenticated,
      schema: {
        tags,
        summary: 'Per-day profit and loss',
        querystring: RecordWindowQuerySchema,
        response: { 200: PersonalProfitResponseSchema },
      },
    },
    async (request, reply) => {
      const { db, now } = app.deps;
      const me = memberOf(request);
      const window = resolveWindow(request.query, now());
      const brand = await db.selectFrom('brand').select('currency').where('id', '=', me.brandId).executeTakeFirstOrThrow();
      // Sums as text: a bigint sum is numeric in SQL, and money never passes through a float.
      const { rows } = await sql<{ day: string; transfer_kind: string; account_kind: string; total: string }>`
        select to_char((e.created_at at time zone 'UTC') + make_interval(mins => ${BRAND_UTC_OFFSET_MINUTES}), 'YYYY-MM-DD') as day,
               t.kind as transfer_kind, a.kind as account_kind, sum(e.amount)::text as total
        from ledger_entry e
        join ledger_account a on a.id = e.account_id
        join ledger_transfer t on t.id = e.transfer_id
        where a.member_id = ${me.memberId} and a.currency = ${brand.currency}
          and e.created_at >= ${window.from} and e.created_at < ${window.to}
        group by 1, 2, 3`.execute(db);
      type Sums = { deposits: bigint; withdrawals: bigint; bets: bigint; wins: bigint; bonuses: bigint };
      const zero = (): Sums => ({ deposits: 0n, withdrawals: 0n, bets: 0n, wins: 0n, bonuses: 0n });
      const byDay = new Map<string, Sums>(daysOf(window).map((d) => [d, zero()]));
      const total = zero();
      for (const r of rows) {
        const col = column(r.transfer_kind, r.account_kind);
        const sums = byDay.get(r.day);
        if (!col || !sums) continue;
        // Money leaving the member (bets, payouts) is stored negative; the columns show magnitudes.
        const amount = col === 'bets' || col === 'withdrawals' ? -BigInt(r.total) : BigInt(r.total);
        sums[col] += amount;
        total[col] += amount;
      }
      const view = (s: Sums) => ({
        deposits: String(s.deposits),
        withdrawals: String(s.withdrawals),
        bets: String(s.bets),
        wins: String(s.wins),
        bonuses: String(s.bonuses),
        net: String(s.wins + s.bonuses - s.bets),
      });
      reply.header('cache-control', 'no-store');
      return ok({
        from: window.fromDay,
        to: window.toDay,
        currency: brand.currency,
        days: [...byDay.entries()].map(([day, s]) => ({ day, ...view(s) })),
        total: view(total),
      });
    },
  );
};

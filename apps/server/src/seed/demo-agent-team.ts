import { BRAND_UTC_OFFSET_MINUTES } from '@playfront/contract/constants';
import { sql } from 'kysely';
import type { Db } from '../db/database.ts';
import { ensureAccount } from '../features/ledger/ledger.service.ts';

/**
 * The demo agent's team (issue 14, decision 035): announcements for agents (in the demo seed, so tests have them),
 * and — as a separate step the running site takes (main.ts) and the test snapshot does not — a 3-level team of
 * about 2,000 members under `demoagent` with 60 days of activity, so every agent page shows real figures.
 */
export async function seedDemoAgentAnnouncements(db: Db, brandId: number): Promise<void> {
  const { rows } = await sql<{ n: number }>`select count(*)::int as n from agent_announcement where brand_id = ${brandId}`.execute(db);
  if ((rows[0]?.n ?? 0) > 0) return;
  const items = [
    {
      pinned: true,
      title: { EN: 'Welcome to the agent centre', BN: 'এজেন্ট সেন্টারে স্বাগতম' },
      content: {
        EN: 'Register downlines from the Register Center, share your referral link, and follow your team in Team Overview. Figures update within a minute of each deposit, bet and withdrawal.',
        BN: 'রেজিস্টার সেন্টার থেকে ডাউনলাইন নিবন্ধন করুন, আপনার রেফারেল লিঙ্ক শেয়ার করুন এবং টিম ওভারভিউতে আপনার টিম দেখুন। প্রতিটি জমা, বাজি ও উত্তোলনের এক মিনিটের মধ্যে হিসাব হালনাগাদ হয়।',
      },
      daysAgo: 2,
    },
    {
      pinned: false,
      title: { EN: 'Daily salary contracts are open', BN: 'দৈনিক বেতন চুক্তি চালু হয়েছে' },
      content: {
        EN: 'You can now offer daily salary contracts to your direct sub-agents. A downline rate can never be above your own.',
        BN: 'এখন আপনি আপনার সরাসরি সাব-এজেন্টদের দৈনিক বেতন চুক্তি দিতে পারেন। ডাউনলাইনের হার কখনো আপনার নিজের হারের বেশি হতে পারে না।',
      },
      daysAgo: 5,
    },
  ];
  for (const a of items) {
    await sql`insert into agent_announcement (brand_id, title, content, pinned, published_at)
      values (${brandId}, ${JSON.stringify(a.title)}::jsonb, ${JSON.stringify(a.content)}::jsonb, ${a.pinned},
        now() - make_interval(days => ${a.daysAgo}))`.execute(db);
  }
}

/** Shape of the demo team: 4 sub-agents, each with 4 sub-agents of ~118 members, plus a few direct members. */
export const DEMO_TEAM = { topAgents: 4, subAgentsEach: 4, membersEach: 118, directMembers: 20, topDirectMembers: 10, days: 60 };
export type TeamShape = typeof DEMO_TEAM;
const SCOPE = 'seed-agent-team';

/**
 * The demo agent's big team, set-based in SQL (generate_series; deterministic; once: skipped when its first
 * sub-agent exists). Money goes on the ledger as the posting rule leaves it (transfers, their two entries with the
 * balance chain, an idempotency record each, the cached balances), so the ledger audit stays clean; the team rollups
 * are written from the same moves (these seeded moves do not pass through the money outbox). `at` is the end of the
 * 60 days (now).
 */
export async function seedDemoAgentTeam(
  db: Db,
  at: Date = new Date(),
  shape: TeamShape = DEMO_TEAM,
): Promise<{ members: number; transfers: number } | null> {
  const agent = await db
    .selectFrom('member')
    .select(['id', 'brand_id', 'password_hash'])
    .where('username', '=', 'demoagent')
    .executeTakeFirst();
  if (!agent) return null;
  const done = await db.selectFrom('member').select('id').where('username', '=', 'dtagent01').executeTakeFirst();
  if (done) return null;
  const brand = await db.selectFrom('brand').select('currency').where('id', '=', agent.brand_id).executeTakeFirstOrThrow();
  const currency = brand.currency;
  const house = await ensureAccount(db, { kind: 'HOUSE', currency });
  const clearing = await ensureAccount(db, { kind: 'PAYMENT_CLEARING', currency });
  const T = shape;
  const start = new Date(at.getTime() - T.days * 86_400_000);

  return db.transaction().execute(async (trx) => {
    // Level 1: sub-agents (joined in the first days) and direct members.
    await sql`insert into member (brand_id, username, type, password_hash, password_changed_at, first_login, nickname, upline_id,
        affiliate_code, register_method, created_at, updated_at)
      select ${agent.brand_id}, 'dtagent' || lpad(n::text, 2, '0'), 1, ${agent.password_hash}, ${start}::timestamptz, false,
        'Team Agent ' || n, ${agent.id}, 'PFTEAM' || lpad(n::text, 2, '0'), 'SEED',
        ${start}::timestamptz + make_interval(hours => n), ${start}::timestamptz + make_interval(hours => n)
      from generate_series(1, ${T.topAgents}) n order by n`.execute(trx);
    // Level 2: each sub-agent's sub-agents and a few direct members.
    await sql`insert into member (brand_id, username, type, password_hash, password_changed_at, first_login, nickname, upline_id,
        affiliate_code, register_method, created_at, updated_at)
      select ${agent.brand_id}, 'dtsub' || lpad(((a - 1) * ${T.subAgentsEach} + s)::text, 3, '0'), 1, ${agent.password_hash},
        ${start}::timestamptz, false, 'Sub Agent ' || ((a - 1) * ${T.subAgentsEach} + s),
        (select id from member where username = 'dtagent' || lpad(a::text, 2, '0')),
        'PFSUB' || lpad(((a - 1) * ${T.subAgentsEach} + s)::text, 3, '0'), 'SEED',
        ${start}::timestamptz + make_interval(days => 1, hours => s), ${start}::timestamptz + make_interval(days => 1, hours => s)
      from generate_series(1, ${T.topAgents}) a, generate_series(1, ${T.subAgentsEach}) s order by a, s`.execute(trx);
    // Members: under each level-2 sub-agent, under each level-1 sub-agent, and directly under the demo agent; joined
    // over the 60 days.
    await sql`insert into member (brand_id, username, type, password_hash, password_changed_at, first_login, nickname, upline_id,
        register_method, created_at, updated_at, last_login_at)
      select ${agent.brand_id}, 'dtm' || lpad(n::text, 5, '0'), 0, ${agent.password_hash}, joined, false, 'Player ' || n, upline, 'SEED',
        joined, joined, joined + make_interval(days => (n % 5))
      from (
        select n, up.id as upline,
          ${start}::timestamptz + make_interval(days => 2 + (n * 7) % (${T.days} - 3), mins => (n * 37) % 1440) as joined
        from (
          select (row_number() over (order by kind, owner, k))::int as n, owner from (
            select 1 as kind, 'dtsub' || lpad(s::text, 3, '0') as owner, k
              from generate_series(1, ${T.topAgents * T.subAgentsEach}) s, generate_series(1, ${T.membersEach}) k
            union all select 2, 'dtagent' || lpad(a::text, 2, '0'), k
              from generate_series(1, ${T.topAgents}) a, generate_series(1, ${T.topDirectMembers}) k
            union all select 3, 'demoagent', k from generate_series(1, ${T.directMembers}) k
          ) o
        ) x join member up on up.username = x.owner
      ) m order by n`.execute(trx);
    await sql`update member set last_login_at = least(${at}::timestamptz, created_at + make_interval(days => 3))
      where username like 'dt%' and last_login_at is null`.execute(trx);

    // Everyone of the team: member wallets and withdrawal holds.
    await sql`create temporary table seed_team on commit drop as
      select m.id, row_number() over (order by m.id)::int as n, m.created_at,
        ((m.created_at at time zone 'UTC') + make_interval(mins => ${BRAND_UTC_OFFSET_MINUTES}))::date as join_day
      from agent_closure c join member m on m.id = c.member_id
      where c.ancestor_id = ${agent.id} and c.depth > 0 and m.register_method = 'SEED' and m.username like 'dt%'`.execute(trx);
    await sql`insert into ledger_account (kind, member_id, currency) select 'MEMBER_WALLET', id, ${currency} from seed_team`.execute(trx);
    await sql`insert into ledger_account (kind, member_id, currency) select 'WITHDRAWAL_HOLD', id, ${currency} from seed_team`.execute(trx);

    // The moves, in time order: a first deposit at joining; on ~1 day in 6 a day's play (stake, then the win) at a
    // fixed hour; a second deposit a fortnight in; a withdrawal (held and paid) for every 5th member 3 weeks in.
    await sql`create temporary table seed_move on commit drop as
      with days as (
        select t.id, t.n, t.created_at, d as day_no,
          ${start}::timestamptz + make_interval(days => d, hours => 8 + (t.n + d) % 12, mins => (t.n * 13 + d) % 60) as at
        from seed_team t, generate_series(0, ${T.days - 1}) d
        where ${start}::timestamptz + make_interval(days => d + 1) > t.created_at + interval '1 hour'
      )
      select row_number() over (order by at, member_id, ord)::int as seq, * from (
        select t.id as member_id, t.created_at + interval '1 minute' as at, 0 as ord, 'DEPOSIT' as kind,
          (40000 + (t.n * 7919) % 80000)::bigint * 100 as amount from seed_team t
        union all
        select d.id, d.at, 1, 'BET', (100 + (d.n * 31 + d.day_no * 17) % 1900)::bigint * 100
        from days d where (d.n * 7 + d.day_no * 3) % 6 = 0 and d.at > d.created_at + interval '2 minutes' and d.at < ${at}
        union all
        select d.id, d.at + interval '5 minutes', 2, 'WIN',
          ((100 + (d.n * 31 + d.day_no * 17) % 1900)::bigint * 100 * ((d.n + d.day_no * 5) % 20)) / 10
        from days d where (d.n * 7 + d.day_no * 3) % 6 = 0 and d.at > d.created_at + interval '2 minutes' and d.at < ${at}
          and (d.n + d.day_no * 5) % 20 > 0
        union all
        select t.id, t.created_at + interval '14 days', 3, 'DEPOSIT', (5000 + (t.n * 131) % 20000)::bigint * 100
        from seed_team t where t.created_at + interval '14 days' < ${at}
        union all
        select t.id, t.created_at + interval '21 days', 4, 'WITHDRAWAL_HOLD', (1000 + (t.n * 17) % 4000)::bigint * 100
        from seed_team t where t.n % 5 = 0 and t.created_at + interval '21 days' < ${at}
      ) m order by at, member_id, ord`.execute(trx);

    // Transfers in time order (ids follow seq), each with its own key; the payout follows each hold at once.
    await sql`create temporary table seed_leg on commit drop as
      select s.seq, l.leg_no, s.member_id, s.at, l.kind, l.debit, l.credit, s.amount
      from seed_move s
      join ledger_account w on w.member_id = s.member_id and w.kind = 'MEMBER_WALLET'
      join ledger_account h on h.member_id = s.member_id and h.kind = 'WITHDRAWAL_HOLD'
      cross join lateral (values
        (0, s.kind,
          case s.kind when 'DEPOSIT' then ${clearing.id}::bigint when 'WIN' then ${house.id}::bigint else w.id end,
          case s.kind when 'DEPOSIT' then w.id when 'BET' then ${house.id}::bigint when 'WIN' then w.id else h.id end),
        (1, 'WITHDRAWAL_PAYOUT', h.id, ${clearing.id}::bigint)
      ) l (leg_no, kind, debit, credit)
      where l.leg_no = 0 or s.kind = 'WITHDRAWAL_HOLD'`.execute(trx);
    await sql`insert into ledger_transfer (kind, debit_account_id, credit_account_id, amount, currency, idempotency_scope,
        idempotency_key, leg, reference, created_at)
      select kind, debit, credit, amount, ${currency}, ${SCOPE}, 'move-' || seq || '-' || leg_no, 0,
        jsonb_build_object('seed', true), at
      from seed_leg order by at, seq, leg_no`.execute(trx);
    await sql`insert into idempotency_record (scope, key, request_hash, response, transfer_ids, created_at)
      select ${SCOPE}, idempotency_key, 'seed', '{"outcome":"APPLIED"}'::jsonb, array[id], created_at
      from ledger_transfer where idempotency_scope = ${SCOPE}`.execute(trx);
    // Two entries per transfer; balances chained per account in id order (starting from the account's balance).
    await sql`insert into ledger_entry (transfer_id, account_id, amount, balance_after, created_at)
      select transfer_id, account_id, amount,
        a.balance + sum(amount) over (partition by account_id order by transfer_id, side rows unbounded preceding), e.created_at
      from (
        select id as transfer_id, debit_account_id as account_id, -amount as amount, 0 as side, created_at
          from ledger_transfer where idempotency_scope = ${SCOPE}
        union all
        select id, credit_account_id, amount, 1, created_at from ledger_transfer where idempotency_scope = ${SCOPE}
      ) e join ledger_account a on a.id = e.account_id
      order by transfer_id, side`.execute(trx);
    await sql`update ledger_account a set balance = a.balance + s.total
      from (select e.account_id, sum(e.amount) as total from ledger_entry e join ledger_transfer t on t.id = e.transfer_id
            where t.idempotency_scope = ${SCOPE} group by e.account_id) s
      where a.id = s.account_id`.execute(trx);

    // Rounds for the team betting page: one settled round per day's play.
    const game = await sql<{ node_id: string; game_code: string; vendor_code: string; game_type: string }>`
      select node_id, game_code, vendor_code, game_type from game where vendor_code = 'PG' order by node_id limit 1`.execute(trx);
    const g = game.rows[0];
    if (g) {
      await sql`insert into game_round (vendor_code, round_id, member_id, node_id, game_code, game_type, currency, bet_total,
          win_total, bet_count, status, created_at, updated_at, settled_at)
        select ${g.vendor_code}, 'seed-' || b.seq, b.member_id, ${g.node_id}, ${g.game_code}, ${g.game_type}, ${currency}, b.amount,
          coalesce(w.amount, 0), 1, 'settled', b.at, b.at + interval '5 minutes', b.at + interval '5 minutes'
        from seed_move b left join seed_move w on w.member_id = b.member_id and w.kind = 'WIN' and w.at = b.at + interval '5 minutes'
        where b.kind = 'BET'`.execute(trx);
    }

    // The rollups, from the same moves (as the agent-team outbox consumer would have kept them).
    const offset = BRAND_UTC_OFFSET_MINUTES;
    await sql`create temporary table seed_roll on commit drop as
      select member_id, ((at at time zone 'UTC') + make_interval(mins => ${offset}))::date as day,
        date_trunc('hour', at at time zone 'UTC') at time zone 'UTC' as hour,
        case when kind = 'DEPOSIT' then amount else 0 end as deposits,
        case when kind = 'WITHDRAWAL_HOLD' then amount else 0 end as withdrawals,
        case when kind = 'BET' then amount else 0 end as bets,
        case when kind = 'WIN' then amount else 0 end as wins,
        case when kind = 'BET' then amount else 0 end as valid_bets
      from seed_move`.execute(trx);
    await sql`insert into agent_member_daily (member_id, day, deposits, withdrawals, bets, wins, valid_bets, bonuses)
      select member_id, day, sum(deposits), sum(withdrawals), sum(bets), sum(wins), sum(valid_bets), 0
      from seed_roll group by member_id, day
      on conflict (member_id, day) do update set deposits = agent_member_daily.deposits + excluded.deposits,
        withdrawals = agent_member_daily.withdrawals + excluded.withdrawals, bets = agent_member_daily.bets + excluded.bets,
        wins = agent_member_daily.wins + excluded.wins, valid_bets = agent_member_daily.valid_bets + excluded.valid_bets`.execute(trx);
    await sql`insert into agent_team_hourly (agent_id, hour, deposits, withdrawals, bets, wins, valid_bets, bonuses)
      select c.ancestor_id, r.hour, sum(r.deposits), sum(r.withdrawals), sum(r.bets), sum(r.wins), sum(r.valid_bets), 0
      from seed_roll r join agent_closure c on c.member_id = r.member_id and c.depth > 0
      group by c.ancestor_id, r.hour
      on conflict (agent_id, hour) do update set deposits = agent_team_hourly.deposits + excluded.deposits,
        withdrawals = agent_team_hourly.withdrawals + excluded.withdrawals, bets = agent_team_hourly.bets + excluded.bets,
        wins = agent_team_hourly.wins + excluded.wins, valid_bets = agent_team_hourly.valid_bets + excluded.valid_bets`.execute(trx);
    await sql`with days as (select distinct member_id, day from seed_roll where valid_bets > 0),
      periods as (
        select member_id, 'D' || to_char(day, 'YYYY-MM-DD') as period from days
        union select member_id, 'W' || to_char(date_trunc('week', day)::date, 'YYYY-MM-DD') from days
        union select member_id, 'M' || to_char(day, 'YYYY-MM') from days),
      fresh as (insert into agent_member_active (member_id, period) select member_id, period from periods
        on conflict do nothing returning member_id, period)
      insert into agent_team_active (agent_id, period, members)
      select c.ancestor_id, f.period, count(*) from fresh f join agent_closure c on c.member_id = f.member_id and c.depth > 0
      group by c.ancestor_id, f.period
      on conflict (agent_id, period) do update set members = agent_team_active.members + excluded.members`.execute(trx);

    const counts = await sql<{ members: number; transfers: number }>`
      select (select count(*) from seed_team)::int as members,
        (select count(*) from ledger_transfer where idempotency_scope = ${SCOPE})::int as transfers`.execute(trx);
    return counts.rows[0] ?? { members: 0, transfers: 0 };
  });
}

import { randomBytes } from 'node:crypto';
import type {
  AgentAnnouncement,
  Referral,
  TeamBets,
  TeamFigures,
  TeamMemberDetail,
  TeamMemberRow,
  TeamMembers,
  TeamOverview,
  TeamOverviewRange,
  TeamProfitLoss,
  TeamRegistered,
  TeamSeriesPoint,
  TeamTransactions,
  TeamTransactionType,
  TeamTree,
} from '@playfront/contract/agent-team';
import { REFERRAL_AFFILIATE_PARAM } from '@playfront/contract/agent-team-paths';
import { AGENT_ACCOUNT_TYPES, BRAND_UTC_OFFSET_MINUTES, type LanguageCode, MEMBER_ACCOUNT_TYPE } from '@playfront/contract/constants';
import type { DatePreset } from '@playfront/contract/funds-paths';
import type { GameType } from '@playfront/contract/games-paths';
import type { RoundStatus } from '@playfront/contract/play';
import { RegisterRequestSchema } from '@playfront/contract/session';
import type { FastifyRequest } from 'fastify';
import { sql } from 'kysely';
import type { Db } from '../../../db/database.ts';
import { AppError } from '../../../http/app-error.ts';
import type { BrandRow } from '../../brand/brand.table.ts';
import { maskName } from '../../lobby/lobby.service.ts';
import { registerAccount } from '../../member/registration.service.ts';
import { validBetOf } from '../../play/rounds/betting-record.ts';
import { resolveWindow } from '../../records/record-window.ts';
import type { AuthMember } from '../../session/authenticate.ts';
import {
  activeCounts,
  agentAnnouncements,
  depthBelow,
  memberSums,
  newMembersBy,
  pathDown,
  type Sums,
  type TeamMemberDbRow,
  teamCounts,
  teamFunds,
  teamMemberByUsername,
  teamProfitLoss,
  teamRounds,
  teamSeries,
  teamSizes,
  teamTable,
  toSums,
} from './team.repository.ts';

const HOUR_MS = 3_600_000;
const DAY_MS = 86_400_000;
const OFFSET_MS = BRAND_UTC_OFFSET_MINUTES * 60_000;
const isAgentType = (type: number) => (AGENT_ACCOUNT_TYPES as readonly number[]).includes(type);

/** The brand day (YYYY-MM-DD) of an instant. */
export const brandDay = (at: Date) => new Date(at.getTime() + OFFSET_MS).toISOString().slice(0, 10);
const dayStart = (day: string) => new Date(Date.parse(`${day}T00:00:00Z`) - OFFSET_MS);
const addDays = (day: string, n: number) => new Date(Date.parse(`${day}T00:00:00Z`) + n * DAY_MS).toISOString().slice(0, 10);

export type OverviewWindow = { from: Date; to: Date; step: 'hour' | 'day'; periods: string[]; rangePeriod: string };

/** The range's [from, to) in brand time, its series step and its active-member period keys. */
export function overviewWindow(range: TeamOverviewRange, now: Date): OverviewWindow {
  const today = brandDay(now);
  if (range === 'today' || range === 'yesterday') {
    const day = range === 'today' ? today : addDays(today, -1);
    return { from: dayStart(day), to: dayStart(addDays(day, 1)), step: 'hour', periods: [`D${day}`], rangePeriod: `D${day}` };
  }
  let first: string;
  let next: string;
  if (range === 'week') {
    const weekday = (new Date(`${today}T00:00:00Z`).getUTCDay() + 6) % 7; // Monday 0
    first = addDays(today, -weekday);
    next = addDays(first, 7);
  } else {
    first = `${today.slice(0, 7)}-01`;
    const [y, m] = [Number(today.slice(0, 4)), Number(today.slice(5, 7))];
    next = m === 12 ? `${y + 1}-01-01` : `${y}-${String(m + 1).padStart(2, '0')}-01`;
  }
  const periods: string[] = [];
  for (let d = first; d < next; d = addDays(d, 1)) periods.push(`D${d}`);
  return {
    from: dayStart(first),
    to: dayStart(next),
    step: 'day',
    periods,
    rangePeriod: range === 'week' ? `W${first}` : `M${first.slice(0, 7)}`,
  };
}

const zero = (): Sums => ({ deposits: 0n, withdrawals: 0n, bets: 0n, wins: 0n, valid_bets: 0n, bonuses: 0n });
const add = (a: Sums, b: Sums) => {
  for (const k of Object.keys(a) as Array<keyof Sums>) a[k] += b[k];
};
export function figures(s: Sums): TeamFigures {
  return {
    deposits: String(s.deposits),
    withdrawals: String(s.withdrawals),
    bets: String(s.bets),
    wins: String(s.wins),
    validBets: String(s.valid_bets),
    bonuses: String(s.bonuses),
    profitLoss: String(s.wins - s.bets),
  };
}

async function brandOf(db: Db, brandId: number): Promise<BrandRow> {
  return db.selectFrom('brand').selectAll().where('id', '=', brandId).executeTakeFirstOrThrow();
}

export async function teamOverview(db: Db, me: AuthMember, range: TeamOverviewRange, now: Date): Promise<TeamOverview> {
  const w = overviewWindow(range, now);
  const brand = await brandOf(db, me.brandId);
  const counts = await teamCounts(db, me.memberId);
  const sums = await teamSeries(db, me.memberId, w.from, w.to, w.step);
  const joined = await newMembersBy(db, me.memberId, w.from, w.to, w.step);
  const active = await activeCounts(db, me.memberId, [...w.periods, w.rangePeriod]);

  const buckets = new Map<string, { at: Date; label: string; sums: Sums; newMembers: number; activeMembers: number | null }>();
  const keyOf = (at: Date) => (w.step === 'hour' ? at.toISOString() : brandDay(at));
  if (w.step === 'hour') {
    for (let t = w.from.getTime(); t < w.to.getTime(); t += HOUR_MS) {
      const at = new Date(t);
      const label = `${new Date(t + OFFSET_MS).toISOString().slice(11, 13)}:00`;
      buckets.set(keyOf(at), { at, label, sums: zero(), newMembers: 0, activeMembers: null });
    }
  } else {
    for (const p of w.periods) {
      const day = p.slice(1);
      buckets.set(day, { at: dayStart(day), label: day, sums: zero(), newMembers: 0, activeMembers: active.get(p) ?? 0 });
    }
  }
  const total = zero();
  for (const h of sums) {
    const b = buckets.get(h.key);
    if (b) add(b.sums, h);
    add(total, h);
  }
  let newMembers = 0;
  for (const j of joined) {
    const b = buckets.get(j.key);
    if (b) b.newMembers += j.n;
    newMembers += j.n;
  }
  const series: TeamSeriesPoint[] = [...buckets.values()].map((b) => ({
    at: b.at.toISOString(),
    label: b.label,
    newMembers: b.newMembers,
    activeMembers: b.activeMembers,
    ...figures(b.sums),
  }));
  return {
    range,
    from: w.from.toISOString(),
    to: w.to.toISOString(),
    currency: brand.currency,
    teamSize: counts.team_size,
    directCount: counts.direct_count,
    agentCount: counts.agent_count,
    newMembers,
    activeMembers: active.get(w.rangePeriod) ?? 0,
    ...figures(total),
    step: w.step,
    series,
  };
}

/** Usernames below my direct level are masked (as the winner boards mask). */
const shownName = (username: string, depth: number) => (depth > 1 ? maskName(username) : username);

function row(r: TeamMemberDbRow): TeamMemberRow {
  return {
    id: r.id,
    username: shownName(r.username, r.depth),
    masked: r.depth > 1,
    level: r.depth,
    kind: isAgentType(r.type) ? 'agent' : 'member',
    type: r.type,
    parentId: r.upline_id,
    balance: r.balance,
    lastLoginAt: r.last_login_at ? new Date(r.last_login_at).toISOString() : null,
    status: r.status,
    directCount: r.direct_count,
    createdAt: new Date(r.created_at).toISOString(),
  };
}

/** A node of my tree (me or someone below me); anything else is not found. */
async function assertInTree(db: Db, me: AuthMember, memberId: number): Promise<number> {
  if (memberId === me.memberId) return 0;
  const depth = await depthBelow(db, me.memberId, memberId);
  if (depth === null) throw new AppError('NOT_FOUND');
  return depth;
}

export async function teamMembers(
  db: Db,
  me: AuthMember,
  q: { search?: string | undefined; parentId?: number | undefined; sort: string; order: 'asc' | 'desc'; pageNo: number; pageSize: number },
): Promise<TeamMembers> {
  if (q.parentId !== undefined) await assertInTree(db, me, q.parentId);
  const brand = await brandOf(db, me.brandId);
  const { rows, total } = await teamTable(db, {
    agentId: me.memberId,
    currency: brand.currency,
    search: q.search || undefined,
    parentId: q.parentId,
    sort: q.sort,
    order: q.order,
    limit: q.pageSize,
    offset: (q.pageNo - 1) * q.pageSize,
  });
  return { currency: brand.currency, total, pageNo: q.pageNo, pageSize: q.pageSize, list: rows.map(row) };
}

export async function teamTree(db: Db, me: AuthMember, parentId: number | undefined): Promise<TeamTree> {
  const parent = parentId ?? me.memberId;
  await assertInTree(db, me, parent);
  const brand = await brandOf(db, me.brandId);
  const { rows } = await teamTable(db, {
    agentId: me.memberId,
    currency: brand.currency,
    parentId: parent,
    sort: 'username',
    order: 'asc',
    limit: 500,
    offset: 0,
  });
  const sizes = await teamSizes(
    db,
    rows.map((r) => r.id),
  );
  return { parentId: parent, nodes: rows.map((r) => ({ ...row(r), teamSize: sizes.get(r.id) ?? 0 })) };
}

export async function teamMemberDetail(
  db: Db,
  me: AuthMember,
  memberId: number,
  window: { preset?: DatePreset | undefined; from?: string | undefined; to?: string | undefined },
  now: Date,
): Promise<TeamMemberDetail> {
  const depth = await depthBelow(db, me.memberId, memberId);
  if (depth === null) throw new AppError('NOT_FOUND');
  const w = resolveWindow(window.preset || window.from || window.to ? window : { preset: 'last7' }, now);
  const brand = await brandOf(db, me.brandId);
  const { rows } = await teamTable(db, {
    agentId: me.memberId,
    currency: brand.currency,
    onlyIds: [memberId],
    sort: 'createdAt',
    order: 'desc',
    limit: 1,
    offset: 0,
  });
  const r = rows[0];
  if (!r) throw new AppError('NOT_FOUND');
  const path = await pathDown(db, me.memberId, memberId);
  const sizes = await teamSizes(db, [memberId]);
  return {
    member: row(r),
    path: path.map((p) => ({ id: p.id, username: shownName(p.username, p.depth) })),
    teamSize: sizes.get(memberId) ?? 0,
    currency: brand.currency,
    from: w.fromDay,
    to: w.toDay,
    figures: figures(await memberSums(db, memberId, w.fromDay, w.toDay)),
    lifetime: figures(await memberSums(db, memberId, null, null)),
  };
}

/** The `member` filter (a username) to a member of my team; a name outside it is refused as not found. */
async function memberFilter(db: Db, me: AuthMember, member: string | undefined): Promise<number | undefined> {
  if (!member) return undefined;
  const id = await teamMemberByUsername(db, me.memberId, me.brandId, member);
  if (id === null) throw new AppError('NOT_FOUND');
  return id;
}

type ReportQuery = WindowQuery & { member?: string | undefined; pageNo: number; pageSize: number };

/**
 * What every windowed team report starts from: the brand-day window, the member filter (inside my tree), the page to
 * read, and the head of the answer (window, currency, page) once the total is known.
 */
async function reportScope(db: Db, me: AuthMember, q: ReportQuery, now: Date) {
  const window = resolveWindow(q, now);
  const memberId = await memberFilter(db, me, q.member);
  const { currency } = await brandOf(db, me.brandId);
  const head = (total: number) => ({ from: window.fromDay, to: window.toDay, currency, total, pageNo: q.pageNo, pageSize: q.pageSize });
  return { window, memberId, page: { limit: q.pageSize, offset: (q.pageNo - 1) * q.pageSize }, head };
}

type WindowQuery = { preset?: DatePreset | undefined; from?: string | undefined; to?: string | undefined };

export async function teamBets(
  db: Db,
  me: AuthMember,
  q: ReportQuery & { gameType?: GameType | undefined },
  lang: LanguageCode,
  now: Date,
): Promise<TeamBets> {
  const { window, memberId, page, head } = await reportScope(db, me, q, now);
  const { rows, totals } = await teamRounds(db, {
    agentId: me.memberId,
    from: window.from,
    to: window.to,
    memberId,
    gameType: q.gameType,
    ...page,
  });
  const bet = BigInt(totals.bet);
  const win = BigInt(totals.win);
  const refunded = BigInt(totals.refunded);
  return {
    ...head(Number(totals.rounds)),
    list: rows.map((r) => ({
      memberId: r.member_id,
      username: shownName(r.username, r.depth),
      level: r.depth,
      roundId: r.round_id,
      vendor: r.vendor_code,
      vendorName: r.display_name,
      nodeId: r.node_id,
      gameCode: r.game_code,
      gameName: lang === 'BN' ? r.name_bn : r.name_en,
      gameType: r.game_type as GameType,
      currency: r.currency,
      bet: String(r.bet_total),
      win: String(r.win_total),
      refunded: String(r.refund_total),
      validBet: String(validBetOf(r)),
      profit: String(r.win_total + r.refund_total - r.bet_total),
      status: r.status as RoundStatus,
      startedAt: new Date(r.created_at).toISOString(),
      settledAt: r.settled_at ? new Date(r.settled_at).toISOString() : null,
    })),
    totals: {
      rounds: Number(totals.rounds),
      bet: String(bet),
      win: String(win),
      validBet: String(BigInt(totals.settled_bet) - BigInt(totals.settled_refund)),
      profit: String(win + refunded - bet),
    },
  };
}

export async function teamProfitLossReport(db: Db, me: AuthMember, q: ReportQuery, now: Date): Promise<TeamProfitLoss> {
  const { window, memberId, page, head } = await reportScope(db, me, q, now);
  const { rows, total, totals } = await teamProfitLoss(db, {
    agentId: me.memberId,
    fromDay: window.fromDay,
    toDay: window.toDay,
    memberId,
    ...page,
  });
  return {
    ...head(total),
    list: rows.map((r) => ({
      memberId: r.member_id,
      username: shownName(r.username, r.depth),
      level: r.depth,
      kind: isAgentType(r.type) ? 'agent' : 'member',
      ...figures(toSums(r)),
    })),
    totals: figures(totals),
  };
}

/** The ledger transfer kinds of each account-details type. */
export const TRANSACTION_KINDS: Record<TeamTransactionType, string[]> = {
  DEPOSIT: ['DEPOSIT'],
  WITHDRAWAL: ['WITHDRAWAL_HOLD', 'WITHDRAWAL_RELEASE'],
  TRANSFER: ['UPLINE_TRANSFER', 'DOWNLINE_TRANSFER'],
};
const typeOfKind = (kind: string): TeamTransactionType =>
  kind === 'DEPOSIT' ? 'DEPOSIT' : kind.startsWith('WITHDRAWAL') ? 'WITHDRAWAL' : 'TRANSFER';

export async function teamTransactions(
  db: Db,
  me: AuthMember,
  q: ReportQuery & { type?: TeamTransactionType | undefined },
  now: Date,
): Promise<TeamTransactions> {
  const { window, memberId, page, head } = await reportScope(db, me, q, now);
  const kinds = q.type ? TRANSACTION_KINDS[q.type] : Object.values(TRANSACTION_KINDS).flat();
  const { rows, total } = await teamFunds(db, {
    agentId: me.memberId,
    kinds,
    from: window.from,
    to: window.to,
    memberId,
    ...page,
  });
  return {
    ...head(total),
    list: rows.map((r) => ({
      id: r.id,
      memberId: r.member_id,
      username: shownName(r.username, r.depth),
      level: r.depth,
      type: typeOfKind(r.kind),
      kind: r.kind,
      amount: r.amount,
      balanceAfter: r.balance_after,
      time: new Date(r.created_at).toISOString(),
    })),
  };
}

/** A fresh affiliate code: 10 characters of an alphabet without look-alikes. */
export function newAffiliateCode(): string {
  const alphabet = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
  return Array.from(randomBytes(10), (b) => alphabet[b % alphabet.length]).join('');
}

export type TeamRegisterBody = {
  kind: 'member' | 'agent';
  username: string;
  password: string;
  confirmPassword: string;
} & Record<string, string | undefined>;

/**
 * registerCenter: the account is checked by the member registration's own code (registerAccount: the brand's field
 * rules, password policy, uniqueness) and created directly under me; a sub-agent gets my agent type and its own
 * affiliate code. No session is started (I stay logged in as myself).
 */
export async function registerDownline(request: FastifyRequest, me: AuthMember, body: TeamRegisterBody): Promise<TeamRegistered> {
  const { db } = request.server.deps;
  const brand = await brandOf(db, me.brandId);
  const { kind, ...fields } = body;
  const input = RegisterRequestSchema.parse({ ...fields, registerMethod: 'WEB', login: false, termsAccepted: true });
  const type = kind === 'agent' ? me.type : MEMBER_ACCOUNT_TYPE;
  const affiliateCode = kind === 'agent' ? newAffiliateCode() : null;
  const member = await registerAccount(request, brand, input, 'username', { uplineId: me.memberId, type, affiliateCode });
  return { id: member.id, username: member.username, kind, type, affiliateCode };
}

export async function referral(request: FastifyRequest, me: AuthMember): Promise<Referral> {
  const { db } = request.server.deps;
  const agent = await db.selectFrom('member').select(['affiliate_code']).where('id', '=', me.memberId).executeTakeFirstOrThrow();
  let code = agent.affiliate_code;
  if (!code) {
    // An agent made before codes were given out gets one now, once (a racing twin's code wins).
    await sql`update member set affiliate_code = ${newAffiliateCode()} where id = ${me.memberId} and affiliate_code is null`.execute(db);
    code = (await db.selectFrom('member').select('affiliate_code').where('id', '=', me.memberId).executeTakeFirstOrThrow()).affiliate_code;
  }
  const origin = `${request.protocol}://${request.host}`;
  return { affiliateCode: code ?? '', link: `${origin}/register?${REFERRAL_AFFILIATE_PARAM}=${encodeURIComponent(code ?? '')}` };
}

export async function announcementsFor(db: Db, me: AuthMember, lang: LanguageCode, now: Date): Promise<AgentAnnouncement[]> {
  const brand = await brandOf(db, me.brandId);
  const rows = await agentAnnouncements(db, me.brandId, now);
  const pick = (text: Record<string, string>) => text[lang] ?? text[brand.default_language] ?? Object.values(text)[0] ?? '';
  return rows.map((r) => ({
    id: r.id,
    title: pick(r.title),
    content: pick(r.content),
    pinned: r.pinned,
    publishedAt: new Date(r.published_at).toISOString(),
  }));
}

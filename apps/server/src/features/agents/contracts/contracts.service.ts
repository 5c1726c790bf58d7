import {
  AGENT_CONTRACT_CONSOLIDATED_FIELD,
  AGENT_CONTRACT_FLAG,
  AGENT_CONTRACT_KINDS,
  type AgentContract,
  type AgentContractKind,
  type AgentContractSettings,
  type AgentContractStatus,
  type AgentContractsPage,
  type AgentContractsQuery,
  type ConsolidatedContracts,
  type ContractActionResult,
  type ContractKindStatus,
  type ContractOfferBody,
  type ContractOfferResult,
  type ContractSummary,
} from '@playfront/contract/agent-contracts';
import { isAgentType } from '@playfront/contract/session';
import type { Db } from '../../../db/database.ts';
import { AppError } from '../../../http/app-error.ts';
import { getBrandFlags } from '../../brand/brand.repository.ts';
import { normaliseTerms } from './contract-rules.ts';
import {
  contractOf,
  contractsOfKind,
  contractsPage,
  findContract,
  findMember,
  highestGiven,
  insertOffer,
  loadSettingsRow,
  lockMembers,
  type MemberBrief,
  saveSettingsRow,
  setState,
  usernames,
} from './contracts.repository.ts';
import type { AgentContractRow } from './contracts.table.ts';

/**
 * Agent contracts (issue 14, spec sections 3 and 4; decision 034): offer, accept, reject, terminate, with the rules:
 * only a direct upline offers to a direct downline agent (the house only to top agents); a rate never above the
 * offerer's own active contract of the kind (a top agent without one: the brand maximum); never below what the
 * downline already gives its own downlines; one ACTIVE and one OFFERED per (downline, kind); a higher offer replaces
 * the downline's active contract once confirmed, terminating it in the transaction of the acceptance. Every change
 * locks the member rows of both sides first (ascending id), so the bounds are checked against settled facts.
 */

/** Who acts: an agent of a brand, or the operator for the house. */
export type ContractActor = { memberId: number; brandId: number } | { operator: true; brandId: number };
const isOperator = (a: ContractActor): a is { operator: true; brandId: number } => 'operator' in a;

export const DEFAULT_SETTINGS: AgentContractSettings = {
  maxRateBps: { DIVIDEND: 5000, DAILY_SALARY: 300, HOUR_SALARY: 300, REALTIME_SALARY: 300 },
  maxWinLossRateBps: 2000,
};

export async function loadSettings(db: Db, brandId: number): Promise<AgentContractSettings> {
  const row = await loadSettingsRow(db, brandId);
  if (!row) return DEFAULT_SETTINGS;
  return { maxRateBps: { ...DEFAULT_SETTINGS.maxRateBps, ...row.max_rate_bps }, maxWinLossRateBps: row.max_win_loss_rate_bps };
}

export async function saveSettings(db: Db, brandId: number, s: AgentContractSettings, now: Date): Promise<AgentContractSettings> {
  await saveSettingsRow(db, brandId, s.maxRateBps, s.maxWinLossRateBps, now);
  return loadSettings(db, brandId);
}

async function kindEnabled(db: Db, brandId: number, kind: AgentContractKind): Promise<boolean> {
  return (await getBrandFlags(db, brandId)).features[AGENT_CONTRACT_FLAG[kind]] === true;
}

async function requireKind(db: Db, brandId: number, kind: AgentContractKind) {
  if (!(await kindEnabled(db, brandId, kind))) throw new AppError('FEATURE_DISABLED');
}

/** An agent whose upline is no agent (or who has none): the house is its upline for contracts. */
export async function isTopAgent(db: Db, m: MemberBrief): Promise<boolean> {
  if (!isAgentType(m.type)) return false;
  if (m.upline_id === null) return true;
  const up = await findMember(db, m.upline_id);
  return !up || !isAgentType(up.type);
}

type Bounds = { rate: number; winLoss: number };

/** The most an offerer (a member, or the house when null) may give of `kind`; null: nothing to give. */
export async function offerBounds(db: Db, brandId: number, offererId: number | null, kind: AgentContractKind): Promise<Bounds | null> {
  const settings = await loadSettings(db, brandId);
  const brandMax = { rate: settings.maxRateBps[kind], winLoss: settings.maxWinLossRateBps };
  if (offererId === null) return brandMax;
  const own = await contractOf(db, offererId, kind, 'ACTIVE');
  if (own) return { rate: own.rate_bps, winLoss: own.win_loss_rate_bps };
  const me = await findMember(db, offererId);
  return me && (await isTopAgent(db, me)) ? brandMax : null;
}

// ---------------------------------------------------------------- views

export async function toViews(db: Db, rows: AgentContractRow[]): Promise<AgentContract[]> {
  const names = await usernames(
    db,
    rows.flatMap((r) => (r.upline_id === null ? [r.downline_id] : [r.upline_id, r.downline_id])),
  );
  return rows.map((r) => ({
    id: String(r.id),
    kind: r.kind,
    state: r.state,
    upline: r.upline_id === null ? null : { id: r.upline_id, username: names.get(r.upline_id) ?? '' },
    downline: { id: r.downline_id, username: names.get(r.downline_id) ?? '' },
    terms: {
      rateBps: r.terms.rateBps,
      period: r.terms.period,
      tiers: r.terms.tiers,
      winLossRateBps: r.terms.winLossRateBps,
      effectiveFrom: r.terms.effectiveFrom,
      effectiveTo: r.terms.effectiveTo,
    },
    replacesId: r.replaces_id === null ? null : String(r.replaces_id),
    createdAt: r.created_at.toISOString(),
    decidedAt: r.decided_at?.toISOString() ?? null,
    endedAt: r.ended_at?.toISOString() ?? null,
    endedBy: r.ended_by,
    endedByMemberId: r.ended_by_member,
  }));
}

const toView = async (db: Db, row: AgentContractRow) => (await toViews(db, [row]))[0]!;

// ---------------------------------------------------------------- offer

/** Called inside a change's transaction with the contract before and after, so the console's audit row commits with it. */
export type ContractInTx = (trx: Db, before: AgentContract | null, after: AgentContract) => Promise<void>;

export async function offerContract(
  db: Db,
  actor: ContractActor,
  body: ContractOfferBody,
  now: Date,
  inTx?: ContractInTx,
): Promise<ContractOfferResult> {
  const kind = body.kind;
  await requireKind(db, actor.brandId, kind);
  const terms = normaliseTerms(kind, body.terms);
  const downline = await findMember(db, body.downlineId);
  const uplineId = isOperator(actor) ? null : actor.memberId;
  if (isOperator(actor)) {
    if (!downline || downline.brand_id !== actor.brandId) throw new AppError('NOT_FOUND');
    if (!isAgentType(downline.type)) throw new AppError('CONTRACT_DOWNLINE_NOT_AGENT');
    if (!(await isTopAgent(db, downline))) throw new AppError('CONTRACT_NOT_TOP_AGENT');
  } else {
    if (!downline || downline.brand_id !== actor.brandId || downline.upline_id !== actor.memberId) {
      throw new AppError('CONTRACT_NOT_DIRECT_DOWNLINE');
    }
    if (!isAgentType(downline.type)) throw new AppError('CONTRACT_DOWNLINE_NOT_AGENT');
  }
  return db.transaction().execute(async (trx) => {
    await lockMembers(trx, uplineId === null ? [downline.id] : [uplineId, downline.id]);
    const bounds = await offerBounds(trx, actor.brandId, uplineId, kind);
    if (!bounds) throw new AppError('CONTRACT_NONE_OF_YOUR_OWN');
    if (terms.rateBps > bounds.rate || terms.winLossRateBps > bounds.winLoss) {
      throw new AppError('CONTRACT_RATE_ABOVE_UPLINE', { value: { maxRateBps: bounds.rate, maxWinLossRateBps: bounds.winLoss } });
    }
    const given = await highestGiven(trx, downline.id, kind);
    if (given && (terms.rateBps < given.rate || terms.winLossRateBps < given.winLoss)) {
      throw new AppError('CONTRACT_RATE_BELOW_DOWNLINE', { value: { minRateBps: given.rate, minWinLossRateBps: given.winLoss } });
    }
    if (await contractOf(trx, downline.id, kind, 'OFFERED')) throw new AppError('CONTRACT_ALREADY_OFFERED');
    const active = await contractOf(trx, downline.id, kind, 'ACTIVE');
    const terminates = active ? [await toView(trx, active)] : [];
    if (active) {
      if (terms.rateBps <= active.rate_bps) throw new AppError('CONTRACT_RATE_NOT_HIGHER', { value: { activeRateBps: active.rate_bps } });
      if (!body.confirm) throw new AppError('CONTRACT_CONFIRM_REQUIRED', { value: { terminates } });
    }
    const row = await insertOffer(trx, {
      brandId: actor.brandId,
      uplineId,
      downlineId: downline.id,
      kind,
      terms,
      replacesId: active?.id ?? null,
      now,
    });
    const contract = await toView(trx, row);
    await inTx?.(trx, null, contract);
    return { contract, terminates };
  });
}

// ---------------------------------------------------------------- accept, reject, terminate

/** The contract as the actor may see it: an agent only its own (either side), the operator only the house's. */
async function visibleContract(db: Db, actor: ContractActor, id: bigint): Promise<AgentContractRow> {
  const c = await findContract(db, id);
  const visible =
    c &&
    c.brand_id === actor.brandId &&
    (isOperator(actor) ? c.upline_id === null : c.upline_id === actor.memberId || c.downline_id === actor.memberId);
  if (!visible) throw new AppError('CONTRACT_NOT_FOUND');
  return c;
}

async function lockedContract(trx: Db, c: AgentContractRow): Promise<AgentContractRow> {
  await lockMembers(trx, c.upline_id === null ? [c.downline_id] : [c.upline_id, c.downline_id]);
  return (await findContract(trx, c.id, true))!;
}

export async function acceptContract(db: Db, actor: ContractActor, id: bigint, now: Date): Promise<ContractActionResult> {
  const seen = await visibleContract(db, actor, id);
  if (isOperator(actor) || seen.downline_id !== actor.memberId) throw new AppError('CONTRACT_NOT_YOURS');
  await requireKind(db, actor.brandId, seen.kind);
  return db.transaction().execute(async (trx) => {
    const c = await lockedContract(trx, seen);
    if (c.state !== 'OFFERED') throw new AppError('CONTRACT_STATE_INVALID');
    // The bounds again: the upline's own contract or the downline's given ones may have changed since the offer.
    const bounds = await offerBounds(trx, c.brand_id, c.upline_id, c.kind);
    if (!bounds || c.rate_bps > bounds.rate || c.win_loss_rate_bps > bounds.winLoss) {
      throw new AppError('CONTRACT_RATE_ABOVE_UPLINE', {
        value: { maxRateBps: bounds?.rate ?? null, maxWinLossRateBps: bounds?.winLoss ?? null },
      });
    }
    const given = await highestGiven(trx, c.downline_id, c.kind);
    if (given && (c.rate_bps < given.rate || c.win_loss_rate_bps < given.winLoss)) {
      throw new AppError('CONTRACT_RATE_BELOW_DOWNLINE', { value: { minRateBps: given.rate, minWinLossRateBps: given.winLoss } });
    }
    const terminated: AgentContractRow[] = [];
    const active = await contractOf(trx, c.downline_id, c.kind, 'ACTIVE');
    if (active) {
      if (active.rate_bps >= c.rate_bps) throw new AppError('CONTRACT_RATE_NOT_HIGHER', { value: { activeRateBps: active.rate_bps } });
      const ended = await setState(trx, active.id, 'ACTIVE', { state: 'TERMINATED', ended_at: now, ended_by: 'REPLACED' });
      if (ended) terminated.push(ended);
    }
    const accepted = await setState(trx, c.id, 'OFFERED', { state: 'ACTIVE', decided_at: now, active_from: now });
    if (!accepted) throw new AppError('CONTRACT_STATE_INVALID');
    return { contract: await toView(trx, accepted), terminated: await toViews(trx, terminated) };
  });
}

export async function rejectContract(db: Db, actor: ContractActor, id: bigint, now: Date): Promise<ContractActionResult> {
  const seen = await visibleContract(db, actor, id);
  if (isOperator(actor) || seen.downline_id !== actor.memberId) throw new AppError('CONTRACT_NOT_YOURS');
  return db.transaction().execute(async (trx) => {
    const c = await lockedContract(trx, seen);
    if (c.state !== 'OFFERED') throw new AppError('CONTRACT_STATE_INVALID');
    const rejected = await setState(trx, c.id, 'OFFERED', { state: 'REJECTED', decided_at: now });
    if (!rejected) throw new AppError('CONTRACT_STATE_INVALID');
    return { contract: await toView(trx, rejected), terminated: [] };
  });
}

/**
 * Ends a contract: either side of an ACTIVE one, the upline (or the operator, for the house) withdrawing an OFFERED
 * one. The downline answers an offer by rejecting it.
 */
export async function terminateContract(
  db: Db,
  actor: ContractActor,
  id: bigint,
  now: Date,
  inTx?: ContractInTx,
): Promise<ContractActionResult> {
  const seen = await visibleContract(db, actor, id);
  return db.transaction().execute(async (trx) => {
    const c = await lockedContract(trx, seen);
    const byUpline = isOperator(actor) || c.upline_id === actor.memberId;
    if (c.state !== 'ACTIVE' && !(c.state === 'OFFERED' && byUpline)) throw new AppError('CONTRACT_STATE_INVALID');
    const endedBy = isOperator(actor) ? 'OPERATOR' : byUpline ? 'UPLINE' : 'DOWNLINE';
    const ended = await setState(trx, c.id, c.state, {
      state: 'TERMINATED',
      ended_at: now,
      ended_by: endedBy,
      ended_by_member: isOperator(actor) ? null : actor.memberId,
    });
    if (!ended) throw new AppError('CONTRACT_STATE_INVALID');
    const contract = await toView(trx, ended);
    await inTx?.(trx, await toView(trx, c), contract);
    return { contract, terminated: [] };
  });
}

// ---------------------------------------------------------------- reads

export async function consolidated(db: Db, me: { memberId: number; brandId: number }): Promise<ConsolidatedContracts> {
  const flags = (await getBrandFlags(db, me.brandId)).features;
  const mine = await contractsOfKind(db, { downlineId: me.memberId, states: ['ACTIVE', 'OFFERED'] });
  const given = await contractsOfKind(db, { uplineId: me.memberId, states: ['ACTIVE'] });
  const kinds = {} as Record<AgentContractKind, ContractKindStatus>;
  const out = {} as Record<(typeof AGENT_CONTRACT_CONSOLIDATED_FIELD)[AgentContractKind], AgentContractStatus>;
  for (const kind of AGENT_CONTRACT_KINDS) {
    const enabled = flags[AGENT_CONTRACT_FLAG[kind]] === true;
    const active = mine.some((c) => c.kind === kind && c.state === 'ACTIVE');
    const pendingOffer = mine.some((c) => c.kind === kind && c.state === 'OFFERED');
    const status: AgentContractStatus = !enabled ? 'DISABLED' : pendingOffer ? 'OFFERED' : active ? 'ACTIVE' : 'NONE';
    kinds[kind] = { enabled, status, active, pendingOffer, given: given.filter((c) => c.kind === kind).length };
    out[AGENT_CONTRACT_CONSOLIDATED_FIELD[kind]] = status;
  }
  return { ...out, kinds };
}

export async function summary(db: Db, me: { memberId: number; brandId: number }, kind: AgentContractKind): Promise<ContractSummary> {
  const enabled = await kindEnabled(db, me.brandId, kind);
  const mine = await contractsOfKind(db, { downlineId: me.memberId, kind, states: ['ACTIVE', 'OFFERED'] });
  const given = await contractsOfKind(db, { uplineId: me.memberId, kind, states: ['ACTIVE', 'OFFERED'] });
  const bounds = await offerBounds(db, me.brandId, me.memberId, kind);
  const [active] = mine.filter((c) => c.state === 'ACTIVE');
  return {
    kind,
    enabled,
    mine: active ? await toView(db, active) : null,
    offers: await toViews(
      db,
      mine.filter((c) => c.state === 'OFFERED'),
    ),
    given: await toViews(db, given),
    maxRateBps: bounds?.rate ?? null,
    maxWinLossRateBps: bounds?.winLoss ?? null,
  };
}

export async function listContracts(
  db: Db,
  actor: ContractActor,
  q: Pick<AgentContractsQuery, 'kind' | 'state' | 'pageNo' | 'pageSize'> & { role: AgentContractsQuery['role'] },
): Promise<AgentContractsPage> {
  const memberId = isOperator(actor) ? null : actor.memberId;
  const role = isOperator(actor) ? 'upline' : q.role;
  const { rows, total } = await contractsPage(db, { ...q, role, memberId, brandId: actor.brandId });
  return { list: await toViews(db, rows), total, pageNo: q.pageNo, pageSize: q.pageSize };
}

import { createHash } from 'node:crypto';
import {
  PROVIDER_ERRORS,
  type ProviderAuthenticateRequest,
  type ProviderAuthenticateResponse,
  type ProviderBetRequest,
  type ProviderErrorCode,
  type ProviderErrorResponse,
  type ProviderRollbackRequest,
  type ProviderTransactionResponse,
  type ProviderWinRequest,
} from '@playfront/contract/provider-wallet';
import { isTrialType } from '@playfront/contract/session';
import { sql, type Transaction } from 'kysely';
import type { Db } from '../../db/database.ts';
import { type PreparedStatement, preparedQuery, preparedStatement } from '../../db/prepared-statements.ts';
import type { Database } from '../../db/schema.ts';
import { batchKeysOf, type StatementBatcher, statementBatcher } from '../../db/statement-batches.ts';
import type { TtlCache } from '../../infra/ttl-cache.ts';
import { accountOf } from '../ledger/account-ids.ts';
import {
  accountBatchKey,
  countRetry,
  type LedgerAccount,
  playableBalance,
  postTransfers,
  type TransferLeg,
  withTransactionRetry,
} from '../ledger/ledger.service.ts';
import type { JsonObject, JsonValue } from '../ledger/ledger.table.ts';
import { maskName } from '../lobby/lobby.service.ts';
import { type BetRefusal, betRefusal } from '../protection/protection.service.ts';
import { hashToken } from '../session/session.repository.ts';
import type { ProviderTransactionKind, ProviderTransactionRow } from './play.table.ts';

/**
 * The platform's side of the provider wallet API (contract: provider-wallet.ts,
 * decision 009). Each bet, win and rollback is one database transaction that:
 *
 * 1. answers a transactionId it has already answered from its row (the stored
 *    answer, or a conflict when the content differs);
 * 2. locks the round row (`for update`), so bets, wins and rollbacks of one
 *    round serialise and a closed round stays closed;
 * 3. posts the money through the ledger inside the same transaction (scope
 *    `provider:<vendor>`, key = transactionId, request hash of the call,
 *    refusals remembered);
 * 4. stores the answer (HTTP status and body) on the transaction's row.
 *
 * Bets and wins run these steps inside one database function each
 * (`play_provider_bet`, `play_provider_win`: one statement, so the house row is
 * locked for one short transaction, not across a dozen round trips). They lock
 * the round, then the accounts, and only then write the transaction's row, once,
 * with its answer: a twin that wrote it first makes the call a replay with
 * nothing written (decision 069). Rollbacks, rare, claim their row first and
 * store the answer at the end, here through the ledger service.
 *
 * A refusal that depends on state that cannot change back (round closed,
 * token expired, wrong game) is not stored: nothing is written for it;
 * INSUFFICIENT_FUNDS is stored (a resend must not take the money later).
 */

export type ProviderAnswer = {
  httpStatus: number;
  body: JsonObject;
};

/** The answer to send (the new balance reaches the member through the money outbox). */
export type ProviderOutcome = { answer: ProviderAnswer };

export type ProviderContext = {
  db: Db;
  now: Date;
  winnerBoardMinWin: bigint;
  /** Launch sessions read in the last `SESSION_CACHE_MS`, for bets and wins (decision 067); absent: always read. */
  launchSessions?: TtlCache<LaunchSessionView | undefined>;
  /** Bets and wins gathered into shared transactions under load (decision 079); absent: one transaction a call. */
  batches?: ProviderCallBatches;
};

/** A refusal from the contract's list; becomes `{ status, message, balance?, currency? }` with its HTTP status. */
export class ProviderRefusal extends Error {
  constructor(
    readonly code: ProviderErrorCode,
    message: string,
    readonly balance?: bigint,
    readonly currency?: string,
  ) {
    super(message);
  }
}

export function refusalAnswer(r: ProviderRefusal): ProviderAnswer {
  const body: ProviderErrorResponse = { status: r.code, message: r.message };
  if (r.balance !== undefined) body.balance = String(r.balance);
  if (r.currency !== undefined) body.currency = r.currency;
  return { httpStatus: PROVIDER_ERRORS[r.code], body };
}

const okAnswer = (body: JsonObject): ProviderAnswer => ({ httpStatus: 200, body });

// ---------------------------------------------------------------- sessions

export type LaunchSessionView = {
  sessionId: bigint;
  memberId: number;
  brandId: number;
  /** The brand's merchant code. */
  brandCode: string;
  username: string;
  nickname: string;
  memberStatus: 'active' | 'disabled';
  memberType: number;
  vendorCode: string;
  nodeId: string;
  gameCode: string;
  gameType: string;
  currency: string;
  language: string;
  expiresAt: Date;
  /** Logged out, password changed, or over the per-member launch cap: no new bets (wins and rollbacks still settle). */
  ended: boolean;
  /** The vendor's wallet mode now (an operator may switch it after the launch). */
  walletMode: 'seamless' | 'transfer';
  /** The member has protection settings (limits or a block, issue 18): bets are checked under its row lock. */
  protectionRow: boolean;
};

/** Every provider call reads this (a seven-table join): prepared, planned once per connection (decision 066). $1: the token's hash. */
const launchSessionByToken = preparedQuery('launch_session_by_token', (db) =>
  db
    .selectFrom('game_launch_session as s')
    .innerJoin('member as m', 'm.id', 's.member_id')
    .innerJoin('game as g', 'g.node_id', 's.node_id')
    .innerJoin('game_vendor as v', 'v.code', 's.vendor_code')
    .innerJoin('brand as b', 'b.id', 's.brand_id')
    .leftJoin('member_session as ms', 'ms.id', 's.member_session_id')
    .leftJoin('member_protection as mp', 'mp.member_id', 's.member_id')
    .where('s.token_hash', '=', '')
    .select([
      's.id',
      's.member_id',
      's.brand_id',
      'b.merchant_code',
      'm.username',
      'm.nickname',
      'm.status',
      'm.type',
      's.vendor_code',
      's.node_id',
      's.game_code',
      'g.game_type',
      's.currency',
      's.language',
      's.expires_at',
      's.revoked_at',
      'ms.revoked_at as member_session_revoked_at',
      'v.wallet_mode',
      'mp.member_id as protection_member_id',
    ]),
);

/** The bet and the win: one statement each (migration 20261123T0850_play_provider_functions), prepared (decision 066). */
const betStatement = preparedStatement<{ r: FunctionResult }, readonly unknown[]>(
  'play_provider_bet',
  'select play_provider_bet($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15::jsonb) as r',
);
/**
 * The bet from a cached launch session (migration 20261207T1000_provider_bet_cached, decision 067): the same
 * function behind a check, in the same statement, that the session may still stake (not ended, member active,
 * vendor seamless, no protection row unless $1 says the caller checked it); RECHECK and nothing written if not.
 */
const betCachedStatement = preparedStatement<{ r: FunctionResult | { outcome: 'RECHECK' } }, readonly unknown[]>(
  'play_provider_bet_cached',
  'select play_provider_bet_cached($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16::jsonb) as r',
);
const winStatement = preparedStatement<{ r: FunctionResult }, readonly unknown[]>(
  'play_provider_win',
  'select play_provider_win($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13::jsonb, $14, $15, $16) as r',
);
/** Several cached-session bets, or several wins, in one statement (migration 20261210T1000_money_call_batches). */
const betBatchStatement = preparedStatement<{ r: (FunctionResult | { outcome: 'RECHECK' })[] }, readonly [string]>(
  'play_provider_bet_batch',
  'select play_provider_bet_batch($1::jsonb) as r',
);
const winBatchStatement = preparedStatement<{ r: FunctionResult[] }, readonly [string]>(
  'play_provider_win_batch',
  'select play_provider_win_batch($1::jsonb) as r',
);

/** A call's arguments as the batch functions read them: numbers and times as text. */
const batchCalls = (calls: (readonly unknown[])[]) =>
  JSON.stringify(calls, (_key, value) => (typeof value === 'bigint' ? value.toString() : value));

/** Where a call's arguments hold what its batch is keyed and ordered by. */
type BatchArgs = { vendor: number; round: number; wallet: number; house: number };
const BET_ARGS: BatchArgs = { vendor: 1, round: 3, wallet: 12, house: 13 };
const WIN_ARGS: BatchArgs = { vendor: 0, round: 2, wallet: 9, house: 10 };

export type ProviderCallBatches = {
  bets: StatementBatcher<readonly unknown[], FunctionResult | { outcome: 'RECHECK' }>;
  wins: StatementBatcher<readonly unknown[], FunctionResult>;
};

/**
 * The provider's bets and wins in batches (decision 079). A wallet, and a round, has one call at the database at a
 * time (two batches holding one each could wait for each other: a bet locks its round's key before its accounts). A
 * batch is sent in house-shard order, then wallet order: a shard is the one account calls of different players share.
 */
export function providerCallBatches(db: Db, log?: (error: unknown, size: number) => void): ProviderCallBatches {
  // A batch broken by a deadlock is counted as one (its calls then run alone, and may retry on their own).
  const onBatchError = (error: unknown, size: number) => {
    countRetry(error);
    log?.(error, size);
  };
  const keys = batchKeysOf(db);
  const batcher = <R>(
    one: PreparedStatement<{ r: R }, readonly unknown[]>,
    many: PreparedStatement<{ r: R[] }, readonly [string]>,
    at: BatchArgs,
  ) =>
    statementBatcher<readonly unknown[], R>({
      runOne: async (args) => (await one.run(db, args))[0]!.r,
      runMany: async (calls) => (await many.run(db, [batchCalls(calls)]))[0]!.r,
      orderKey: (a) => [a[at.house], a[at.wallet]] as bigint[],
      exclusiveKeys: (a) => [accountBatchKey(a[at.wallet] as bigint), `round:${a[at.vendor]}:${a[at.round]}`],
      onBatchError,
      keys,
    });
  return { bets: batcher(betCachedStatement, betBatchStatement, BET_ARGS), wins: batcher(winStatement, winBatchStatement, WIN_ARGS) };
}

export async function findLaunchSession(db: Db, token: string): Promise<LaunchSessionView | undefined> {
  const row = (await launchSessionByToken.run(db, [hashToken(token)]))[0];
  if (!row) return undefined;
  return {
    sessionId: row.id,
    memberId: row.member_id,
    brandId: row.brand_id,
    brandCode: row.merchant_code,
    username: row.username,
    nickname: row.nickname,
    memberStatus: row.status,
    memberType: row.type,
    vendorCode: row.vendor_code,
    nodeId: row.node_id,
    gameCode: row.game_code,
    gameType: row.game_type,
    currency: row.currency,
    language: row.language,
    expiresAt: row.expires_at,
    ended: row.revoked_at !== null || row.member_session_revoked_at !== null,
    walletMode: row.wallet_mode,
    protectionRow: row.protection_member_id !== null,
  };
}

async function isTransferVendor(db: Db, vendor: string): Promise<boolean> {
  const row = await db.selectFrom('game_vendor').select('wallet_mode').where('code', '=', vendor).executeTakeFirst();
  return row?.wallet_mode === 'transfer';
}

const transferRefusal = () =>
  new ProviderRefusal('WALLET_MODE_TRANSFER', 'this vendor uses the transfer wallet: move money with GCS_walletTransfer');

/**
 * The session of a token, for this vendor. `live` (authenticate, balance): also refuse an expired token and a
 * vendor in transfer-wallet mode, whose stakes never come out of the main wallet.
 *
 * `cached` (bets and wins, decision 067): the row may come from `ctx.launchSessions`, up to SESSION_CACHE_MS old.
 * Only what is fixed at launch may be trusted from it (member, game, currency, expiry); whether the session may
 * still stake is checked again by the bet's own statement, and a call the cached row would refuse is decided on
 * a fresh read.
 */
async function sessionFor(
  ctx: ProviderContext,
  vendor: string,
  token: string,
  live: boolean,
  stake = live,
  cached = false,
): Promise<LaunchSessionView> {
  const session =
    cached && ctx.launchSessions
      ? await ctx.launchSessions.get(token, () => findLaunchSession(ctx.db, token))
      : await findLaunchSession(ctx.db, token);
  // A token launched for another vendor is unknown to this one.
  if (!session || session.vendorCode !== vendor) {
    if (cached) return sessionFor(ctx, vendor, token, live, stake);
    if (stake && (await isTransferVendor(ctx.db, vendor))) throw transferRefusal();
    throw new ProviderRefusal('INVALID_TOKEN', 'unknown token');
  }
  if (live && session.walletMode === 'transfer') throw transferRefusal();
  if (live && ctx.now.getTime() >= session.expiresAt.getTime()) {
    throw new ProviderRefusal('INVALID_TOKEN', 'token expired', await walletBalance(ctx.db, session), session.currency);
  }
  if (live && session.ended) {
    throw new ProviderRefusal(
      'INVALID_TOKEN',
      'the member session that launched it has ended',
      await walletBalance(ctx.db, session),
      session.currency,
    );
  }
  return session;
}

async function assertPlayable(ctx: ProviderContext, session: LaunchSessionView): Promise<void> {
  if (session.memberStatus !== 'active' || isTrialType(session.memberType as never)) {
    throw new ProviderRefusal('MEMBER_DISABLED', 'member cannot play for money', await walletBalance(ctx.db, session), session.currency);
  }
}

/** What a game may stake: cash + bonus (decision 026: cash is spent first, the game sees one balance). */
async function walletBalance(db: Db, session: Pick<LaunchSessionView, 'memberId' | 'currency'>): Promise<bigint> {
  return playableBalance(db, session.memberId, session.currency);
}

/** The member's main wallet account (its id, from the in-process cache of account ids). */
function walletAccount(ctx: ProviderContext, session: Pick<LaunchSessionView, 'memberId' | 'currency'>): Promise<LedgerAccount> {
  return accountOf(ctx.db, { kind: 'MEMBER_WALLET', memberId: session.memberId, currency: session.currency });
}

/**
 * The house side of a vendor's bets and wins is split over HOUSE_SHARDS ledger
 * accounts (decision 009): every bet and win locks its house account until
 * commit, so one account per vendor would make all of a vendor's players queue
 * behind each other's commits. A member always uses the same shard. Shard 0 is
 * the account named by the vendor code itself; shard n > 0 is `<vendor>-s<n>`
 * (vendor codes are upper case, so no real vendor code looks like a shard).
 * The vendor's house position is the sum over its shards.
 */
export const HOUSE_SHARDS = 64;

export function houseShardCode(vendor: string, memberId: number): string {
  const shard = memberId % HOUSE_SHARDS;
  return shard === 0 ? vendor : `${vendor}-s${shard}`;
}

function houseAccount(ctx: ProviderContext, vendor: string, currency: string, memberId: number): Promise<LedgerAccount> {
  return accountOf(ctx.db, { kind: 'HOUSE', vendorCode: houseShardCode(vendor, memberId), currency });
}

/** Stable and opaque per vendor: never the username or the member id in clear. */
export function playerIdFor(vendor: string, memberId: number): string {
  return `p${createHash('sha256').update(`playfront-player:${vendor}:${memberId}`).digest('hex').slice(0, 24)}`;
}

// ---------------------------------------------------------------- idempotency

/** Canonical fingerprint of a call: the call name and its fields with sorted keys; defaults made explicit. */
export function providerRequestHash(call: string, body: Record<string, unknown>): string {
  const keys = Object.keys(body)
    .filter((k) => body[k] !== undefined)
    .sort();
  const canonical = JSON.stringify([call, keys.map((k) => [k, body[k]])]);
  return createHash('sha256').update(canonical).digest('hex');
}

async function findTransaction(db: Db, vendor: string, transactionId: string): Promise<ProviderTransactionRow | undefined> {
  return db
    .selectFrom('provider_transaction')
    .selectAll()
    .where('vendor_code', '=', vendor)
    .where('transaction_id', '=', transactionId)
    .executeTakeFirst();
}

/** The answer for a transactionId seen before: the stored one, or a refusal when the content differs or it was tombstoned. */
async function replay(
  ctx: ProviderContext,
  row: ProviderTransactionRow,
  kind: ProviderTransactionKind,
  requestHash: string,
  session: LaunchSessionView,
): Promise<ProviderAnswer> {
  if (row.kind === 'TOMBSTONE') {
    if (kind !== 'BET') throw new ProviderRefusal('TRANSACTION_CONFLICT', 'transactionId names a rolled-back bet');
    throw new ProviderRefusal(
      'TRANSACTION_ROLLED_BACK',
      'bet was rolled back before it arrived',
      await walletBalance(ctx.db, session),
      session.currency,
    );
  }
  if (row.request_hash !== requestHash || row.kind !== kind) {
    throw new ProviderRefusal(
      'TRANSACTION_CONFLICT',
      'transactionId used with different content',
      await walletBalance(ctx.db, session),
      session.currency,
    );
  }
  if (row.http_status === null || row.answer === null) throw new Error(`provider transaction ${row.id} holds no answer`);
  return { httpStatus: row.http_status, body: inAnswerOrder(row.answer as JsonObject) };
}

const OK_ORDER = ['status', 'balance', 'currency', 'platformTransactionId'];
const REFUSAL_ORDER = ['status', 'message', 'balance', 'currency'];

/** jsonb does not keep key order: a stored answer is rebuilt in the order the first answer had, so a repeat is byte-identical. */
function inAnswerOrder(body: JsonObject): JsonObject {
  const order = body.status === 'OK' ? OK_ORDER : REFUSAL_ORDER;
  const out: JsonObject = {};
  for (const key of order) if (key in body) out[key] = body[key] as JsonValue;
  for (const key of Object.keys(body)) if (!(key in out)) out[key] = body[key] as JsonValue;
  return out;
}

type Claim = { id: bigint } | { existing: ProviderTransactionRow };

async function claim(
  trx: Transaction<Database>,
  values: {
    vendor: string;
    transactionId: string;
    kind: ProviderTransactionKind;
    memberId: number;
    roundId: string;
    amount: bigint;
    requestHash: string;
    now: Date;
  },
): Promise<Claim> {
  const claimed = await trx
    .insertInto('provider_transaction')
    .values({
      vendor_code: values.vendor,
      transaction_id: values.transactionId,
      kind: values.kind,
      member_id: values.memberId,
      round_id: values.roundId,
      amount: values.amount,
      request_hash: values.requestHash,
      created_at: values.now,
    })
    .onConflict((oc) => oc.columns(['vendor_code', 'transaction_id']).doNothing())
    .returning('id')
    .executeTakeFirst();
  if (claimed) return { id: claimed.id };
  const existing = await trx
    .selectFrom('provider_transaction')
    .selectAll()
    .where('vendor_code', '=', values.vendor)
    .where('transaction_id', '=', values.transactionId)
    .executeTakeFirst();
  if (!existing) throw new Error(`provider transaction ${values.vendor}/${values.transactionId} conflicted but cannot be read`);
  return { existing };
}

async function store(trx: Transaction<Database>, id: bigint, answer: ProviderAnswer, flags: { applied?: boolean; amount?: bigint } = {}) {
  await trx
    .updateTable('provider_transaction')
    .set({
      http_status: answer.httpStatus,
      answer: JSON.stringify(answer.body),
      ...(flags.applied !== undefined ? { applied: flags.applied } : {}),
      ...(flags.amount !== undefined ? { amount: flags.amount } : {}),
    })
    .where('id', '=', id)
    .execute();
}

async function lockRound(trx: Transaction<Database>, vendor: string, roundId: string) {
  return trx
    .selectFrom('game_round')
    .selectAll()
    .where('vendor_code', '=', vendor)
    .where('round_id', '=', roundId)
    .forUpdate()
    .executeTakeFirst();
}

/** Runs the call's transaction (retried after a deadlock or serialization failure); a twin's claim conflict replays. */
async function inTransaction(
  ctx: ProviderContext,
  fn: (trx: Transaction<Database>) => Promise<ProviderOutcome | { replayOf: ProviderTransactionRow }>,
): Promise<ProviderOutcome | { replayOf: ProviderTransactionRow }> {
  return withTransactionRetry(() => ctx.db.transaction().execute(fn));
}

const transactionOk = (balance: bigint, currency: string, platformTransactionId: bigint): ProviderAnswer =>
  okAnswer({
    status: 'OK',
    balance: String(balance),
    currency,
    platformTransactionId: String(platformTransactionId),
  } satisfies ProviderTransactionResponse);

// ---------------------------------------------------------------- calls

export async function providerAuthenticate(
  ctx: ProviderContext,
  vendor: string,
  body: ProviderAuthenticateRequest,
): Promise<ProviderOutcome> {
  const session = await sessionFor(ctx, vendor, body.token, true);
  await assertPlayable(ctx, session);
  // The launch token is exchanged once, for the game server's own session: a token copied from a URL or a log
  // cannot open the game again (issue 21 item 4).
  const opened = await ctx.db
    .updateTable('game_launch_session')
    .set({ opened_at: ctx.now })
    .where('id', '=', session.sessionId)
    .where('opened_at', 'is', null)
    .executeTakeFirst();
  if (opened.numUpdatedRows === 0n) {
    throw new ProviderRefusal('INVALID_TOKEN', 'launch token already opened', await walletBalance(ctx.db, session), session.currency);
  }
  const answer: ProviderAuthenticateResponse = {
    status: 'OK',
    balance: String(await walletBalance(ctx.db, session)),
    currency: session.currency,
    playerId: playerIdFor(vendor, session.memberId),
    displayName: maskName(session.nickname || session.username),
    gameCode: session.gameCode,
    language: session.language,
    brand: session.brandCode,
  };
  return { answer: okAnswer(answer) };
}

export async function providerBalance(ctx: ProviderContext, vendor: string, body: { token: string }): Promise<ProviderOutcome> {
  const session = await sessionFor(ctx, vendor, body.token, true);
  await assertPlayable(ctx, session);
  return { answer: okAnswer({ status: 'OK', balance: String(await walletBalance(ctx.db, session)), currency: session.currency }) };
}

export function providerBet(ctx: ProviderContext, vendor: string, body: ProviderBetRequest): Promise<ProviderOutcome> {
  return answerOf(bet(ctx, vendor, body));
}

/** A refusal decided before any money moves: the transfer-mode one, or a code and its message. */
type Check = 'TRANSFER' | [ProviderErrorCode, string];

/** Why a bet on this session is refused before any money moves, if it is. */
function betCheck(ctx: ProviderContext, session: LaunchSessionView, body: ProviderBetRequest, amount: bigint): Check | undefined {
  if (session.walletMode === 'transfer') return 'TRANSFER';
  if (ctx.now.getTime() >= session.expiresAt.getTime()) return ['INVALID_TOKEN', 'token expired'];
  if (session.ended) return ['INVALID_TOKEN', 'the member session that launched it has ended'];
  if (session.memberStatus !== 'active' || isTrialType(session.memberType as never)) {
    return ['MEMBER_DISABLED', 'member cannot play for money'];
  }
  return sameGameCheck(session, body) ?? (amount <= 0n ? ['BAD_REQUEST', 'a bet must be more than 0'] : undefined);
}

/** A bet or win names the launched game and its currency. */
function sameGameCheck(session: LaunchSessionView, body: { currency: string; gameCode: string }): Check | undefined {
  if (body.currency !== session.currency) return ['WRONG_CURRENCY', `currency is ${session.currency}`];
  if (body.gameCode !== session.gameCode) return ['UNKNOWN_GAME', 'not the launched game'];
  return undefined;
}

/** A check's refusal, with the member's balance (the transfer-mode refusal has none: the wallet is not the game's). */
async function refusalOf(ctx: ProviderContext, session: LaunchSessionView, check: Check | undefined): Promise<ProviderRefusal | undefined> {
  if (check === undefined) return undefined;
  if (check === 'TRANSFER') return transferRefusal();
  return new ProviderRefusal(check[0], check[1], await walletBalance(ctx.db, session), session.currency);
}

async function bet(
  ctx: ProviderContext,
  vendor: string,
  body: ProviderBetRequest,
  cached = ctx.launchSessions !== undefined,
): Promise<ProviderOutcome> {
  // Not `live`: a repeat of a bet answered before the token expired gets its first answer.
  const session = await sessionFor(ctx, vendor, body.token, false, true, cached);
  const requestHash = providerRequestHash('bet', body);
  const amount = BigInt(body.amount);
  const check = betCheck(ctx, session, body, amount);
  // A cached row refuses nothing by itself: the refusal is decided on a fresh read.
  if (check && cached) return bet(ctx, vendor, body, false);
  await replayOrRefuse(ctx, vendor, body.transactionId, 'BET', requestHash, session, await refusalOf(ctx, session, check));

  const wallet = await walletAccount(ctx, session);
  const house = await houseAccount(ctx, vendor, session.currency, session.memberId);
  const reference = { vendor, roundId: body.roundId, gameCode: body.gameCode, transactionId: body.transactionId };
  // One statement, one short transaction (migration 20261123T0850_play_provider_functions).
  const placeBet = async (db: Db) => {
    const args = [
      vendor,
      body.transactionId,
      body.roundId,
      session.memberId,
      session.sessionId,
      session.nodeId,
      session.gameCode,
      session.gameType,
      session.currency,
      amount,
      requestHash,
      wallet.id,
      house.id,
      ctx.now,
      JSON.stringify(reference),
    ];
    if (cached && db === ctx.db && ctx.batches) return ctx.batches.bets.run([session.protectionRow, ...args]);
    const rows = await (cached ? betCachedStatement.run(db, [session.protectionRow, ...args]) : betStatement.run(db, args));
    return rows[0]!.r;
  };
  // A member with limits or a block (issue 18): the check and the stake in one transaction, under the member's
  // protection row lock, so two concurrent stakes cannot both fit in what is left of a limit (decision 043).
  const result = await withTransactionRetry(
    async (): Promise<FunctionResult | { outcome: 'RECHECK' } | { outcome: 'PROTECTION'; refusal: BetRefusal }> => {
      if (!session.protectionRow) return placeBet(ctx.db);
      return ctx.db.transaction().execute(async (trx) => {
        const refusal = await betRefusal(trx, session.memberId, amount, ctx.now);
        return refusal ? { outcome: 'PROTECTION' as const, refusal } : placeBet(trx);
      });
    },
  );
  // The cached session can no longer stake as it was (ended, member disabled, vendor switched, a limit set):
  // nothing was written; decide the call on a fresh read.
  if (result.outcome === 'RECHECK') return bet(ctx, vendor, body, false);
  if (result.outcome === 'PROTECTION') {
    const refusal = new ProviderRefusal(
      result.refusal.code,
      result.refusal.message,
      await walletBalance(ctx.db, session),
      session.currency,
    );
    await replayOrRefuse(ctx, vendor, body.transactionId, 'BET', requestHash, session, refusal);
    throw refusal; // (replayOrRefuse always throws when given a refusal)
  }
  return functionOutcome(ctx, result, vendor, body.transactionId, 'BET', requestHash, session);
}

/** Thrown as a call's answer: a repeat of an id seen before gets its first answer (or its conflict), before any refusal. */
class ReplayAnswer extends Error {
  constructor(readonly answer: ProviderAnswer) {
    super('replay');
  }
}

/**
 * The slow path of a bet or win, only when a check refuses it: a transactionId
 * seen before is answered as the first time (a bet answered before its token
 * expired is still OK), anything else gets the refusal. The fast path needs no
 * lookup: the database function reports a claimed id as REPLAY.
 */
async function replayOrRefuse(
  ctx: ProviderContext,
  vendor: string,
  transactionId: string,
  kind: ProviderTransactionKind,
  requestHash: string,
  session: LaunchSessionView,
  refusal: ProviderRefusal | undefined,
): Promise<void> {
  if (!refusal) return;
  const seen = await findTransaction(ctx.db, vendor, transactionId);
  if (seen) throw new ReplayAnswer(await replay(ctx, seen, kind, requestHash, session));
  throw refusal;
}

/** Runs a bet or win, turning a replay found on the slow path into the call's answer. */
async function answerOf(run: Promise<ProviderOutcome>): Promise<ProviderOutcome> {
  try {
    return await run;
  } catch (error) {
    if (error instanceof ReplayAnswer) return { answer: error.answer };
    throw error;
  }
}

/** What play_provider_bet and play_provider_win answer. */
type FunctionResult =
  | { outcome: 'REPLAY' }
  | { outcome: 'REFUSED'; code: ProviderErrorCode; message: string }
  | { outcome: 'ANSWER'; httpStatus: number; body: JsonObject; balance?: string };

async function functionOutcome(
  ctx: ProviderContext,
  result: FunctionResult,
  vendor: string,
  transactionId: string,
  kind: ProviderTransactionKind,
  requestHash: string,
  session: LaunchSessionView,
): Promise<ProviderOutcome> {
  if (result.outcome === 'REPLAY') {
    // A twin claimed the id first (and has committed, or the claim would still be waiting).
    const row = await findTransaction(ctx.db, vendor, transactionId);
    if (!row) throw new Error(`provider transaction ${vendor}/${transactionId} conflicted but cannot be read`);
    return { answer: await replay(ctx, row, kind, requestHash, session) };
  }
  if (result.outcome === 'REFUSED') {
    throw new ProviderRefusal(result.code, result.message, await walletBalance(ctx.db, session), session.currency);
  }
  return { answer: { httpStatus: result.httpStatus, body: inAnswerOrder(result.body) } };
}

export function providerWin(ctx: ProviderContext, vendor: string, body: ProviderWinRequest): Promise<ProviderOutcome> {
  return answerOf(win(ctx, vendor, body));
}

async function win(
  ctx: ProviderContext,
  vendor: string,
  body: ProviderWinRequest,
  cached = ctx.launchSessions !== undefined,
): Promise<ProviderOutcome> {
  // A win settles money the member is owed: accepted after the token expired and for a disabled member, so it
  // needs only what is fixed at launch, and a cached session serves it.
  const session = await sessionFor(ctx, vendor, body.token, false, false, cached);
  const closeRound = body.closeRound ?? true;
  const requestHash = providerRequestHash('win', { ...body, closeRound });
  const check = sameGameCheck(session, body);
  if (check && cached) return win(ctx, vendor, body, false);
  await replayOrRefuse(ctx, vendor, body.transactionId, 'WIN', requestHash, session, await refusalOf(ctx, session, check));
  const amount = BigInt(body.amount);

  const wallet = await walletAccount(ctx, session);
  const house = await houseAccount(ctx, vendor, session.currency, session.memberId);
  const reference = { vendor, roundId: body.roundId, gameCode: body.gameCode, transactionId: body.transactionId };
  const result = await withTransactionRetry(async () => {
    const args = [
      vendor,
      body.transactionId,
      body.roundId,
      session.memberId,
      session.gameCode,
      session.currency,
      amount,
      closeRound,
      requestHash,
      wallet.id,
      house.id,
      ctx.now,
      JSON.stringify(reference),
      session.brandId,
      session.nickname || session.username,
      ctx.winnerBoardMinWin,
    ];
    if (ctx.batches) return ctx.batches.wins.run(args);
    return (await winStatement.run(ctx.db, args))[0]!.r;
  });
  const outcome = await functionOutcome(ctx, result, vendor, body.transactionId, 'WIN', requestHash, session);
  // A zero win moves no money: nothing to push to the member.
  return amount > 0n ? outcome : { answer: outcome.answer };
}

export async function providerRollback(ctx: ProviderContext, vendor: string, body: ProviderRollbackRequest): Promise<ProviderOutcome> {
  // Like a win, a refund is owed whatever became of the token or the member since.
  const session = await sessionFor(ctx, vendor, body.token, false);
  const requestHash = providerRequestHash('rollback', body);
  const seen = await findTransaction(ctx.db, vendor, body.transactionId);
  if (seen) return { answer: await replay(ctx, seen, 'ROLLBACK', requestHash, session) };
  const refuse = async (code: ProviderErrorCode, message: string, db: Db = ctx.db) =>
    new ProviderRefusal(code, message, await walletBalance(db, session), session.currency);
  if (body.gameCode !== session.gameCode) throw await refuse('UNKNOWN_GAME', 'not the launched game');
  if (body.betTransactionId === body.transactionId) throw await refuse('BAD_REQUEST', 'a rollback needs its own transactionId');

  const wallet = await walletAccount(ctx, session);
  const house = await houseAccount(ctx, vendor, session.currency, session.memberId);
  const result = await inTransaction(ctx, async (trx) => {
    const c = await claim(trx, {
      vendor,
      transactionId: body.transactionId,
      kind: 'ROLLBACK',
      memberId: session.memberId,
      roundId: body.roundId,
      amount: 0n,
      requestHash,
      now: ctx.now,
    });
    if ('existing' in c) return { replayOf: c.existing };
    const noEffect = async () => {
      const answer = transactionOk(await walletBalance(trx, session), session.currency, c.id);
      await store(trx, c.id, answer);
      return { answer };
    };
    // The bet's row: a tombstone when it never arrived (the late bet will be refused), else the bet, locked.
    const tombstone = await trx
      .insertInto('provider_transaction')
      .values({
        vendor_code: vendor,
        transaction_id: body.betTransactionId,
        kind: 'TOMBSTONE',
        member_id: session.memberId,
        round_id: body.roundId,
        request_hash: requestHash,
        created_at: ctx.now,
      })
      .onConflict((oc) => oc.columns(['vendor_code', 'transaction_id']).doNothing())
      .returning('id')
      .executeTakeFirst();
    if (tombstone) return noEffect();
    const bet = await trx
      .selectFrom('provider_transaction')
      .selectAll()
      .where('vendor_code', '=', vendor)
      .where('transaction_id', '=', body.betTransactionId)
      .forUpdate()
      .executeTakeFirstOrThrow();
    if (bet.kind === 'TOMBSTONE') return noEffect();
    if (bet.kind !== 'BET' || bet.member_id !== session.memberId || bet.round_id !== body.roundId) {
      throw await refuse('BET_NOT_FOUND', 'betTransactionId is not a bet of this round', trx);
    }
    // A refused bet took nothing; a bet already refunded is not refunded twice.
    if (!bet.applied || bet.rolled_back) return noEffect();
    const round = await lockRound(trx, vendor, body.roundId);
    if (!round) throw new Error(`round ${vendor}/${body.roundId} of an applied bet is missing`);
    // After a win settled the round, refunding a stake would pay twice. So it would after a win that left the
    // round open (closeRound false): the stake would come back on top of the win. The vendor reverses the win first.
    if (round.status === 'settled') throw await refuse('BET_NOT_FOUND', 'round already settled', trx);
    if (round.win_total > 0n) throw await refuse('BET_NOT_FOUND', 'round has a win: reverse the win first', trx);
    const reference = {
      vendor,
      roundId: body.roundId,
      gameCode: body.gameCode,
      transactionId: body.transactionId,
      betTransactionId: body.betTransactionId,
    };
    // The refund goes back the way the stake came: its bonus part where bonus money goes now (decision 026).
    const bonusPart = bet.bonus_amount;
    const legs: TransferLeg[] = [];
    if (bet.amount - bonusPart > 0n)
      legs.push({ from: house.id, to: wallet.id, amount: bet.amount - bonusPart, kind: 'ROLLBACK', reference });
    if (bonusPart > 0n) {
      const { rows } = await sql<{ id: string }>`
        select bonus_share_destination(${session.memberId}, ${session.currency}, ${wallet.id})::text as id`.execute(trx);
      legs.push({ from: house.id, to: BigInt(rows[0]!.id), amount: bonusPart, kind: 'ROLLBACK', reference: { ...reference, bonus: true } });
    }
    await postTransfers(trx, { scope: `provider:${vendor}`, idempotencyKey: body.transactionId, requestHash, legs });
    await trx.updateTable('provider_transaction').set({ rolled_back: true }).where('id', '=', bet.id).execute();
    const refunded = round.refund_total + bet.amount;
    await trx
      .updateTable('game_round')
      .set({
        refund_total: refunded,
        bonus_bet_total: round.bonus_bet_total - bonusPart,
        updated_at: ctx.now,
        ...(refunded === round.bet_total ? { status: 'cancelled' as const, settled_at: ctx.now } : {}),
      })
      .where('id', '=', round.id)
      .execute();
    const answer = transactionOk(await walletBalance(trx, session), session.currency, c.id);
    await store(trx, c.id, answer, { applied: true, amount: bet.amount });
    return { answer };
  });
  if ('replayOf' in result) return { answer: await replay(ctx, result.replayOf, 'ROLLBACK', requestHash, session) };
  return result;
}

export type { JsonValue };

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
import type { Transaction } from 'kysely';
import type { Db } from '../../db/database.ts';
import type { Database } from '../../db/schema.ts';
import { AppError } from '../../http/app-error.ts';
import { ensureAccount, findAccount, type LedgerAccount, postTransfers, withTransactionRetry } from '../ledger/ledger.service.ts';
import type { JsonObject, JsonValue } from '../ledger/ledger.table.ts';
import { maskName } from '../lobby/lobby.service.ts';
import { hashToken } from '../session/session.repository.ts';
import type { ProviderTransactionKind, ProviderTransactionRow } from './play.table.ts';

/**
 * The platform's side of the provider wallet API (contract: provider-wallet.ts,
 * decision 008). Each bet, win and rollback is one database transaction that:
 *
 * 1. claims the vendor's transactionId in `provider_transaction` (insert … on
 *    conflict do nothing): a concurrent twin waits on the unique index, then
 *    finds the committed row and replays its stored answer;
 * 2. locks the round row (`for update`), so bets, wins and rollbacks of one
 *    round serialise and a closed round stays closed;
 * 3. posts the money through the ledger inside the same transaction (scope
 *    `provider:<vendor>`, key = transactionId, request hash of the call,
 *    refusals remembered);
 * 4. stores the answer (HTTP status and body) on the claimed row.
 *
 * Lock order is always: transaction rows, then the round row, then accounts.
 * A refusal that depends on state that cannot change back (round closed,
 * token expired, wrong game) rolls the claim back and is not stored;
 * INSUFFICIENT_FUNDS is stored (a resend must not take the money later).
 */

export type ProviderAnswer = {
  httpStatus: number;
  body: JsonObject;
};

/** What changed for a member, published on the live bus after commit. */
export type BalanceEffect = { memberId: number; balance: bigint; currency: string };

export type ProviderOutcome = { answer: ProviderAnswer; effect?: BalanceEffect };

export type ProviderContext = {
  db: Db;
  now: Date;
  winnerBoardMinWin: bigint;
  /** HOUSE account per (vendor, currency): created once, then read from here. */
  houseAccounts: Map<string, Promise<LedgerAccount>>;
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
};

export async function findLaunchSession(db: Db, token: string): Promise<LaunchSessionView | undefined> {
  const row = await db
    .selectFrom('game_launch_session as s')
    .innerJoin('member as m', 'm.id', 's.member_id')
    .innerJoin('game as g', 'g.node_id', 's.node_id')
    .where('s.token_hash', '=', hashToken(token))
    .select([
      's.id',
      's.member_id',
      's.brand_id',
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
    ])
    .executeTakeFirst();
  if (!row) return undefined;
  return {
    sessionId: row.id,
    memberId: row.member_id,
    brandId: row.brand_id,
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
  };
}

/** The session of a token, for this vendor. `live`: also refuse an expired token (authenticate, balance, bet). */
async function sessionFor(ctx: ProviderContext, vendor: string, token: string, live: boolean): Promise<LaunchSessionView> {
  const session = await findLaunchSession(ctx.db, token);
  // A token launched for another vendor is unknown to this one.
  if (!session || session.vendorCode !== vendor) throw new ProviderRefusal('INVALID_TOKEN', 'unknown token');
  if (live && ctx.now.getTime() >= session.expiresAt.getTime()) {
    throw new ProviderRefusal('INVALID_TOKEN', 'token expired', await walletBalance(ctx.db, session), session.currency);
  }
  return session;
}

async function assertPlayable(ctx: ProviderContext, session: LaunchSessionView): Promise<void> {
  if (session.memberStatus !== 'active' || isTrialType(session.memberType as never)) {
    throw new ProviderRefusal('MEMBER_DISABLED', 'member cannot play for money', await walletBalance(ctx.db, session), session.currency);
  }
}

async function walletBalance(db: Db, session: Pick<LaunchSessionView, 'memberId' | 'currency'>): Promise<bigint> {
  const account = await findAccount(db, { kind: 'MEMBER_WALLET', memberId: session.memberId, currency: session.currency });
  return account?.balance ?? 0n;
}

function houseAccount(ctx: ProviderContext, vendor: string, currency: string): Promise<LedgerAccount> {
  const key = `${vendor}/${currency}`;
  let account = ctx.houseAccounts.get(key);
  if (!account) {
    account = ensureAccount(ctx.db, { kind: 'HOUSE', vendorCode: vendor, currency });
    // A failed creation is not cached, so the next call tries again.
    account.catch(() => ctx.houseAccounts.delete(key));
    ctx.houseAccounts.set(key, account);
  }
  return account;
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
  return { httpStatus: row.http_status, body: row.answer as JsonObject };
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
  const answer: ProviderAuthenticateResponse = {
    status: 'OK',
    balance: String(await walletBalance(ctx.db, session)),
    currency: session.currency,
    playerId: playerIdFor(vendor, session.memberId),
    displayName: maskName(session.nickname || session.username),
    gameCode: session.gameCode,
    language: session.language,
  };
  return { answer: okAnswer(answer) };
}

export async function providerBalance(ctx: ProviderContext, vendor: string, body: { token: string }): Promise<ProviderOutcome> {
  const session = await sessionFor(ctx, vendor, body.token, true);
  await assertPlayable(ctx, session);
  return { answer: okAnswer({ status: 'OK', balance: String(await walletBalance(ctx.db, session)), currency: session.currency }) };
}

export async function providerBet(ctx: ProviderContext, vendor: string, body: ProviderBetRequest): Promise<ProviderOutcome> {
  const session = await sessionFor(ctx, vendor, body.token, false);
  const requestHash = providerRequestHash('bet', body);
  const seen = await findTransaction(ctx.db, vendor, body.transactionId);
  if (seen) return { answer: await replay(ctx, seen, 'BET', requestHash, session) };
  const refuse = async (code: ProviderErrorCode, message: string) =>
    new ProviderRefusal(code, message, await walletBalance(ctx.db, session), session.currency);
  if (ctx.now.getTime() >= session.expiresAt.getTime()) throw await refuse('INVALID_TOKEN', 'token expired');
  await assertPlayable(ctx, session);
  if (body.currency !== session.currency) throw await refuse('WRONG_CURRENCY', `currency is ${session.currency}`);
  if (body.gameCode !== session.gameCode) throw await refuse('UNKNOWN_GAME', 'not the launched game');
  const amount = BigInt(body.amount);
  if (amount <= 0n) throw await refuse('BAD_REQUEST', 'a bet must be more than 0');

  const wallet = await ensureAccount(ctx.db, { kind: 'MEMBER_WALLET', memberId: session.memberId, currency: session.currency });
  const house = await houseAccount(ctx, vendor, session.currency);
  const result = await inTransaction(ctx, async (trx) => {
    const c = await claim(trx, {
      vendor,
      transactionId: body.transactionId,
      kind: 'BET',
      memberId: session.memberId,
      roundId: body.roundId,
      amount,
      requestHash,
      now: ctx.now,
    });
    if ('existing' in c) return { replayOf: c.existing };
    await trx
      .insertInto('game_round')
      .values({
        vendor_code: vendor,
        round_id: body.roundId,
        member_id: session.memberId,
        launch_session_id: session.sessionId,
        node_id: session.nodeId,
        game_code: session.gameCode,
        game_type: session.gameType,
        currency: session.currency,
        created_at: ctx.now,
        updated_at: ctx.now,
      })
      .onConflict((oc) => oc.columns(['vendor_code', 'round_id']).doNothing())
      .execute();
    const round = await lockRound(trx, vendor, body.roundId);
    if (!round) throw new Error(`round ${vendor}/${body.roundId} vanished`);
    if (round.member_id !== session.memberId) throw new ProviderRefusal('TRANSACTION_CONFLICT', 'round belongs to another player');
    if (round.game_code !== body.gameCode) throw new ProviderRefusal('UNKNOWN_GAME', 'round is of another game');
    // A win or a rollback closed the round to new stakes.
    if (round.status !== 'open' || round.refund_total > 0n) {
      throw new ProviderRefusal('ROUND_CLOSED', 'round is closed', await walletBalance(trx, session), session.currency);
    }
    let posting: Awaited<ReturnType<typeof postTransfers>>;
    try {
      posting = await postTransfers(trx, {
        scope: `provider:${vendor}`,
        idempotencyKey: body.transactionId,
        requestHash,
        rememberRefusal: true,
        legs: [
          {
            from: wallet.id,
            to: house.id,
            amount,
            kind: 'BET',
            reference: { vendor, roundId: body.roundId, gameCode: body.gameCode, transactionId: body.transactionId },
          },
        ],
      });
    } catch (error) {
      if (!(error instanceof AppError) || error.code !== 'INSUFFICIENT_FUNDS') throw error;
      const { balance } = error.options.value as { balance: string };
      const answer = refusalAnswer(new ProviderRefusal('INSUFFICIENT_FUNDS', 'balance too low', BigInt(balance), session.currency));
      await store(trx, c.id, answer, { applied: false });
      return { answer };
    }
    const balance = posting.transfers[0]!.fromBalanceAfter;
    await trx
      .updateTable('game_round')
      .set((eb) => ({ bet_total: eb('bet_total', '+', amount), bet_count: eb('bet_count', '+', 1), updated_at: ctx.now }))
      .where('id', '=', round.id)
      .execute();
    const answer = transactionOk(balance, session.currency, c.id);
    await store(trx, c.id, answer, { applied: true });
    return { answer, effect: { memberId: session.memberId, balance, currency: session.currency } };
  });
  if ('replayOf' in result) return { answer: await replay(ctx, result.replayOf, 'BET', requestHash, session) };
  return result;
}

export async function providerWin(ctx: ProviderContext, vendor: string, body: ProviderWinRequest): Promise<ProviderOutcome> {
  // A win settles money the member is owed: accepted after the token expired and for a disabled member.
  const session = await sessionFor(ctx, vendor, body.token, false);
  const closeRound = body.closeRound ?? true;
  const requestHash = providerRequestHash('win', { ...body, closeRound });
  const seen = await findTransaction(ctx.db, vendor, body.transactionId);
  if (seen) return { answer: await replay(ctx, seen, 'WIN', requestHash, session) };
  const refuse = async (code: ProviderErrorCode, message: string, db: Db = ctx.db) =>
    new ProviderRefusal(code, message, await walletBalance(db, session), session.currency);
  if (body.currency !== session.currency) throw await refuse('WRONG_CURRENCY', `currency is ${session.currency}`);
  if (body.gameCode !== session.gameCode) throw await refuse('UNKNOWN_GAME', 'not the launched game');
  const amount = BigInt(body.amount);

  const wallet = await ensureAccount(ctx.db, { kind: 'MEMBER_WALLET', memberId: session.memberId, currency: session.currency });
  const house = await houseAccount(ctx, vendor, session.currency);
  const result = await inTransaction(ctx, async (trx) => {
    const c = await claim(trx, {
      vendor,
      transactionId: body.transactionId,
      kind: 'WIN',
      memberId: session.memberId,
      roundId: body.roundId,
      amount,
      requestHash,
      now: ctx.now,
    });
    if ('existing' in c) return { replayOf: c.existing };
    const round = await lockRound(trx, vendor, body.roundId);
    if (!round || round.member_id !== session.memberId || round.bet_count === 0)
      throw await refuse('BET_NOT_FOUND', 'no bet in this round', trx);
    if (round.game_code !== body.gameCode) throw await refuse('UNKNOWN_GAME', 'round is of another game', trx);
    if (round.status !== 'open') throw await refuse('ROUND_CLOSED', 'round is closed', trx);
    let balance: bigint;
    if (amount > 0n) {
      const posting = await postTransfers(trx, {
        scope: `provider:${vendor}`,
        idempotencyKey: body.transactionId,
        requestHash,
        legs: [
          {
            from: house.id,
            to: wallet.id,
            amount,
            kind: 'WIN',
            reference: { vendor, roundId: body.roundId, gameCode: body.gameCode, transactionId: body.transactionId },
          },
        ],
      });
      balance = posting.transfers[0]!.toBalanceAfter;
    } else {
      balance = await walletBalance(trx, session);
    }
    await trx
      .updateTable('game_round')
      .set((eb) => ({
        win_total: eb('win_total', '+', amount),
        updated_at: ctx.now,
        ...(closeRound ? { status: 'settled' as const, settled_at: ctx.now } : {}),
      }))
      .where('id', '=', round.id)
      .execute();
    if (amount >= ctx.winnerBoardMinWin) {
      await trx
        .insertInto('winner_board_entry')
        .values({
          brand_id: session.brandId,
          member_id: session.memberId,
          customer_name: session.nickname || session.username,
          node_id: round.node_id,
          game_type: round.game_type as never,
          win_amount: amount,
          won_at: ctx.now,
        })
        .execute();
    }
    const answer = transactionOk(balance, session.currency, c.id);
    await store(trx, c.id, answer, { applied: amount > 0n });
    return amount > 0n ? { answer, effect: { memberId: session.memberId, balance, currency: session.currency } } : { answer };
  });
  if ('replayOf' in result) return { answer: await replay(ctx, result.replayOf, 'WIN', requestHash, session) };
  return result;
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

  const wallet = await ensureAccount(ctx.db, { kind: 'MEMBER_WALLET', memberId: session.memberId, currency: session.currency });
  const house = await houseAccount(ctx, vendor, session.currency);
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
    // After a win settled the round, refunding a stake would pay twice.
    if (round.status === 'settled') throw await refuse('BET_NOT_FOUND', 'round already settled', trx);
    const posting = await postTransfers(trx, {
      scope: `provider:${vendor}`,
      idempotencyKey: body.transactionId,
      requestHash,
      legs: [
        {
          from: house.id,
          to: wallet.id,
          amount: bet.amount,
          kind: 'ROLLBACK',
          reference: {
            vendor,
            roundId: body.roundId,
            gameCode: body.gameCode,
            transactionId: body.transactionId,
            betTransactionId: body.betTransactionId,
          },
        },
      ],
    });
    await trx.updateTable('provider_transaction').set({ rolled_back: true }).where('id', '=', bet.id).execute();
    const refunded = round.refund_total + bet.amount;
    await trx
      .updateTable('game_round')
      .set({
        refund_total: refunded,
        updated_at: ctx.now,
        ...(refunded === round.bet_total ? { status: 'cancelled' as const, settled_at: ctx.now } : {}),
      })
      .where('id', '=', round.id)
      .execute();
    const balance = posting.transfers[0]!.toBalanceAfter;
    const answer = transactionOk(balance, session.currency, c.id);
    await store(trx, c.id, answer, { applied: true, amount: bet.amount });
    return { answer, effect: { memberId: session.memberId, balance, currency: session.currency } };
  });
  if ('replayOf' in result) return { answer: await replay(ctx, result.replayOf, 'ROLLBACK', requestHash, session) };
  return result;
}

export type { JsonValue };

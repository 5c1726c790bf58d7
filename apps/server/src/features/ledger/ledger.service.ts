import { createHash } from 'node:crypto';
import { MAX_AMOUNT_MINOR } from '@playfront/contract/money';
import { sql } from 'kysely';
import type { Db } from '../../db/database.ts';
import { preparedStatement } from '../../db/prepared-statements.ts';
import { batchKeysOf, type StatementBatcher, statementBatcher } from '../../db/statement-batches.ts';
import { AppError } from '../../http/app-error.ts';
import { moneyWritten } from '../../infra/outbox/money-outbox.ts';
import {
  type AccountIdentity,
  countEntries,
  type EntryWindow,
  insertAccountIfAbsent,
  selectAccountById,
  selectAccountByIdentity,
  selectEntries,
} from './ledger.repository.ts';
import type { JsonObject, JsonValue, LedgerAccountKind, LedgerAccountRow, LedgerTransferKind } from './ledger.table.ts';

/**
 * The money core (decision 005). Every movement of money is a posting: one or
 * more transfer legs applied together, exactly once per (scope, idempotency key).
 * Balances are cached on `ledger_account`; `ledger_entry` is their history.
 */

/** A caller used the ledger wrongly (unknown account, bad amount…): a bug, reported as a 500. */
export class LedgerUsageError extends Error {
  override name = 'LedgerUsageError';
}

// ---------------------------------------------------------------- accounts

type AccountPolicy = { owner: 'member' | 'operator'; vendor: 'required' | 'optional' | 'none'; allowNegative: boolean };

/** Who owns each kind of account and whether it may go below zero. Mirrors the CHECKs of the migration. */
export const ACCOUNT_POLICY: Record<LedgerAccountKind, AccountPolicy> = {
  MEMBER_WALLET: { owner: 'member', vendor: 'none', allowNegative: false },
  VENDOR_WALLET: { owner: 'member', vendor: 'required', allowNegative: false },
  WITHDRAWAL_HOLD: { owner: 'member', vendor: 'none', allowNegative: false },
  HOUSE: { owner: 'operator', vendor: 'optional', allowNegative: true },
  PAYMENT_CLEARING: { owner: 'operator', vendor: 'optional', allowNegative: true },
  BONUS: { owner: 'operator', vendor: 'optional', allowNegative: true },
  SYSTEM_EQUITY: { owner: 'operator', vendor: 'none', allowNegative: true },
  MEMBER_BONUS: { owner: 'member', vendor: 'none', allowNegative: false },
};

export type AccountSpec = {
  kind: LedgerAccountKind;
  currency: string;
  memberId?: number | null;
  /** Game vendor code (VENDOR_WALLET, HOUSE) or payment gateway code (PAYMENT_CLEARING). */
  vendorCode?: string | null;
};

export type LedgerAccount = {
  id: bigint;
  kind: LedgerAccountKind;
  memberId: number | null;
  vendorCode: string | null;
  currency: string;
  balance: bigint;
  allowNegative: boolean;
};

function toAccount(row: LedgerAccountRow): LedgerAccount {
  return {
    id: row.id,
    kind: row.kind,
    memberId: row.member_id,
    vendorCode: row.vendor_code,
    currency: row.currency,
    balance: row.balance,
    allowNegative: row.allow_negative,
  };
}

function toIdentity(spec: AccountSpec): AccountIdentity {
  const policy = ACCOUNT_POLICY[spec.kind];
  if (!policy) throw new LedgerUsageError(`unknown account kind ${String(spec.kind)}`);
  const memberId = spec.memberId ?? null;
  const vendorCode = spec.vendorCode ?? null;
  if (!/^[A-Z]{3}$/.test(spec.currency)) throw new LedgerUsageError(`currency must be three capital letters, got ${spec.currency}`);
  if ((policy.owner === 'member') !== (memberId !== null)) {
    throw new LedgerUsageError(`${spec.kind} ${policy.owner === 'member' ? 'needs' : 'must not have'} a memberId`);
  }
  if (policy.vendor === 'required' && vendorCode === null) throw new LedgerUsageError(`${spec.kind} needs a vendorCode`);
  if (policy.vendor === 'none' && vendorCode !== null) throw new LedgerUsageError(`${spec.kind} must not have a vendorCode`);
  return { kind: spec.kind, memberId, vendorCode, currency: spec.currency };
}

/**
 * Gets the account with this identity, creating it on first use. Race-safe: a
 * concurrent creator makes our insert do nothing, and the re-select finds theirs.
 */
export async function ensureAccount(db: Db, spec: AccountSpec): Promise<LedgerAccount> {
  const identity = toIdentity(spec);
  const existing = await selectAccountByIdentity(db, identity);
  if (existing) return toAccount(existing);
  const created = await insertAccountIfAbsent(db, identity, ACCOUNT_POLICY[identity.kind].allowNegative);
  if (created) return toAccount(created);
  const raced = await selectAccountByIdentity(db, identity);
  if (!raced) throw new Error(`ledger account ${identity.kind}/${identity.currency} vanished after a conflicting insert`);
  return toAccount(raced);
}

/** The account with this identity, without creating it. */
export async function findAccount(db: Db, spec: AccountSpec): Promise<LedgerAccount | undefined> {
  const row = await selectAccountByIdentity(db, toIdentity(spec));
  return row ? toAccount(row) : undefined;
}

/** Cash + bonus of a member in one currency: what a game may stake (decision 026). One statement. */
export async function playableBalance(db: Db, memberId: number, currency: string): Promise<bigint> {
  const row = await db
    .selectFrom('ledger_account')
    .select(sql<string>`coalesce(sum(balance), 0)::text`.as('total'))
    .where('member_id', '=', memberId)
    .where('currency', '=', currency)
    .where('kind', 'in', ['MEMBER_WALLET', 'MEMBER_BONUS'])
    .executeTakeFirst();
  return BigInt(row?.total ?? 0);
}

export async function getBalance(db: Db, accountId: bigint): Promise<bigint> {
  const row = await selectAccountById(db, accountId);
  if (!row) throw new LedgerUsageError(`ledger account ${accountId} does not exist`);
  return row.balance;
}

export type LedgerEntryView = {
  id: bigint;
  transferId: bigint;
  kind: LedgerTransferKind;
  /** Signed: negative when money left this account. */
  amount: bigint;
  balanceAfter: bigint;
  counterpartyAccountId: bigint;
  reference: JsonObject;
  createdAt: Date;
};

export const MAX_ENTRY_PAGE = 500;

/** An account's entries, newest first; `from` is inclusive, `to` exclusive. */
export async function listEntries(
  db: Db,
  accountId: bigint,
  options: EntryWindow & { limit?: number; offset?: number } = {},
): Promise<{ entries: LedgerEntryView[]; total: number }> {
  const limit = options.limit ?? 50;
  const offset = options.offset ?? 0;
  if (!Number.isInteger(limit) || limit < 1 || limit > MAX_ENTRY_PAGE) throw new LedgerUsageError(`limit must be 1..${MAX_ENTRY_PAGE}`);
  if (!Number.isInteger(offset) || offset < 0) throw new LedgerUsageError('offset must be a non-negative integer');
  const window = { from: options.from, to: options.to };
  // One after the other: `db` may be a transaction, whose one connection takes one query at a time.
  const rows = await selectEntries(db, accountId, window, limit, offset);
  const total = await countEntries(db, accountId, window);
  return {
    total,
    entries: rows.map((r) => ({
      id: r.id,
      transferId: r.transfer_id,
      kind: r.kind,
      amount: r.amount,
      balanceAfter: r.balance_after,
      counterpartyAccountId: r.counterparty_account_id,
      reference: r.reference,
      createdAt: r.created_at,
    })),
  };
}

// ---------------------------------------------------------------- postings

export type TransferLeg = {
  /** Debited account id. */
  from: bigint;
  /** Credited account id. */
  to: bigint;
  /** Minor units, > 0. */
  amount: bigint;
  kind: LedgerTransferKind;
  reference?: JsonObject;
};

export type PostTransfersRequest = {
  /** Namespace of the key: e.g. 'provider:PG' or 'member-transfer'. Keys of different scopes never collide. */
  scope: string;
  idempotencyKey: string;
  /**
   * Fingerprint of the caller's request (e.g. of a provider's raw call). A repeat
   * with the same key must carry the same one. Default: a SHA-256 of the legs.
   */
  requestHash?: string;
  legs: TransferLeg[];
  /**
   * Whether a refusal (INSUFFICIENT_FUNDS) is remembered as this key's answer.
   * false (default): nothing is kept, so a retry after a deposit can succeed.
   * true: the refusal is stored and every repeat gets the same refusal (provider wallet calls).
   */
  rememberRefusal?: boolean;
};

export type PostedTransfer = {
  id: bigint;
  kind: LedgerTransferKind;
  from: bigint;
  to: bigint;
  amount: bigint;
  currency: string;
  fromBalanceAfter: bigint;
  toBalanceAfter: bigint;
  /** ISO timestamp, as stored, so a replay is identical to the first answer. */
  createdAt: string;
};

export type PostingResult = {
  /** Id of the idempotency record: the same for the first call and every repeat. */
  postingId: bigint;
  transfers: PostedTransfer[];
  /** True when this answer is the stored answer of an earlier call. */
  replayed: boolean;
};

/** What `idempotency_record.response` holds (bigints as decimal strings). */
type StoredTransfer = { [K in keyof PostedTransfer]: PostedTransfer[K] extends bigint ? string : PostedTransfer[K] };
type StoredAnswer =
  | { outcome: 'PENDING' }
  | { outcome: 'APPLIED'; transfers: StoredTransfer[] }
  | { outcome: 'REFUSED'; code: 'INSUFFICIENT_FUNDS'; value: InsufficientFundsValue };

export type InsufficientFundsValue = { accountId: string; balance: string };

type Outcome =
  | { kind: 'answer'; postingId: bigint; answer: StoredAnswer; replayed: boolean }
  /** A refusal that was remembered (committed as this key's answer). */
  | { kind: 'refusal'; value: InsufficientFundsValue };

export const MAX_LEGS = 16;
/** The contract's one bound for amounts: far above any real amount, far below int8 overflow when summed. */
const MAX_AMOUNT = MAX_AMOUNT_MINOR;

function checkRequest(request: PostTransfersRequest) {
  const { scope, idempotencyKey, legs } = request;
  if (typeof scope !== 'string' || scope.length < 1 || scope.length > 64) throw new LedgerUsageError('scope must be 1..64 characters');
  if (typeof idempotencyKey !== 'string' || idempotencyKey.length < 1 || idempotencyKey.length > 200) {
    throw new LedgerUsageError('idempotencyKey must be 1..200 characters');
  }
  if (!Array.isArray(legs) || legs.length < 1 || legs.length > MAX_LEGS) throw new LedgerUsageError(`a posting has 1..${MAX_LEGS} legs`);
  for (const leg of legs) {
    if (typeof leg.amount !== 'bigint' || leg.amount <= 0n || leg.amount > MAX_AMOUNT) {
      throw new LedgerUsageError(`amount must be a positive bigint, got ${String(leg.amount)}`);
    }
    if (typeof leg.from !== 'bigint' || typeof leg.to !== 'bigint') throw new LedgerUsageError('from and to are account ids (bigint)');
    if (leg.from === leg.to) throw new LedgerUsageError('a transfer needs two different accounts');
  }
}

/** JSON with sorted keys, so equal requests always hash equally. */
function canonicalJson(value: JsonValue): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    // Keys holding undefined are dropped, as JSON.stringify (and so the stored reference) drops them.
    const keys = Object.keys(value)
      .filter((k) => value[k] !== undefined)
      .sort();
    return `{${keys.map((k) => `${JSON.stringify(k)}:${canonicalJson(value[k] as JsonValue)}`).join(',')}}`;
  }
  return JSON.stringify(value);
}

export function hashLegs(legs: TransferLeg[]): string {
  const canonical = canonicalJson(
    legs.map((l) => ({ from: String(l.from), to: String(l.to), amount: String(l.amount), kind: l.kind, reference: l.reference ?? {} })),
  );
  return createHash('sha256').update(canonical).digest('hex');
}

/**
 * Applies all legs in one transaction, once per (scope, idempotencyKey): one call of the database's
 * `ledger_post` (migration 20261125T1100), so a posting is one round trip and the rule exists once.
 *
 * - A repeat with the same request gets the first answer (`replayed: true`), with no second effect.
 * - A repeat with a different request is refused: IDEMPOTENCY_CONFLICT.
 * - A debit that would take a guarded account below zero refuses the whole posting:
 *   INSUFFICIENT_FUNDS, nothing applied (remembered only with `rememberRefusal`).
 * - Given a transaction (`db.isTransaction`), it is one statement of it; the caller then owns retries.
 * - Every member wallet moved gets a money_event row (the outbox) in the same transaction.
 */
export async function postTransfers(db: Db, request: PostTransfersRequest): Promise<PostingResult> {
  checkRequest(request);
  const requestHash = request.requestHash ?? hashLegs(request.legs);
  const post = () => callLedgerPost(db, request, requestHash);
  return settle(db.isTransaction ? await post() : await withTransactionRetry(post));
}

type LedgerPostAnswer =
  | { outcome: 'REPLAY'; postingId: string; requestHash: string; response: JsonValue }
  | { outcome: 'REFUSED'; kept: boolean; postingId: string; value: InsufficientFundsValue }
  | { outcome: 'APPLIED'; postingId: string; answer: StoredAnswer };

/** The one posting call (scope, key, request hash, legs, remember a refusal), prepared once per connection (decision 066). */
const ledgerPost = preparedStatement<{ r: LedgerPostAnswer }, [string, string, string, string, boolean]>(
  'ledger_post',
  'select ledger_post($1, $2, $3, $4::jsonb, $5) as r',
);

/** Several postings in one statement and transaction (migration 20261210T1000_money_call_batches, decision 079). */
const ledgerPostBatch = preparedStatement<{ r: LedgerPostAnswer[] }, readonly [string]>(
  'ledger_post_batch',
  'select ledger_post_batch($1::jsonb) as r',
);

type PostingCall = { params: [string, string, string, string, boolean]; accounts: readonly string[] };

/**
 * Postings made outside a transaction, per database: those that arrive while two batches are out leave together,
 * and an account is in one batch at a time (with the provider's bets and wins, which share the keys). A lone
 * posting goes at once, as one statement.
 */
const postingBatches = new WeakMap<Db, StatementBatcher<PostingCall, LedgerPostAnswer>>();

function postingBatcher(db: Db): StatementBatcher<PostingCall, LedgerPostAnswer> {
  let batcher = postingBatches.get(db);
  if (!batcher) {
    batcher = statementBatcher<PostingCall, LedgerPostAnswer>({
      runOne: async (call) => (await ledgerPost.run(db, call.params))[0]!.r,
      runMany: async (calls) => (await ledgerPostBatch.run(db, [JSON.stringify(calls.map((c) => c.params))]))[0]!.r,
      orderKey: () => [],
      exclusiveKeys: (call) => call.accounts,
      onBatchError: countRetry,
      keys: batchKeysOf(db),
    });
    postingBatches.set(db, batcher);
  }
  return batcher;
}

/** The key a batch holds for an account (the provider's batches name their wallets the same way). */
export const accountBatchKey = (id: bigint | string) => `account:${id}`;

/** SQLSTATE ledger_post raises for a misuse (a missing account, two currencies in one leg). */
const LEDGER_USAGE_SQLSTATE = 'LG001';

async function callLedgerPost(db: Db, request: PostTransfersRequest, requestHash: string): Promise<Outcome> {
  const legs = request.legs.map((l) => ({
    from: String(l.from),
    to: String(l.to),
    amount: String(l.amount),
    kind: l.kind,
    reference: l.reference ?? {},
  }));
  let answer: LedgerPostAnswer;
  const params: PostingCall['params'] = [
    request.scope,
    request.idempotencyKey,
    requestHash,
    JSON.stringify(legs),
    request.rememberRefusal ?? false,
  ];
  try {
    if (db.isTransaction) {
      answer = (await ledgerPost.run(db, params))[0]!.r;
    } else {
      const accounts = [...new Set(legs.flatMap((l) => [accountBatchKey(l.from), accountBatchKey(l.to)]))];
      answer = await postingBatcher(db).run({ params, accounts });
    }
  } catch (error) {
    const code = typeof error === 'object' && error !== null ? (error as { code?: unknown }).code : undefined;
    if (code === LEDGER_USAGE_SQLSTATE) throw new LedgerUsageError((error as Error).message);
    throw error;
  }
  switch (answer.outcome) {
    case 'REPLAY':
      return replay({ id: BigInt(answer.postingId), request_hash: answer.requestHash, response: answer.response }, requestHash);
    case 'REFUSED':
      if (!answer.kept) throw new AppError('INSUFFICIENT_FUNDS', { value: answer.value });
      return { kind: 'refusal', value: answer.value };
    case 'APPLIED':
      return { kind: 'answer', postingId: BigInt(answer.postingId), answer: answer.answer, replayed: false };
  }
}

/**
 * Turns an outcome into the caller's answer. Objects are rebuilt field by field
 * because jsonb does not keep key order: a first answer and its replay must be
 * identical down to their serialisation.
 */
function settle(outcome: Outcome): PostingResult {
  const refused = (value: InsufficientFundsValue) =>
    new AppError('INSUFFICIENT_FUNDS', { value: { accountId: value.accountId, balance: value.balance } satisfies InsufficientFundsValue });
  if (outcome.kind === 'refusal') throw refused(outcome.value);
  const { answer } = outcome;
  if (answer.outcome === 'REFUSED') throw refused(answer.value);
  if (answer.outcome !== 'APPLIED') throw new Error(`idempotency record ${outcome.postingId} holds no answer`);
  return {
    postingId: outcome.postingId,
    transfers: answer.transfers.map((t) => ({
      id: BigInt(t.id),
      kind: t.kind,
      from: BigInt(t.from),
      to: BigInt(t.to),
      amount: BigInt(t.amount),
      currency: t.currency,
      fromBalanceAfter: BigInt(t.fromBalanceAfter),
      toBalanceAfter: BigInt(t.toBalanceAfter),
      createdAt: t.createdAt,
    })),
    replayed: outcome.replayed,
  };
}

function replay(record: { id: bigint; request_hash: string; response: JsonValue }, requestHash: string): Outcome {
  if (record.request_hash !== requestHash) throw new AppError('IDEMPOTENCY_CONFLICT');
  return { kind: 'answer', postingId: record.id, answer: record.response as StoredAnswer, replayed: true };
}

// ---------------------------------------------------------------- retries

/** SQLSTATEs after which the whole transaction can safely run again: nothing of it was committed. */
const RETRYABLE_SQLSTATES = { '40001': 'serializationFailure', '40P01': 'deadlock' } as const;
type RetryReason = (typeof RETRYABLE_SQLSTATES)[keyof typeof RETRYABLE_SQLSTATES];

/** Counters for operators (and tests): how often a transaction had to run again, and why. */
export const ledgerMetrics: { retries: Record<RetryReason, number> } = { retries: { serializationFailure: 0, deadlock: 0 } };

export const MAX_TRANSACTION_ATTEMPTS = 5;

function retryReason(error: unknown): RetryReason | undefined {
  const code = typeof error === 'object' && error !== null && 'code' in error ? (error as { code: unknown }).code : undefined;
  return typeof code === 'string' && Object.hasOwn(RETRYABLE_SQLSTATES, code)
    ? RETRYABLE_SQLSTATES[code as keyof typeof RETRYABLE_SQLSTATES]
    : undefined;
}

/** Counts, as a retry, an error of a transaction that is run again elsewhere (a batch's calls run alone, decision 079). */
export function countRetry(error: unknown): void {
  const reason = retryReason(error);
  if (reason) ledgerMetrics.retries[reason]++;
}

/**
 * Runs a whole transaction again after a serialization failure or a deadlock
 * (SQLSTATE 40001, 40P01), at most MAX_TRANSACTION_ATTEMPTS times in all.
 * Nothing else is retried: after a lost connection the outcome is unknown, and
 * only the caller, holding the idempotency key, can safely ask again.
 * Every money transaction runs here, so its end wakes the money outbox of this process (`moneyWritten`).
 */
export async function withTransactionRetry<T>(run: () => Promise<T>, attempts = MAX_TRANSACTION_ATTEMPTS): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      const result = await run();
      moneyWritten();
      return result;
    } catch (error) {
      const reason = retryReason(error);
      if (!reason || attempt >= attempts) throw error;
      ledgerMetrics.retries[reason]++;
      // Jittered backoff so the transactions that collided do not collide again in step.
      await new Promise((resolve) => setTimeout(resolve, Math.random() * Math.min(200, 10 * 2 ** attempt)));
    }
  }
}

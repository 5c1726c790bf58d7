/**
 * Calls of one kind gathered into batches, each batch one statement and one transaction (decision 079).
 *
 * A call waits only while `maxInFlight` batches of its kind are already at the database, so a lone call goes at
 * once, alone; under load the calls that arrive meanwhile leave together when a batch comes back (group commit,
 * done where the calls are, not by a timer). Calls that share an exclusive key (a wallet, a round) are never in two
 * batches out at once, nor twice in one: a later one waits for the earlier's batch, as a player's calls come one
 * after another. A batch's calls are sent in `orderKey` order (a house shard, then the wallet), so batches that meet on
 * what they do share take it in one order. If the batch statement fails, every call of it runs alone and gets its
 * own answer or error: a batch never decides a call's outcome, only how many commits it shares.
 */
export type StatementBatcher<Args, Result> = {
  run(args: Args): Promise<Result>;
};

/**
 * The exclusive keys at the database, shared by the batchers of one database (bets, wins, ledger postings): a wallet
 * is in one batch at a time whatever its kind. A key let go wakes every batcher that may be waiting for it.
 */
export type BatchKeys = { busy: Set<string>; waiters: Set<() => void> };

const keysByDatabase = new WeakMap<object, BatchKeys>();

const newBatchKeys = (): BatchKeys => ({ busy: new Set(), waiters: new Set() });

export function batchKeysOf(database: object): BatchKeys {
  let keys = keysByDatabase.get(database);
  if (!keys) {
    keys = newBatchKeys();
    keysByDatabase.set(database, keys);
  }
  return keys;
}

export type StatementBatcherOptions<Args, Result> = {
  /** One call alone: the path a call takes when it is the only one waiting, and after a batch failed. */
  runOne: (args: Args) => Promise<Result>;
  /** Several calls in one statement; the answers in the calls' order. */
  runMany: (calls: Args[]) => Promise<Result[]>;
  /** Calls of one batch are sent in this order (ascending, compared element by element). */
  orderKey: (args: Args) => readonly bigint[];
  /** Calls sharing a key wait for one another: at most one of them is at the database. */
  exclusiveKeys: (args: Args) => readonly string[];
  /** Calls per batch (default CALLS_PER_BATCH). */
  maxBatch?: number;
  /** Batches of this batcher at the database at once (default BATCHES_IN_FLIGHT). */
  maxInFlight?: number;
  /** Told each time a batch statement fails and its calls are run alone. */
  onBatchError?: (error: unknown, size: number) => void;
  /** The keys shared with the database's other batchers (default: this batcher's own). */
  keys?: BatchKeys;
};

/**
 * Chosen with bench/provider.bench.ts and bench/wallet.bench.ts on 2 CPUs (decision 079): two batches out keep both
 * CPUs' PostgreSQL backends busy while the server answers; more made batches smaller and each call dearer.
 */
export const BATCHES_IN_FLIGHT = 2;
export const CALLS_PER_BATCH = 16;

type Waiting<Args, Result> = { args: Args; resolve: (r: Result) => void; reject: (e: unknown) => void };

export function statementBatcher<Args, Result>(options: StatementBatcherOptions<Args, Result>): StatementBatcher<Args, Result> {
  const maxBatch = options.maxBatch ?? CALLS_PER_BATCH;
  const maxInFlight = options.maxInFlight ?? BATCHES_IN_FLIGHT;
  const waiting: Waiting<Args, Result>[] = [];
  let inFlight = 0;
  const shared = options.keys ?? newBatchKeys();
  /** The exclusive keys of the calls at the database, of this batcher and the others sharing them. */
  const busy = shared.busy;

  const alone = async (call: Waiting<Args, Result>) => {
    try {
      call.resolve(await options.runOne(call.args));
    } catch (error) {
      call.reject(error);
    }
  };

  const send = async (batch: Waiting<Args, Result>[]) => {
    if (batch.length === 1) return alone(batch[0] as Waiting<Args, Result>);
    batch.sort((a, b) => compareKeys(options.orderKey(a.args), options.orderKey(b.args)));
    let answers: Result[];
    try {
      answers = await options.runMany(batch.map((call) => call.args));
      if (answers.length !== batch.length) throw new Error(`a batch of ${batch.length} calls answered ${answers.length}`);
    } catch (error) {
      options.onBatchError?.(error, batch.length);
      await Promise.all(batch.map(alone));
      return;
    }
    for (const [i, call] of batch.entries()) call.resolve(answers[i] as Result);
  };

  /** The calls that may go now, oldest first: none whose key is out or already taken into this batch. */
  const nextBatch = () => {
    const batch: Waiting<Args, Result>[] = [];
    const keys = new Set<string>();
    for (let i = 0; i < waiting.length && batch.length < maxBatch; ) {
      const call = waiting[i] as Waiting<Args, Result>;
      const callKeys = options.exclusiveKeys(call.args);
      if (callKeys.some((key) => busy.has(key) || keys.has(key))) {
        i++;
        continue;
      }
      for (const key of callKeys) keys.add(key);
      batch.push(call);
      waiting.splice(i, 1);
    }
    return { batch, keys };
  };

  const pump = () => {
    while (inFlight < maxInFlight && waiting.length > 0) {
      const { batch, keys } = nextBatch();
      if (batch.length === 0) return; // every waiting call's key is out: the batch holding it will pump again
      inFlight++;
      for (const key of keys) busy.add(key);
      void send(batch).finally(() => {
        inFlight--;
        for (const key of keys) busy.delete(key);
        // Every batcher sharing the keys may have a call that waited for one of these.
        for (const wake of shared.waiters) wake();
      });
    }
  };
  shared.waiters.add(pump);

  return {
    run(args) {
      return new Promise<Result>((resolve, reject) => {
        waiting.push({ args, resolve, reject });
        pump();
      });
    },
  };
}

function compareKeys(a: readonly bigint[], b: readonly bigint[]): number {
  for (let i = 0; i < Math.min(a.length, b.length); i++) {
    const x = a[i] as bigint;
    const y = b[i] as bigint;
    if (x !== y) return x < y ? -1 : 1;
  }
  return a.length - b.length;
}

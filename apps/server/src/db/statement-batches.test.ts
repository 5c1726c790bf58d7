import { describe, expect, it } from 'vitest';
import { statementBatcher } from './statement-batches.ts';

/** A promise settled from outside: lets a test hold a statement "at the database". */
function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

type Call = { id: number; wallet: bigint; shard?: bigint };

/** A batcher whose statements wait until the test releases them, recording what was sent. */
function harness(options: { maxBatch?: number; maxInFlight?: number; failMany?: boolean; failOne?: (c: Call) => boolean } = {}) {
  const sent: { kind: 'one' | 'many'; calls: Call[]; done: ReturnType<typeof deferred<void>> }[] = [];
  const errors: number[] = [];
  const batcher = statementBatcher<Call, string>({
    runOne: async (call) => {
      const done = deferred<void>();
      sent.push({ kind: 'one', calls: [call], done });
      await done.promise;
      if (options.failOne?.(call)) throw new Error(`call ${call.id} refused`);
      return `answer ${call.id}`;
    },
    runMany: async (calls) => {
      const done = deferred<void>();
      sent.push({ kind: 'many', calls, done });
      await done.promise;
      if (options.failMany) throw new Error('batch failed');
      return calls.map((c) => `answer ${c.id}`);
    },
    orderKey: (call) => [call.shard ?? 0n, call.wallet],
    exclusiveKeys: (call) => [`wallet:${call.wallet}`],
    maxBatch: options.maxBatch ?? 16,
    maxInFlight: options.maxInFlight ?? 1,
    onBatchError: (_error, size) => errors.push(size),
  });
  /** Lets pending promise callbacks run. */
  const settle = () => new Promise((resolve) => setTimeout(resolve, 0));
  return { batcher, sent, errors, settle };
}

describe('statement batches', () => {
  it('sends a lone call at once, on its own', async () => {
    const { batcher, sent, settle } = harness();
    const answer = batcher.run({ id: 1, wallet: 5n });
    await settle();
    expect(sent.map((s) => s.kind)).toEqual(['one']);
    sent[0]?.done.resolve();
    await expect(answer).resolves.toBe('answer 1');
  });

  it('gathers the calls that arrive while a batch is out into one statement, in wallet order, each with its own answer', async () => {
    const { batcher, sent, settle } = harness();
    const first = batcher.run({ id: 1, wallet: 9n });
    const later = [batcher.run({ id: 2, wallet: 30n }), batcher.run({ id: 3, wallet: 10n }), batcher.run({ id: 4, wallet: 20n })];
    await settle();
    // Only the first is at the database; the others wait for it.
    expect(sent).toHaveLength(1);
    sent[0]?.done.resolve();
    await expect(first).resolves.toBe('answer 1');
    await settle();
    expect(sent).toHaveLength(2);
    expect(sent[1]?.kind).toBe('many');
    expect(sent[1]?.calls.map((c) => c.id)).toEqual([3, 4, 2]);
    sent[1]?.done.resolve();
    await expect(Promise.all(later)).resolves.toEqual(['answer 2', 'answer 3', 'answer 4']);
  });

  it('keeps at most maxInFlight statements out and maxBatch calls in one', async () => {
    const { batcher, sent, settle } = harness({ maxBatch: 2, maxInFlight: 2 });
    const answers = Array.from({ length: 7 }, (_, i) => batcher.run({ id: i, wallet: BigInt(i) }));
    await settle();
    expect(sent.map((s) => s.calls.length)).toEqual([1, 1]);
    sent[0]?.done.resolve();
    await settle();
    expect(sent.map((s) => s.calls.length)).toEqual([1, 1, 2]);
    for (let i = 1; i < 5; i++) {
      sent[i]?.done.resolve();
      await settle();
    }
    expect(sent.map((s) => s.calls.length)).toEqual([1, 1, 2, 2, 1]);
    sent[4]?.done.resolve();
    await expect(Promise.all(answers)).resolves.toEqual([0, 1, 2, 3, 4, 5, 6].map((i) => `answer ${i}`));
  });

  it('sends a batch in shard order, then wallet order', async () => {
    const { batcher, sent, settle } = harness();
    const first = batcher.run({ id: 1, wallet: 1n });
    const later = [
      batcher.run({ id: 2, wallet: 5n, shard: 20n }),
      batcher.run({ id: 3, wallet: 9n, shard: 10n }),
      batcher.run({ id: 4, wallet: 2n, shard: 20n }),
    ];
    await settle();
    sent[0]?.done.resolve();
    await first;
    await settle();
    expect(sent[1]?.calls.map((c) => c.id)).toEqual([3, 4, 2]);
    sent[1]?.done.resolve();
    await Promise.all(later);
  });

  it('never has two calls of one wallet at the database: a later one waits for the earlier one, others go past it', async () => {
    const { batcher, sent, settle } = harness({ maxInFlight: 2 });
    const ids = () => sent.map((s) => s.calls.map((c) => c.id));
    const answers = [
      batcher.run({ id: 1, wallet: 7n }),
      batcher.run({ id: 2, wallet: 7n }),
      batcher.run({ id: 3, wallet: 8n }),
      batcher.run({ id: 4, wallet: 7n }),
      batcher.run({ id: 5, wallet: 9n }),
    ];
    await settle();
    // Call 1 is out with wallet 7: call 2 waits, and the second place goes to call 3.
    expect(ids()).toEqual([[1], [3]]);
    sent[0]?.done.resolve();
    await settle();
    // Wallet 7 is free: call 2 goes, with call 5 past call 4 (wallet 7 again, not twice in one batch).
    expect(ids()).toEqual([[1], [3], [2, 5]]);
    sent[2]?.done.resolve();
    await settle();
    expect(ids()).toEqual([[1], [3], [2, 5], [4]]);
    sent[1]?.done.resolve();
    sent[3]?.done.resolve();
    await expect(Promise.all(answers)).resolves.toEqual([1, 2, 3, 4, 5].map((i) => `answer ${i}`));
  });

  it('runs each call of a failed batch on its own: one refused call does not take the others with it', async () => {
    const { batcher, sent, errors, settle } = harness({ failMany: true, failOne: (c) => c.id === 3 });
    const first = batcher.run({ id: 1, wallet: 1n });
    const later = [2, 3, 4].map((id) => batcher.run({ id, wallet: BigInt(id) }));
    await settle();
    sent[0]?.done.resolve();
    await settle();
    sent[1]?.done.resolve(); // the batch of 2, 3, 4: fails
    await settle();
    expect(errors).toEqual([3]);
    expect(sent.slice(2).map((s) => [s.kind, s.calls[0]?.id])).toEqual([
      ['one', 2],
      ['one', 3],
      ['one', 4],
    ]);
    for (const s of sent.slice(2)) s.done.resolve();
    await expect(first).resolves.toBe('answer 1');
    const [two, three, four] = await Promise.allSettled(later);
    expect(two).toEqual({ status: 'fulfilled', value: 'answer 2' });
    expect(three).toMatchObject({ status: 'rejected', reason: new Error('call 3 refused') });
    expect(four).toEqual({ status: 'fulfilled', value: 'answer 4' });
  });
});

import type { FastifyBaseLogger } from 'fastify';
import { sql, type Transaction } from 'kysely';
import type { Db } from '../../db/database.ts';
import type { Database } from '../../db/schema.ts';

/**
 * The money-event outbox (issue 20 item 2, decision 021). `ledger_post` appends a money_event row per member
 * wallet it moves, in the money transaction; nothing in a money transaction notifies. This dispatcher reads
 * the rows in order and hands them to each consumer (live push now; wagering, VIP, points, agent rollups and
 * missions as they land).
 *
 * Order and completeness: events are read by (tx_id, id), and only from transactions older than the reading
 * snapshot's xmin, i.e. already committed or aborted. An event whose transaction commits late has a tx_id at
 * or above that xmin, so it sorts after everything read so far: it is never passed over.
 *
 * Exactly once: a consumer's `apply` runs in the transaction that moves its position, with its row locked
 * (FOR UPDATE SKIP LOCKED: one instance at a time per consumer, the others skip it). A crash replays the
 * batch, never skips it. `afterCommit` (side effects outside the database, such as a live push) is at least
 * once.
 */
export type MoneyEvent = {
  id: bigint;
  txId: string;
  memberId: number;
  /** The ledger transfer kind (BET, WIN, DEPOSIT, TRANSFER_IN, …). */
  kind: string;
  /** Signed change of the member's wallet, minor units. */
  amount: bigint;
  balanceAfter: bigint;
  currency: string;
  /** The posting's idempotency scope (e.g. `provider:PG`, `wallet-transfer`). */
  source: string;
  reference: Record<string, unknown>;
  createdAt: Date;
};

export type OutboxConsumer = {
  /** Its position row in outbox_consumer; never rename one that has run. */
  name: string;
  /** Applied in the transaction that moves the position (exactly once). */
  apply?: (trx: Transaction<Database>, events: MoneyEvent[]) => Promise<void>;
  /** After that transaction committed (at least once). */
  afterCommit?: (events: MoneyEvent[]) => void;
};

export const OUTBOX_BATCH = 500;

type EventRow = {
  id: string | bigint;
  tx: string;
  member_id: number;
  kind: string;
  amount: string | bigint;
  balance_after: string | bigint;
  currency: string;
  source: string;
  reference: Record<string, unknown>;
  created_at: Date;
};

const readEvents = (trx: Transaction<Database>, positionTx: string, position: string) =>
  sql<EventRow>`
    select e.id, e.tx_id::text as tx, e.member_id, e.kind, e.amount, e.balance_after, e.currency, e.source, e.reference, e.created_at
    from money_event e
    where e.tx_id < pg_snapshot_xmin(pg_current_snapshot())
      and (e.tx_id, e.id) > (${positionTx}::xid8, ${position}::bigint)
    -- By the xid8 column itself (an output alias of the same name would sort its text).
    order by e.tx_id, e.id
    limit ${OUTBOX_BATCH}`
    .execute(trx)
    .then(({ rows }) => rows.map(toEvent));

/** Moves one consumer on by one batch; returns how many events it took (0: nothing new, or another instance holds it). */
export async function dispatchOnce(db: Db, consumer: OutboxConsumer): Promise<number> {
  const taken = await db.transaction().execute(async (trx) => {
    const position = await sql<{ position_tx: string; position: string | bigint }>`
      select position_tx::text as position_tx, position from outbox_consumer where name = ${consumer.name}
      for update skip locked`.execute(trx);
    const at = position.rows[0];
    if (!at) return [];
    const events = await readEvents(trx, at.position_tx, String(at.position));
    if (events.length === 0) return [];
    await consumer.apply?.(trx, events);
    const last = events.at(-1)!;
    await sql`update outbox_consumer set position_tx = ${last.txId}::xid8, position = ${last.id}, updated_at = now()
      where name = ${consumer.name}`.execute(trx);
    return events;
  });
  if (taken.length > 0) consumer.afterCommit?.(taken);
  return taken.length;
}

/**
 * Moves every consumer this instance can take on by one batch, in one transaction: the events are read once per
 * distinct position (all consumers share one while they keep up), each consumer applies its batch, and every
 * position moves in one statement. A consumer per transaction cost five statements each, about 70 a tick for 14
 * consumers, more than the money calls themselves at ordinary load (decision 065). If one consumer's `apply` fails the
 * whole round rolls back and the caller moves each consumer alone (`dispatchOnce`), so a failing consumer holds
 * back only itself. Returns the events taken (summed over consumers) and whether some read was a full batch.
 */
export async function dispatchRound(db: Db, consumers: readonly OutboxConsumer[]): Promise<{ taken: number; full: boolean }> {
  const byName = new Map(consumers.map((c) => [c.name, c]));
  const moved: { consumer: OutboxConsumer; events: MoneyEvent[] }[] = [];
  let full = false;
  await db.transaction().execute(async (trx) => {
    const { rows: held } = await sql<{ name: string; position_tx: string; position: string | bigint }>`
      select name, position_tx::text as position_tx, position from outbox_consumer
      where name = any(${[...byName.keys()]}::text[]) for update skip locked`.execute(trx);
    const atPosition = new Map<string, typeof held>();
    for (const r of held) {
      const key = `${r.position_tx}:${r.position}`;
      atPosition.set(key, [...(atPosition.get(key) ?? []), r]);
    }
    for (const group of atPosition.values()) {
      const events = await readEvents(trx, group[0]!.position_tx, String(group[0]!.position));
      if (events.length === OUTBOX_BATCH) full = true;
      if (events.length === 0) continue;
      for (const row of group) {
        const consumer = byName.get(row.name)!;
        await consumer.apply?.(trx, events);
        moved.push({ consumer, events });
      }
    }
    if (moved.length === 0) return;
    const last = moved.map(({ events }) => events.at(-1)!);
    await sql`update outbox_consumer c set position_tx = v.tx::xid8, position = v.pos, updated_at = now()
      from unnest(${moved.map((m) => m.consumer.name)}::text[], ${last.map((e) => e.txId)}::text[],
                  ${last.map((e) => e.id.toString())}::bigint[]) as v(name, tx, pos)
      where c.name = v.name`.execute(trx);
  });
  for (const { consumer, events } of moved) consumer.afterCommit?.(events);
  return { taken: moved.reduce((n, m) => n + m.events.length, 0), full };
}

function toEvent(r: EventRow): MoneyEvent {
  return {
    id: BigInt(r.id),
    txId: r.tx,
    memberId: r.member_id,
    kind: r.kind,
    amount: BigInt(r.amount),
    balanceAfter: BigInt(r.balance_after),
    currency: r.currency,
    source: r.source,
    reference: r.reference,
    createdAt: r.created_at,
  };
}

/** Whether some consumer has committed events after its position. */
async function behind(db: Db, consumers: readonly OutboxConsumer[]): Promise<boolean> {
  const names = consumers.map((c) => c.name);
  const { rows } = await sql<{ behind: boolean }>`
    select exists (
      select 1 from outbox_consumer c
      where c.name = any(${names}::text[])
        -- Behind the newest event (one backward step of the (tx_id, id) index), not joined to every later event.
        and (c.position_tx, c.position) < (select e.tx_id, e.id from money_event e order by e.tx_id desc, e.id desc limit 1)
    ) as behind`.execute(db);
  return rows[0]?.behind ?? false;
}

/** Makes sure each consumer has its position row (a new consumer starts at the beginning of the outbox). */
async function registerConsumers(db: Db, consumers: readonly OutboxConsumer[]): Promise<void> {
  for (const c of consumers) await sql`insert into outbox_consumer (name) values (${c.name}) on conflict do nothing`.execute(db);
}

export type OutboxDispatcher = { stop: () => Promise<void>; drain: () => Promise<void> };

/** The dispatchers running in this process, woken by `moneyWritten`. */
const dispatchersHere = new Set<() => void>();

/**
 * Money was committed in this process (a posting, a provider call): a dispatcher here that has backed off polls
 * again within one busy interval, so a live push does not wait out an idle one. Money written by another instance
 * wakes that instance's dispatcher; this one finds it at its next poll.
 */
export function moneyWritten(): void {
  for (const wake of dispatchersHere) wake();
}

/**
 * Polls the outbox for every consumer, on every instance (a consumer busy on one instance is skipped by the
 * others): every `intervalMs` while there are events, then, after each poll that found none, twice as long, up to
 * `idleIntervalMs` (an idle site polled 20 times a second, about 2.5 % of a CPU on the embedded database). A
 * full batch is followed at once by the next; `moneyWritten` brings a backed-off dispatcher back to the busy pace.
 * `drain` runs every consumer until nothing is left (tests, shutdown).
 */
export async function startMoneyOutbox(
  db: Db,
  consumers: readonly OutboxConsumer[],
  options: { intervalMs: number; idleIntervalMs?: number; log?: FastifyBaseLogger },
): Promise<OutboxDispatcher> {
  await registerConsumers(db, consumers);
  const idleMs = Math.max(options.intervalMs, options.idleIntervalMs ?? options.intervalMs);
  let stopped = false;
  let running: Promise<void> = Promise.resolve();
  let roundRunning = false;
  let delay = options.intervalMs;
  /** One round; whether it found events. */
  const round = async (): Promise<boolean> => {
    // One cheap read when the outbox is idle, instead of a transaction per consumer every tick (13 consumers at a
    // 50 ms tick were ~1,000 idle queries a second per instance).
    try {
      if (!(await behind(db, consumers))) return false;
    } catch (err) {
      options.log?.warn({ err }, "outbox: could not read the consumers' positions, it will be tried again");
      return false;
    }
    for (let full = true; full && !stopped; ) {
      try {
        ({ full } = await dispatchRound(db, consumers));
      } catch (err) {
        options.log?.warn({ err }, 'outbox: a round failed; each consumer is moved alone');
        await oneByOne();
        full = false;
      }
    }
    return true;
  };
  // After a failed round: each consumer in its own transactions, so only a failing one stays behind.
  const oneByOne = async () => {
    for (const consumer of consumers) {
      try {
        while (!stopped && (await dispatchOnce(db, consumer)) === OUTBOX_BATCH) {}
      } catch (err) {
        options.log?.warn({ err, consumer: consumer.name }, 'outbox: batch failed, it will be tried again');
      }
    }
  };
  const schedule = (ms: number) => {
    clearTimeout(timer);
    timer = setTimeout(tick, ms).unref();
  };
  const tick = () => {
    if (stopped) return;
    roundRunning = true;
    running = round()
      .then((found) => {
        delay = found ? options.intervalMs : Math.min(delay * 2, idleMs);
      })
      .finally(() => {
        roundRunning = false;
        if (!stopped) schedule(delay);
      });
  };
  // Only a backed-off dispatcher changes pace: at the busy pace it already batches what comes within an interval.
  const wake = () => {
    if (stopped || delay === options.intervalMs) return;
    delay = options.intervalMs;
    if (!roundRunning) schedule(options.intervalMs);
  };
  let timer: NodeJS.Timeout | undefined = setTimeout(tick, options.intervalMs);
  timer.unref();
  dispatchersHere.add(wake);
  return {
    async stop() {
      stopped = true;
      dispatchersHere.delete(wake);
      if (timer) clearTimeout(timer);
      await running;
    },
    async drain() {
      // Until every consumer is past every committed event. A batch can come back empty while the timer's round
      // holds a consumer, or while an older transaction is still open (events are read below its xmin): wait then.
      const deadline = Date.now() + 30_000;
      for (;;) {
        await running;
        while ((await dispatchRound(db, consumers)).taken > 0) {}
        if (!(await behind(db, consumers))) return;
        if (Date.now() > deadline) throw new Error('outbox: drain gave up after 30 s with events still unconsumed');
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
    },
  };
}

import { EventEmitter } from 'node:events';
import type { LiveEvent } from '@playfront/contract/live';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { Redis } from 'ioredis';
import { sql } from 'kysely';
import pg from 'pg';
import type { Db } from '../../db/database.ts';
import { redisNames } from '../../infra/redis.ts';

/**
 * What travels between instances: an event for one member's sockets, or word that some of a member's
 * sessions ended (logout, password change), so every instance closes those sessions' sockets.
 */
export type LiveMessage =
  | { memberId: number; event: LiveEvent }
  | { memberId: number; endedSessions: string[] }
  /** For every online member of the brand (a red envelope rain starting). */
  | { brandId: number; event: LiveEvent };
type Handler = (message: LiveMessage) => void;

/**
 * Cross-instance fan-out of live events: every instance publishes to the bus
 * and every instance delivers what the bus brings to its own sockets.
 * Redis pub/sub when REDIS_URL is set, else PostgreSQL LISTEN/NOTIFY on a real
 * server, else in-process (one instance, or several apps sharing one embedded database in a process).
 */
export type LiveBus = {
  readonly kind: 'redis' | 'postgres' | 'memory';
  publish(message: LiveMessage): Promise<void>;
  subscribe(handler: Handler): Promise<void>;
  close(): Promise<void>;
};

/** The NOTIFY channel (and the in-process event name). NOTIFY is per database, so two deployments on one PostgreSQL server never meet. */
const CHANNEL = 'pf_live';

/** Pub/sub channels are not keys: ioredis's keyPrefix would not touch them, so the channel carries the deployment's prefix itself. */
function redisBus(redis: Redis, channel: string): LiveBus {
  let subscriber: Redis | undefined;
  return {
    kind: 'redis',
    async publish(message) {
      await redis.publish(channel, JSON.stringify(message));
    },
    async subscribe(handler) {
      // The shared client fails fast instead of queueing; so must its duplicate, once connected.
      subscriber = redis.duplicate({ lazyConnect: true });
      // Outages are reported by the shared client's listener (main.ts); this one reconnects and resubscribes on its own.
      subscriber.on('error', () => {});
      await subscriber.connect();
      subscriber.on('message', (_channel: string, raw: string) => handler(JSON.parse(raw) as LiveMessage));
      await subscriber.subscribe(channel);
    },
    async close() {
      // quit() needs a live connection; with Redis down, just drop the socket.
      await subscriber?.quit().catch(() => subscriber?.disconnect());
    },
  };
}

/** Waits before listening again after the LISTEN connection was lost, growing to the last. */
export const RELISTEN_DELAYS_MS = [100, 500, 1000, 2000, 5000];

/** How long published messages gather before one NOTIFY carries them, and the most one NOTIFY carries. */
const NOTIFY_BATCH_MS = 5;
const NOTIFY_BATCH_BYTES = 7000;

function postgresBus(db: Db, url: string, log?: FastifyBaseLogger): LiveBus {
  let client: pg.Client | undefined;
  let closed = false;
  let relistening = false;
  let handler: Handler | undefined;

  const listen = async () => {
    const c = new pg.Client({ connectionString: url });
    // Without a listener, a terminated backend or a restarting PostgreSQL would end the whole process.
    c.on('error', (err) => log?.warn({ err: err.message }, 'live bus: LISTEN connection lost'));
    // A notification carries a batch (an array) of messages; see publish.
    c.on('notification', (n) => {
      if (!n.payload) return;
      const parsed = JSON.parse(n.payload) as LiveMessage | LiveMessage[];
      for (const m of Array.isArray(parsed) ? parsed : [parsed]) handler?.(m);
    });
    c.once('end', () => {
      if (client === c && !closed && !relistening) void relisten();
    });
    client = c;
    await c.connect();
    await c.query(`listen ${CHANNEL}`);
  };

  // Events published while no connection listens are missed: live push is best effort, the data is in the database.
  const relisten = async () => {
    relistening = true;
    try {
      for (let attempt = 0; !closed; attempt++) {
        await new Promise((r) => setTimeout(r, RELISTEN_DELAYS_MS[Math.min(attempt, RELISTEN_DELAYS_MS.length - 1)]));
        if (closed) return;
        try {
          await listen();
          log?.info('live bus: listening again');
          return;
        } catch (err) {
          await client?.end().catch(() => {});
          log?.warn({ err: err instanceof Error ? err.message : String(err) }, 'live bus: LISTEN failed, trying again');
        }
      }
    } finally {
      relistening = false;
    }
  };

  // A NOTIFY takes a database-wide lock until its commit is flushed, so notifying transactions commit one at a
  // time: messages are gathered for a few milliseconds and sent as one notification per ~7 KB (payloads are
  // limited to 8000 bytes), never inside a money transaction.
  let queue: { message: string; done: () => void; failed: (err: unknown) => void }[] = [];
  let timer: NodeJS.Timeout | undefined;
  const flush = async () => {
    timer = undefined;
    const batch = queue;
    queue = [];
    const chunks: (typeof batch)[] = [[]];
    let size = 0;
    for (const item of batch) {
      if (size + item.message.length > NOTIFY_BATCH_BYTES && chunks.at(-1)!.length > 0) {
        chunks.push([]);
        size = 0;
      }
      chunks.at(-1)!.push(item);
      size += item.message.length + 1;
    }
    for (const chunk of chunks) {
      try {
        await sql`select pg_notify(${CHANNEL}, ${`[${chunk.map((c) => c.message).join(',')}]`})`.execute(db);
        for (const c of chunk) c.done();
      } catch (err) {
        for (const c of chunk) c.failed(err);
      }
    }
  };

  return {
    kind: 'postgres',
    publish(message) {
      return new Promise<void>((done, failed) => {
        queue.push({ message: JSON.stringify(message), done, failed });
        timer ??= setTimeout(() => void flush(), NOTIFY_BATCH_MS);
      });
    },
    async subscribe(h) {
      handler = h;
      try {
        await listen();
      } catch (err) {
        // The app will not start: nothing should go on listening for it.
        closed = true;
        await client?.end().catch(() => {});
        throw err;
      }
    },
    async close() {
      closed = true;
      if (timer) {
        clearTimeout(timer);
        await flush();
      }
      await client?.end().catch(() => {});
    },
  };
}

/** Apps that share one database handle in one process share one emitter. */
const emitters = new WeakMap<Db, EventEmitter>();
function memoryBus(db: Db): LiveBus {
  let emitter = emitters.get(db);
  if (!emitter) {
    emitter = new EventEmitter();
    emitter.setMaxListeners(0);
    emitters.set(db, emitter);
  }
  const e = emitter;
  let mine: Handler | undefined;
  return {
    kind: 'memory',
    async publish(message) {
      // Asynchronous like the real buses, so publishers never run socket code inline.
      setImmediate(() => e.emit(CHANNEL, message));
    },
    async subscribe(handler) {
      mine = handler;
      e.on(CHANNEL, handler);
    },
    async close() {
      if (mine) e.off(CHANNEL, mine);
    },
  };
}

export function createLiveBus(deps: FastifyInstance['deps'], log?: FastifyBaseLogger): LiveBus {
  if (deps.redis) return redisBus(deps.redis, redisNames(deps.config.redisKeyPrefix).liveChannel);
  if (deps.dbKind === 'postgres' && deps.config.databaseUrl) return postgresBus(deps.db, deps.config.databaseUrl, log);
  return memoryBus(deps.db);
}

const buses = new WeakMap<object, LiveBus>();
/** The app's bus (one per app, found from any plugin context through the shared deps object). */
export function liveBusOf(app: FastifyInstance): LiveBus {
  let bus = buses.get(app.deps);
  if (!bus) {
    bus = createLiveBus(app.deps, app.log);
    buses.set(app.deps, bus);
  }
  return bus;
}

/** Publishes without ever failing the money call that caused it: live push is best effort, the data is in the database. */
export function publishLive(app: FastifyInstance, memberId: number, event: LiveEvent): void {
  liveBusOf(app)
    .publish({ memberId, event })
    .catch((err: unknown) => app.log.warn({ err }, 'live event not published'));
}

/** Publishes to every online member of a brand, on every instance (best effort, like publishLive). */
export function publishLiveToBrand(app: FastifyInstance, brandId: number, event: LiveEvent): void {
  liveBusOf(app)
    .publish({ brandId, event })
    .catch((err: unknown) => app.log.warn({ err }, 'brand live event not published'));
}

/** Tells every instance to close the sockets of these ended sessions (best effort: the heartbeat re-checks too). */
export function announceSessionsEnded(app: FastifyInstance, memberId: number, sessionIds: readonly bigint[]): void {
  if (sessionIds.length === 0) return;
  liveBusOf(app)
    .publish({ memberId, endedSessions: sessionIds.map(String) })
    .catch((err: unknown) => app.log.warn({ err }, 'session end not announced'));
}

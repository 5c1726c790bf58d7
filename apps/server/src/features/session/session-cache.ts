import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { Db } from '../../db/database.ts';
import { preparedStatement } from '../../db/prepared-statements.ts';
import type { findSessionByToken } from './session.repository.ts';

export type SessionRead = NonNullable<Awaited<ReturnType<typeof findSessionByToken>>>;

/**
 * Session rows read by this instance in the last `ttlMs` (decision 066), so the hot money calls that opt in
 * (`requireMember({ cached: true })`) check the session without a database round trip: a wallet transfer is then
 * one statement, not two.
 *
 * The rules that keep it safe:
 * - Only an acceptance comes from the cache. Any check a cached row fails is decided again on a fresh read, so a
 *   stale row can never end, refuse or limit a session; the time checks (idle, absolute expiry) run on every call.
 * - What can go stale is a change made since the read: a revocation, a status, a block. Every such change appends the
 *   member to `session_change` from a trigger (migration 20261206T1000), which every instance reads every
 *   `pollMs` while it holds any entry, dropping that member's entries. This instance's own logout and password
 *   change drop them at once (end-sessions.ts). `ttlMs` bounds what is left, e.g. a change that committed behind a
 *   later one the poll had already passed.
 * - A read that overlapped a forget is not kept (`mark` / `keep`): it may predate the change.
 *
 * Not infra/ttl-cache.ts: that one shares loads on a miss, while this one is filled only by a check that passed and
 * is emptied by member, which needs the rows it holds.
 */
export class SessionCache {
  private readonly entries = new Map<string, { row: SessionRead; expires: number }>();
  private generation = 0;

  constructor(
    readonly ttlMs: number,
    private readonly max = 20_000,
    private readonly clock: () => number = Date.now,
  ) {}

  get size(): number {
    return this.entries.size;
  }

  get(tokenHash: string): SessionRead | undefined {
    const entry = this.entries.get(tokenHash);
    if (!entry) return undefined;
    if (entry.expires > this.clock()) return entry.row;
    this.entries.delete(tokenHash);
    return undefined;
  }

  /** Taken before a fresh read; `keep` drops the read if a forget happened meanwhile. */
  mark(): number {
    return this.generation;
  }

  keep(tokenHash: string, row: SessionRead, mark: number): void {
    if (this.ttlMs <= 0 || mark !== this.generation) return;
    this.entries.delete(tokenHash);
    this.entries.set(tokenHash, { row, expires: this.clock() + this.ttlMs });
    if (this.entries.size > this.max) this.entries.delete(this.entries.keys().next().value as string);
  }

  /** The session was touched (last_seen_at written) by this instance. */
  touched(tokenHash: string, at: Date): void {
    const entry = this.entries.get(tokenHash);
    if (entry) entry.row = { ...entry.row, lastSeenAt: at };
  }

  /** Drops the expired entries: all at the front, since every entry lives `ttlMs` from when it was kept. */
  dropExpired(): void {
    const now = this.clock();
    for (const [hash, entry] of this.entries) {
      if (entry.expires > now) return;
      this.entries.delete(hash);
    }
  }

  forgetMember(memberId: number): void {
    this.generation++;
    for (const [hash, entry] of this.entries) if (entry.row.memberId === memberId) this.entries.delete(hash);
  }
}

const latestChange = preparedStatement<{ id: string | bigint }, []>(
  'session_change_latest',
  'select coalesce(max(id), 0) as id from session_change',
);
const changesAfter = preparedStatement<{ id: string | bigint; member_id: number }, [string]>(
  'session_change_after',
  'select id, member_id from session_change where id > $1 order by id limit 1000',
);
const pruneChanges = preparedStatement<never, []>(
  'session_change_prune',
  `delete from session_change where created_at < now() - interval '1 hour'`,
);

/** Keeps `cache` in step with `session_change`; polls only while the cache holds something. */
export async function watchSessionChanges(
  db: Db,
  cache: SessionCache,
  options: { pollMs: number; log?: FastifyBaseLogger },
): Promise<{ stop: () => Promise<void> }> {
  let cursor = String((await latestChange.run(db, []))[0]?.id ?? 0);
  let stopped = false;
  let polls = 0;
  const poll = async () => {
    cache.dropExpired();
    if (cache.size === 0) return;
    for (;;) {
      const rows = await changesAfter.run(db, [cursor]);
      for (const r of rows) cache.forgetMember(r.member_id);
      if (rows.length > 0) cursor = String(rows.at(-1)!.id);
      if (rows.length < 1000) break;
    }
    // About once a minute at 100 ms: the log only needs the last few seconds.
    if (++polls % 600 === 0) await pruneChanges.run(db, []);
  };
  let running: Promise<void> = Promise.resolve();
  let timer: NodeJS.Timeout | undefined;
  const tick = () => {
    running = poll()
      .catch((err) => options.log?.warn({ err }, 'session cache: could not read session changes; entries still expire'))
      .finally(() => {
        if (!stopped) timer = setTimeout(tick, options.pollMs).unref();
      });
  };
  timer = setTimeout(tick, options.pollMs).unref();
  return {
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await running;
    },
  };
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Checked sessions for the calls that opt in (decision 066). */
    sessionCache: SessionCache;
  }
}

/** Gives the app its session cache, kept in step with the change log while the app runs. */
export function registerSessionCache(app: FastifyInstance): void {
  const { ttlMs, pollMs } = app.deps.config.sessionCache;
  app.decorate('sessionCache', new SessionCache(ttlMs));
  if (ttlMs <= 0) return;
  let watch: { stop: () => Promise<void> } | undefined;
  app.addHook('onReady', async () => {
    watch = await watchSessionChanges(app.deps.db, app.sessionCache, { pollMs, log: app.log });
  });
  app.addHook('onClose', async () => {
    await watch?.stop();
  });
}

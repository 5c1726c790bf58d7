import { ENVELOPE_PATHS, OPS_ENVELOPE_PATHS } from '@playfront/contract/envelopes';
import { LIVE_PATH, LIVE_PROTOCOL, LIVE_TOKEN_PREFIX, type LiveEvent } from '@playfront/contract/live';
import { OPERATOR_KEY_HEADER } from '@playfront/contract/operator';
import type { FastifyInstance } from 'fastify';
import { afterAll, describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import { BASE_HEADERS, makeClock, OPERATOR_KEY, primeServerKey } from '../../../test/accounts-helpers.ts';
import { createTestDatabase, type TestDatabase, testDbKind, urlFor } from '../../../test/test-db.ts';
import { buildApp } from '../../app.ts';
import { loadConfig } from '../../config.ts';
import { loggedInMember } from '../funds/funds.fixtures.ts';
import { expectLedgerClean } from '../play/play.fixtures.ts';
import { tickRains } from './envelope-jobs.ts';

/**
 * Two app instances on one database, as behind a load balancer (on PostgreSQL they meet through LISTEN/NOTIFY, as in
 * production without Redis): a rain's occurrence is started once however many instances tick at once, and its
 * announcement, published by the instance that started it, reaches a member's socket on the other one.
 */
let database: TestDatabase | undefined;
const apps: FastifyInstance[] = [];
afterAll(async () => {
  for (const a of apps.splice(0)) await a.close();
  await database?.close();
});

async function twoInstances() {
  database = await createTestDatabase();
  await primeServerKey(database.db);
  await database.db.updateTable('envelope_rain').set({ active: false }).execute();
  const clock = makeClock(new Date('2026-12-02T08:00:01Z'));
  const env = {
    ...process.env,
    LOG_LEVEL: 'silent',
    OPERATOR_API_KEY: OPERATOR_KEY,
    ...(testDbKind === 'postgres' ? { DATABASE_URL: urlFor(database.name) } : {}),
  } as NodeJS.ProcessEnv;
  for (let i = 0; i < 2; i++) {
    const app = await buildApp({ config: loadConfig(env), db: database.db, dbKind: database.kind, now: () => clock.now });
    apps.push(app);
    await app.listen({ port: 0, host: '127.0.0.1' });
  }
  const [a, b] = apps as [FastifyInstance, FastifyInstance];
  return { a, b, clock, db: database.db };
}

function listen(app: FastifyInstance, token: string) {
  const { port } = app.server.address() as { port: number };
  const socket = new WebSocket(`ws://127.0.0.1:${port}${LIVE_PATH}`, [LIVE_PROTOCOL, `${LIVE_TOKEN_PREFIX}${token}`]);
  const events: LiveEvent[] = [];
  const ready = new Promise<void>((resolve, reject) => {
    socket.on('message', (raw) => {
      const msg = JSON.parse(String(raw)) as LiveEvent | { type: 'ready' };
      if (msg.type === 'ready') resolve();
      else events.push(msg);
    });
    socket.on('error', reject);
  });
  return { socket, events, ready };
}

async function waitFor(predicate: () => boolean, ms = 5000) {
  const end = Date.now() + ms;
  while (!predicate()) {
    if (Date.now() > end) throw new Error('timed out waiting for a live event');
    await new Promise((r) => setTimeout(r, 20));
  }
}

describe(`envelope rain across two instances (${testDbKind})`, () => {
  it('starts each occurrence once with both ticking, announces it to a socket on the other instance, and ends it once', async () => {
    const { a, b, clock, db } = await twoInstances();
    const me = await loggedInMember(db, clock.now);
    const live = listen(b, me.token);
    await live.ready;

    // Saved to start in a second, so the save's own tick does not start it; then both instances tick at once, thrice.
    const created = await a.inject({
      method: 'POST',
      url: OPS_ENVELOPE_PATHS.rains,
      headers: { ...BASE_HEADERS, [OPERATOR_KEY_HEADER]: OPERATOR_KEY },
      payload: {
        name: 'Every ten minutes',
        startsAt: new Date(clock.now.getTime() + 1000).toISOString(),
        durationSeconds: 60,
        repeatMinutes: 10,
        budget: '50000',
        count: 100,
        minAmount: '100',
        maxAmount: '2000',
        minVipLevel: 0,
        bonusPromotionId: null,
        active: true,
      },
    });
    expect(created.statusCode, created.body).toBe(200);
    const rainId = BigInt(created.json().value.id);
    clock.advance(1000);
    const runs = await Promise.all([a, b, a, b, a, b].map((app) => tickRains(app)));
    expect(runs.flatMap((r) => r.started)).toHaveLength(1);

    const occurrences = await db.selectFrom('envelope_occurrence').select(['id', 'starts_at']).where('rain_id', '=', rainId).execute();
    expect(occurrences).toHaveLength(1);
    const occurrenceId = String(occurrences[0]!.id);
    const claims = await db
      .selectFrom('job_run')
      .select(['job', 'period', 'affected'])
      .where('job', 'like', `envelope-rain-%:${rainId}`)
      .execute();
    expect(claims).toEqual([{ job: `envelope-rain-start:${rainId}`, period: occurrences[0]!.starts_at.toISOString(), affected: 100 }]);
    const slots = await db.selectFrom('envelope_slot').select('amount').where('occurrence_id', '=', occurrences[0]!.id).execute();
    expect(slots).toHaveLength(100);
    expect(slots.reduce((s, r) => s + r.amount, 0n) <= 50_000n).toBe(true);

    await waitFor(() => live.events.some((e) => e.type === 'ENVELOPE_RAIN_STARTED'));
    expect(live.events.filter((e) => e.type === 'ENVELOPE_RAIN_STARTED')).toEqual([
      expect.objectContaining({ rain: expect.objectContaining({ occurrenceId, name: 'Every ten minutes', minVipLevel: 0 }) }),
    ]);

    // The member opens through the other instance than the one that started it.
    const opened = await b.inject({
      method: 'POST',
      url: ENVELOPE_PATHS.open,
      headers: { ...BASE_HEADERS, authorization: me.token },
      payload: { occurrenceId },
    });
    expect(opened.statusCode, opened.body).toBe(200);

    clock.advance(60_000);
    const ends = await Promise.all([a, b, a, b].map((app) => tickRains(app)));
    expect(ends.flatMap((r) => r.ended).map((o) => String(o.id))).toEqual([occurrenceId]);
    await waitFor(() => live.events.some((e) => e.type === 'ENVELOPE_RAIN_ENDED'));
    // Started once, ended once, whoever ticked.
    await new Promise((r) => setTimeout(r, 200));
    expect(live.events.filter((e) => e.type.startsWith('ENVELOPE_RAIN')).map((e) => e.type)).toEqual([
      'ENVELOPE_RAIN_STARTED',
      'ENVELOPE_RAIN_ENDED',
    ]);
    // The next occurrence of the repeating rain is a new one, claimed on its own.
    clock.advance(9 * 60_000);
    const next = await Promise.all([a, b].map((app) => tickRains(app)));
    expect(next.flatMap((r) => r.started)).toHaveLength(1);
    expect(await db.selectFrom('job_run').select('period').where('job', '=', `envelope-rain-start:${rainId}`).execute()).toHaveLength(2);
    live.socket.close();
    await expectLedgerClean(db);
  }, 25_000);
});

import { LIVE_PATH, LIVE_PROTOCOL, LIVE_TOKEN_PREFIX, type LiveEvent } from '@playfront/contract/live';
import { OPERATOR_KEY_HEADER } from '@playfront/contract/operator';
import { SUPPORT_CHAT_OPS_PATHS, SUPPORT_CHAT_PATHS, SUPPORT_ROOM_OPS_PATHS, SUPPORT_ROOM_PATHS } from '@playfront/contract/support-chat';
import { FEEDBACK_OPS_PATHS } from '@playfront/contract/support-paths';
import type { FastifyInstance } from 'fastify';
import type { Redis } from 'ioredis';
import { afterEach, describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import { makeClock } from '../../../../test/accounts-helpers.ts';
import { createTestDatabase, type TestDatabase, testDbKind, urlFor } from '../../../../test/test-db.ts';
import { buildApp } from '../../../app.ts';
import { loadConfig } from '../../../config.ts';
import { connectRedis } from '../../../infra/redis.ts';
import { loggedInMember } from '../../funds/funds.fixtures.ts';
import { liveBusOf } from '../../live/live-bus.ts';

/**
 * Chat messages delivered live across two instances (as behind a load balancer): the member's socket is on B, staff
 * answer through A; every message, the typing signal, the read marker and the end arrive on B in sequence order, and
 * another member's socket hears nothing. Run over the database's bus (NOTIFY on PostgreSQL, in process on PGlite) and Redis.
 */
const OPERATOR_KEY = 'chat-live-operator-key-0123456789abcdef';
let database: TestDatabase | undefined;
const apps: FastifyInstance[] = [];
const redises: Redis[] = [];
afterEach(async () => {
  for (const a of apps.splice(0)) await a.close();
  for (const r of redises.splice(0)) await r.quit();
  await database?.close();
});

async function twoInstances(withRedis: boolean) {
  database = await createTestDatabase();
  const clock = makeClock(new Date());
  const env = {
    ...process.env,
    LOG_LEVEL: 'silent',
    OPERATOR_API_KEY: OPERATOR_KEY,
    ...(testDbKind === 'postgres' ? { DATABASE_URL: urlFor(database.name) } : {}),
  } as NodeJS.ProcessEnv;
  for (let i = 0; i < 2; i++) {
    const redis = withRedis ? await connectRedis('redis://127.0.0.1:6379') : undefined;
    if (redis) redises.push(redis);
    const app = await buildApp({ config: loadConfig(env), db: database.db, dbKind: database.kind, redis, now: () => clock.now });
    apps.push(app);
    await app.listen({ port: 0, host: '127.0.0.1' });
  }
  const [a, b] = apps as [FastifyInstance, FastifyInstance];
  return { a, b, clock, db: database.db };
}

function connect(app: FastifyInstance, token: string) {
  const { port } = app.server.address() as { port: number };
  const socket = new WebSocket(`ws://127.0.0.1:${port}${LIVE_PATH}`, [LIVE_PROTOCOL, `${LIVE_TOKEN_PREFIX}${token}`]);
  const events: LiveEvent[] = [];
  const ready = new Promise<void>((resolve, reject) => {
    socket.on('message', (raw) => {
      const msg = JSON.parse(String(raw)) as LiveEvent | { type: 'ready' };
      if (msg.type === 'ready') resolve();
      else events.push(msg as LiveEvent);
    });
    socket.on('error', reject);
  });
  return { socket, events, ready };
}

async function waitFor(predicate: () => boolean, ms = 8000) {
  const end = Date.now() + ms;
  while (!predicate()) {
    if (Date.now() > end) throw new Error('timed out waiting for a live chat event');
    await new Promise((r) => setTimeout(r, 20));
  }
}

const busKinds: Array<[string, boolean]> = [
  [testDbKind === 'postgres' ? 'postgres' : 'memory', false],
  ['redis', true],
];

describe.each(busKinds)('support chat live across instances (%s bus)', (kind, withRedis) => {
  it('staff replies through instance A reach the member’s socket on B, in order, and nobody else', async () => {
    const { a, b, clock, db } = await twoInstances(withRedis);
    expect(liveBusOf(a).kind).toBe(kind);
    const me = await loggedInMember(db, clock.now);
    const other = await loggedInMember(db, clock.now);
    const mine = connect(b, me.token);
    const theirs = connect(b, other.token);
    await Promise.all([mine.ready, theirs.ready]);

    const opened = await b.inject({
      method: 'POST',
      url: SUPPORT_CHAT_PATHS.start,
      headers: { authorization: me.token },
      payload: { text: 'hello' },
    });
    const id = opened.json().value.conversation.id as string;
    // The member sees their own first message before staff act: events from two instances have no order between
    // them, only each instance's own (the page orders by seq in any case).
    await waitFor(() => mine.events.some((e) => e.type === 'CHAT_MESSAGE' && e.chat?.kind === 'message' && e.chat.message.seq === 1));
    const path = (p: string) => p.replace(':conversationId', id);
    const desk = (url: string, payload?: object) =>
      a.inject({ method: 'POST', url, headers: { [OPERATOR_KEY_HEADER]: OPERATOR_KEY }, ...(payload ? { payload } : {}) });

    expect((await desk(path(SUPPORT_CHAT_OPS_PATHS.claim), { staffName: 'Asha' })).statusCode).toBe(200);
    await desk(path(SUPPORT_CHAT_OPS_PATHS.typing), { staffName: 'Asha' });
    for (let i = 1; i <= 5; i++) {
      const res = await desk(path(SUPPORT_CHAT_OPS_PATHS.messages), { staffName: 'Asha', text: `answer ${i}` });
      expect(res.statusCode, res.body).toBe(200);
    }
    await desk(path(SUPPORT_CHAT_OPS_PATHS.read), { seq: 1 });
    await desk(path(SUPPORT_CHAT_OPS_PATHS.close));

    await waitFor(() => mine.events.some((e) => e.type === 'CHAT_STATUS' && e.chat?.kind === 'status' && e.chat.status === 'CLOSED'));
    const messages = mine.events.flatMap((e) => (e.type === 'CHAT_MESSAGE' && e.chat?.kind === 'message' ? [e.chat.message] : []));
    expect(messages.map((m) => [m.seq, m.sender, m.text])).toEqual([
      [1, 'MEMBER', 'hello'],
      [2, 'SYSTEM', 'joined'],
      [3, 'STAFF', 'answer 1'],
      [4, 'STAFF', 'answer 2'],
      [5, 'STAFF', 'answer 3'],
      [6, 'STAFF', 'answer 4'],
      [7, 'STAFF', 'answer 5'],
      [8, 'SYSTEM', 'closedByStaff'],
    ]);
    expect(mine.events.some((e) => e.type === 'CHAT_TYPING' && e.chat?.conversationId === id)).toBe(true);
    expect(mine.events.some((e) => e.type === 'CHAT_READ' && e.chat?.kind === 'read' && e.chat.staffReadSeq === 1)).toBe(true);
    expect(mine.events.find((e) => e.type === 'CHAT_STATUS')).toMatchObject({
      chat: { kind: 'status', status: 'OPEN', staffName: 'Asha' },
    });
    expect(theirs.events).toEqual([]);

    // A feedback reply through A reaches its member on B at once, and only them.
    const { brand_id } = await db.selectFrom('member').select('brand_id').where('id', '=', me.memberId).executeTakeFirstOrThrow();
    const { id: feedbackId } = await db
      .insertInto('feedback')
      .values({
        brand_id,
        member_id: me.memberId,
        type: 'SUGGESTION',
        content: 'More slots please',
        created_at: clock.now,
        updated_at: clock.now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const replied = await desk(FEEDBACK_OPS_PATHS.reply.replace(':feedbackId', String(feedbackId)), { content: 'Coming next week.' });
    expect(replied.statusCode, replied.body).toBe(200);
    await waitFor(() => mine.events.some((e) => e.type === 'FEEDBACK_REPLIED'));
    expect(mine.events.find((e) => e.type === 'FEEDBACK_REPLIED')?.feedback).toEqual({ id: String(feedbackId), status: 'ANSWERED' });

    // A room message removed through A disappears for every online member of the brand on B at once.
    const posted = await b.inject({
      method: 'POST',
      url: SUPPORT_ROOM_PATHS.messages,
      headers: { authorization: other.token },
      payload: { text: 'spam' },
    });
    expect(posted.statusCode, posted.body).toBe(200);
    const messageId = posted.json().value.id as string;
    const removed = await a.inject({
      method: 'DELETE',
      url: SUPPORT_ROOM_OPS_PATHS.message.replace(':messageId', messageId),
      headers: { [OPERATOR_KEY_HEADER]: OPERATOR_KEY },
    });
    expect(removed.statusCode, removed.body).toBe(200);
    for (const viewer of [mine, theirs])
      await waitFor(() => viewer.events.some((e) => e.type === 'ROOM_MESSAGE_REMOVED' && e.room?.messageId === messageId));
    expect(theirs.events.map((e) => e.type)).toEqual(['ROOM_MESSAGE_REMOVED']);
    mine.socket.close();
    theirs.socket.close();
  });
});

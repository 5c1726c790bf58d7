import { randomUUID } from 'node:crypto';
import { oversightPath } from '@playfront/contract/console-oversight';
import { SUPPORT_CHAT_PATHS } from '@playfront/contract/support-chat';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BASE_HEADERS, makeApp, makeClock, type TestApp } from '../../../test/accounts-helpers.ts';
import { createTestDatabase, type TestDatabase, testDbKind } from '../../../test/test-db.ts';
import { loggedInMember } from '../funds/funds.fixtures.ts';
import { consoleCall, type SignedInStaff, signedInStaff } from './console.fixtures.ts';

/**
 * The desk shows a member's chat image inline (decision 060): the console fetches it from its own image route with
 * the staff session header, so the route answers only desk staff, only for a message of that conversation, and
 * never lets a cache keep it.
 */

let database: TestDatabase;
let t: TestApp;
let support: SignedInStaff;
let content: SignedInStaff;

beforeAll(async () => {
  database = await createTestDatabase();
  t = await makeApp(database, { ARGON2_PROFILE: 'test', RATE_LIMIT_PER_MINUTE: '100000000' }, makeClock(new Date('2026-12-01T08:00:00Z')));
  support = await signedInStaff(t, 'support');
  content = await signedInStaff(t, 'content');
}, 180_000);

afterAll(async () => {
  await t?.app.close();
  await database?.close();
});

const PNG = Buffer.concat([Buffer.from('89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c489', 'hex'), Buffer.alloc(64, 1)]);

function upload(path: string, token: string, bytes: Buffer) {
  const boundary = `----pf${randomUUID().replaceAll('-', '')}`;
  return t.app.inject({
    method: 'POST',
    url: path,
    headers: { ...BASE_HEADERS, authorization: token, 'content-type': `multipart/form-data; boundary=${boundary}` },
    payload: Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="image"; filename="receipt.png"\r\nContent-Type: image/png\r\n\r\n`,
      ),
      bytes,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]),
  });
}

async function chatWithImage() {
  const m = await loggedInMember(database.db, t.clock.now);
  const started = await t.app.inject({
    method: 'POST',
    url: SUPPORT_CHAT_PATHS.start,
    headers: { ...BASE_HEADERS, authorization: m.token },
    payload: { text: 'Here is my receipt' },
  });
  expect(started.statusCode, started.body).toBe(200);
  const conversationId = started.json().value.conversation.id as string;
  const sent = await upload(SUPPORT_CHAT_PATHS.images.replace(':conversationId', conversationId), m.token, PNG);
  expect(sent.statusCode, sent.body).toBe(200);
  return { conversationId, messageId: sent.json().value.id as string };
}

describe(`support desk chat images (${testDbKind})`, () => {
  it('lists the image message and serves its bytes to desk staff only, uncached', async () => {
    const { conversationId, messageId } = await chatWithImage();
    const history = await consoleCall(t, 'GET', `${oversightPath('supportChatMessages', { conversationId })}?limit=50`, support.token);
    expect(history.statusCode, history.body).toBe(200);
    expect(history.json().value.messages).toContainEqual(expect.objectContaining({ id: messageId, hasImage: true, text: null }));

    const path = oversightPath('supportChatImage', { conversationId, messageId });
    const image = await consoleCall(t, 'GET', path, support.token);
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/png');
    expect(image.headers['cache-control']).toBe('private, no-store');
    expect(Buffer.from(image.rawPayload).equals(PNG)).toBe(true);

    // No session, or staff without the desk: no picture.
    expect((await consoleCall(t, 'GET', path)).statusCode).toBe(401);
    const refused = await consoleCall(t, 'GET', path, content.token);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().code).toBe('STAFF_PERMISSION_DENIED');
  });

  it('does not serve an image through another conversation', async () => {
    const a = await chatWithImage();
    const b = await chatWithImage();
    const crossed = await consoleCall(
      t,
      'GET',
      oversightPath('supportChatImage', { conversationId: b.conversationId, messageId: a.messageId }),
      support.token,
    );
    expect(crossed.statusCode).toBe(404);
  });
});

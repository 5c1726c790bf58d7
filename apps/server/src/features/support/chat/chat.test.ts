import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { OPERATOR_KEY_HEADER } from '@playfront/contract/operator';
import { CHAT_GUEST_HEADER, CHAT_SEND_PER_MINUTE, SUPPORT_CHAT_OPS_PATHS, SUPPORT_CHAT_PATHS } from '@playfront/contract/support-chat';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BASE_HEADERS, makeApp, makeClock, OPERATOR_KEY, type TestApp } from '../../../../test/accounts-helpers.ts';
import { type Actor, actor } from '../../../../test/hardening/hardening-helpers.ts';
import { createTestDatabase, type TestDatabase, testDbKind } from '../../../../test/test-db.ts';
import { isSignedGuestToken } from './guest-token.ts';

/**
 * The live chat through the HTTP API (issue 15): a member and a guest open conversations, staff claim and answer them
 * from the desk, history pages by sequence in order, images are checked by their bytes, read markers and unread counts,
 * the rating once, the per-minute limit, and nobody reads a conversation that is not theirs. Every refusal stores nothing.
 */
let database: TestDatabase;
let t: TestApp;

const PNG = Buffer.concat([Buffer.from('89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c489', 'hex'), Buffer.alloc(64, 1)]);
const EXE = Buffer.concat([Buffer.from('4d5a90000300000004000000ffff0000', 'hex'), Buffer.alloc(256, 0)]);

let ip = 0;
const nextIp = () => `10.8.${Math.floor(++ip / 250)}.${ip % 250}`;
type Who = Actor | { guest: string } | undefined;
const authOf = (who: Who): Record<string, string> =>
  who === undefined ? {} : 'guest' in who ? { [CHAT_GUEST_HEADER]: who.guest } : { authorization: who.token };
const url = (path: string, conversationId: string, messageId?: string) =>
  path.replace(':conversationId', conversationId).replace(':messageId', messageId ?? '');

function call(method: 'GET' | 'POST', path: string, who: Who, payload?: object) {
  return t.app.inject({
    method,
    url: path,
    headers: { ...BASE_HEADERS, language: 'en', ...authOf(who) },
    ...(payload ? { payload } : {}),
    remoteAddress: nextIp(),
  });
}
function ops(method: 'GET' | 'POST', path: string, payload?: object) {
  return t.app.inject({
    method,
    url: path,
    headers: { ...BASE_HEADERS, [OPERATOR_KEY_HEADER]: OPERATOR_KEY },
    ...(payload ? { payload } : {}),
    remoteAddress: nextIp(),
  });
}
function upload(path: string, headers: Record<string, string>, bytes: Buffer, filename = 'a.png', fields: Record<string, string> = {}) {
  const boundary = `----pf${randomUUID().replaceAll('-', '')}`;
  const parts: Buffer[] = [];
  for (const [k, v] of Object.entries(fields))
    parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`));
  parts.push(
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="image"; filename="${filename}"\r\nContent-Type: image/png\r\n\r\n`),
    bytes,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  );
  return t.app.inject({
    method: 'POST',
    url: path,
    headers: { ...BASE_HEADERS, ...headers, 'content-type': `multipart/form-data; boundary=${boundary}` },
    payload: Buffer.concat(parts),
    remoteAddress: nextIp(),
  });
}
const messageCount = async () =>
  Number(
    (
      await database.db
        .selectFrom('support_chat_message')
        .select((eb) => eb.fn.countAll<string>().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );

/** A member's first message, which starts their conversation; its id. */
async function startAsMember(me: Actor, text = 'Hello') {
  const res = await call('POST', SUPPORT_CHAT_PATHS.start, me, { text });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().value.conversation.id as string;
}

beforeAll(async () => {
  database = await createTestDatabase();
  t = await makeApp(database, { ARGON2_PROFILE: 'test' }, makeClock(new Date('2026-11-30T14:00:00Z')));
}, 180_000);
afterAll(async () => {
  await t?.app.close();
  await database?.close();
});

describe(`support chat (${testDbKind})`, () => {
  it('a member writes while nobody is on duty; staff find it waiting first, claim it, answer; the member reads it in order', async () => {
    const me = await actor(database.db, t.clock.now);
    // Opening the chat creates nothing: the first message does.
    const conversations = () =>
      database.db.selectFrom('support_chat_conversation').select('id').where('member_id', '=', me.memberId).execute();
    const opened = await call('POST', SUPPORT_CHAT_PATHS.open, me, {});
    expect(opened.json().value).toMatchObject({ conversation: null, unread: 0 });
    expect(await conversations()).toEqual([]);
    const refused = await call('POST', SUPPORT_CHAT_PATHS.start, me, { text: '   ' });
    expect(refused.statusCode).toBe(400);
    expect(await conversations()).toEqual([]);
    const sent = await call('POST', SUPPORT_CHAT_PATHS.start, me, { text: '  My deposit has not arrived.  ' });
    expect(sent.statusCode, sent.body).toBe(200);
    expect(sent.json().value.message).toMatchObject({ seq: 1, sender: 'MEMBER', text: 'My deposit has not arrived.', hasImage: false });
    const id = sent.json().value.conversation.id as string;
    // Opening again resumes it.
    expect((await call('POST', SUPPORT_CHAT_PATHS.open, me, {})).json().value.conversation.id).toBe(id);

    const queue = (await ops('GET', `${SUPPORT_CHAT_OPS_PATHS.conversations}?status=WAITING`)).json().value;
    const mine = queue.list.find((c: { id: string }) => c.id === id);
    expect(mine).toMatchObject({ status: 'WAITING', memberId: me.memberId, username: me.username, unreadForStaff: 1 });

    const claimed = await ops('POST', url(SUPPORT_CHAT_OPS_PATHS.claim, id), { staffName: 'Asha' });
    expect(claimed.statusCode, claimed.body).toBe(200);
    expect(claimed.json().value).toMatchObject({ status: 'OPEN', staffName: 'Asha' });
    const reply = await ops('POST', url(SUPPORT_CHAT_OPS_PATHS.messages, id), { staffName: 'Asha', text: 'Let me check your order.' });
    expect(reply.json().value).toMatchObject({ seq: 3, sender: 'STAFF', senderName: 'Asha' });

    const current = (await call('GET', SUPPORT_CHAT_PATHS.current, me)).json().value;
    expect(current.unread).toBe(2); // the "joined" line and the reply
    const history = (await call('GET', url(SUPPORT_CHAT_PATHS.messages, id), me)).json().value;
    expect(history.messages.map((m: { seq: number; sender: string; text: string }) => [m.seq, m.sender, m.text])).toEqual([
      [1, 'MEMBER', 'My deposit has not arrived.'],
      [2, 'SYSTEM', 'joined'],
      [3, 'STAFF', 'Let me check your order.'],
    ]);
    // Read markers: never past the last message, never backwards.
    const read = await call('POST', url(SUPPORT_CHAT_PATHS.read, id), me, { seq: 99 });
    expect(read.json().value.customerReadSeq).toBe(3);
    expect((await call('POST', url(SUPPORT_CHAT_PATHS.read, id), me, { seq: 1 })).json().value.customerReadSeq).toBe(3);
    expect((await call('GET', SUPPORT_CHAT_PATHS.current, me)).json().value.unread).toBe(0);
    const staffRead = await ops('POST', url(SUPPORT_CHAT_OPS_PATHS.read, id), { seq: 3 });
    expect(staffRead.json().value).toMatchObject({ staffReadSeq: 3, unreadForStaff: 0 });
  });

  it('pages history by sequence: the newest page first, older pages with beforeSeq, newer with afterSeq', async () => {
    const me = await actor(database.db, t.clock.now);
    const id = await startAsMember(me, 'line 1');
    // A second first message (another tab that had not seen the conversation) goes into the same one.
    expect(await startAsMember(me, 'line 2')).toBe(id);
    for (let i = 3; i <= 25; i++) await call('POST', url(SUPPORT_CHAT_PATHS.messages, id), me, { text: `line ${i}` });
    const first = (await call('GET', `${url(SUPPORT_CHAT_PATHS.messages, id)}?limit=10`, me)).json().value;
    expect(first.messages.map((m: { seq: number }) => m.seq)).toEqual([16, 17, 18, 19, 20, 21, 22, 23, 24, 25]);
    expect(first.hasMore).toBe(true);
    const older = (await call('GET', `${url(SUPPORT_CHAT_PATHS.messages, id)}?limit=10&beforeSeq=6`, me)).json().value;
    expect(older.messages.map((m: { seq: number }) => m.seq)).toEqual([1, 2, 3, 4, 5]);
    expect(older.hasMore).toBe(false);
    const newer = (await call('GET', `${url(SUPPORT_CHAT_PATHS.messages, id)}?limit=3&afterSeq=20`, me)).json().value;
    expect(newer.messages.map((m: { text: string }) => m.text)).toEqual(['line 21', 'line 22', 'line 23']);
    expect(newer.hasMore).toBe(true);
    t.clock.advance(61_000);
  });

  it('concurrent sends each get their own sequence number, none lost and none repeated', async () => {
    const me = await actor(database.db, t.clock.now);
    const id = await startAsMember(me);
    t.clock.advance(61_000);
    const results = await Promise.all(
      Array.from({ length: 12 }, (_, i) => call('POST', url(SUPPORT_CHAT_PATHS.messages, id), me, { text: `burst ${i}` })),
    );
    expect(results.map((r) => r.statusCode)).toEqual(Array(12).fill(200));
    const seqs = results.map((r) => r.json().value.seq as number).sort((a, b) => a - b);
    expect(seqs).toEqual(Array.from({ length: 12 }, (_, i) => i + 2));
    const stored = (await call('GET', url(SUPPORT_CHAT_PATHS.messages, id), me)).json().value;
    expect(stored.conversation.lastSeq).toBe(13);
    t.clock.advance(61_000);
  });

  it(`refuses a message past ${CHAT_SEND_PER_MINUTE} within a minute, translated, and takes it again after`, async () => {
    const me = await actor(database.db, t.clock.now);
    const id = await startAsMember(me, 'm0');
    for (let i = 1; i < CHAT_SEND_PER_MINUTE; i++) {
      expect((await call('POST', url(SUPPORT_CHAT_PATHS.messages, id), me, { text: `m${i}` })).statusCode).toBe(200);
    }
    const before = await messageCount();
    const refused = await call('POST', url(SUPPORT_CHAT_PATHS.messages, id), me, { text: 'one too many' });
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({ code: 'CHAT_TOO_FAST', message: 'errors.chatTooFast' });
    expect(await messageCount()).toBe(before);
    t.clock.advance(61_000);
    expect((await call('POST', url(SUPPORT_CHAT_PATHS.messages, id), me, { text: 'later' })).statusCode).toBe(200);
  });

  it('refuses empty, over-long and NUL text; stores nothing', async () => {
    const me = await actor(database.db, t.clock.now);
    const id = await startAsMember(me);
    const before = await messageCount();
    for (const text of ['   ', 'x'.repeat(1001), 'a\u0000b']) {
      const res = await call('POST', url(SUPPORT_CHAT_PATHS.messages, id), me, { text });
      expect(res.statusCode, text.slice(0, 5)).toBe(400);
    }
    // 1000 Bengali conjuncts are 1000 characters as a person counts them.
    expect((await call('POST', url(SUPPORT_CHAT_PATHS.messages, id), me, { text: 'ক্ষ'.repeat(1000) })).statusCode).toBe(200);
    expect(await messageCount()).toBe(before + 1);
  });

  it('takes a png checked by its bytes, refuses a program named .png, and shows the image only to its two sides', async () => {
    const me = await actor(database.db, t.clock.now);
    const other = await actor(database.db, t.clock.now);
    const id = await startAsMember(me);
    const before = await messageCount();
    const bad = await upload(url(SUPPORT_CHAT_PATHS.images, id), { authorization: me.token, language: 'en' }, EXE, 'receipt.png');
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ code: 'FEEDBACK_IMAGE_INVALID', message: 'errors.feedbackImageInvalid' });
    expect(await messageCount()).toBe(before);

    const good = await upload(url(SUPPORT_CHAT_PATHS.images, id), { authorization: me.token }, PNG);
    expect(good.statusCode, good.body).toBe(200);
    const message = good.json().value;
    expect(message).toMatchObject({ hasImage: true, text: null, sender: 'MEMBER' });
    const mine = await call('GET', url(SUPPORT_CHAT_PATHS.image, id, message.id), me);
    expect(mine.statusCode).toBe(200);
    expect(mine.headers['content-type']).toBe('image/png');
    expect(Buffer.from(mine.rawPayload).equals(PNG)).toBe(true);
    expect((await call('GET', url(SUPPORT_CHAT_PATHS.image, id, message.id), other)).statusCode).toBe(404);
    expect((await ops('GET', url(SUPPORT_CHAT_OPS_PATHS.image, id, message.id))).statusCode).toBe(200);

    // Staff answer with an image too.
    const staffImage = await upload(url(SUPPORT_CHAT_OPS_PATHS.images, id), { [OPERATOR_KEY_HEADER]: OPERATOR_KEY }, PNG, 'x.png', {
      staffName: 'Ravi',
    });
    expect(staffImage.json().value).toMatchObject({ sender: 'STAFF', senderName: 'Ravi', hasImage: true });
  });

  it('a guest chats under a name with a token; nobody else reads the conversation, and the guest reads no other', async () => {
    const noName = await call('POST', SUPPORT_CHAT_PATHS.open, undefined, {});
    expect(noName.statusCode).toBe(400);
    expect(noName.json().code).toBe('CHAT_GUEST_NAME_INVALID');
    const badName = await call('POST', SUPPORT_CHAT_PATHS.open, undefined, { guestName: '<script>' });
    expect(badName.statusCode).toBe(400);

    const opened = (await call('POST', SUPPORT_CHAT_PATHS.open, undefined, { guestName: 'Rahim' })).json().value;
    expect(opened.guestToken).toMatch(/^[\w-]{43}\.[\w-]{43}$/);
    // Nothing is stored until the guest's first message, which carries the token and the name.
    expect(opened.conversation).toBeNull();
    const guest = { guest: opened.guestToken as string };
    expect((await call('POST', SUPPORT_CHAT_PATHS.start, undefined, { text: 'hi', guestName: 'Rahim' })).statusCode).toBe(401);
    expect((await call('POST', SUPPORT_CHAT_PATHS.start, { guest: 'short' }, { text: 'hi', guestName: 'Rahim' })).statusCode).toBe(401);
    const first = await call('POST', SUPPORT_CHAT_PATHS.start, guest, { text: 'Can I register with e-mail?', guestName: 'Rahim' });
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json().value.conversation).toMatchObject({ status: 'WAITING', guestName: 'Rahim' });
    expect(first.json().value.message.sender).toBe('GUEST');
    const id = first.json().value.conversation.id as string;
    // The token resumes the same conversation and is not given again.
    const again = (await call('POST', SUPPORT_CHAT_PATHS.open, guest, {})).json().value;
    expect(again.conversation.id).toBe(id);
    expect(again.guestToken).toBeUndefined();
    await ops('POST', url(SUPPORT_CHAT_OPS_PATHS.messages, id), { staffName: 'Asha', text: 'Yes, you can.' });
    // The guest polls with afterSeq.
    const polled = (await call('GET', `${url(SUPPORT_CHAT_PATHS.messages, id)}?afterSeq=1`, guest)).json().value;
    expect(polled.messages.map((m: { sender: string }) => m.sender)).toEqual(['SYSTEM', 'STAFF']);
    expect(polled.conversation).toMatchObject({ status: 'OPEN', staffName: 'Asha' });

    const otherGuest = {
      guest: (await call('POST', SUPPORT_CHAT_PATHS.open, undefined, { guestName: 'Karim' })).json().value.guestToken as string,
    };
    await call('POST', SUPPORT_CHAT_PATHS.start, otherGuest, { text: 'Hello', guestName: 'Karim' });
    const member = await actor(database.db, t.clock.now);
    for (const who of [otherGuest, member]) {
      const res = await call('GET', url(SUPPORT_CHAT_PATHS.messages, id), who);
      expect(res.statusCode).toBe(404);
      expect(res.json().code).toBe('CHAT_NOT_FOUND');
      expect((await call('POST', url(SUPPORT_CHAT_PATHS.messages, id), who, { text: 'hi' })).statusCode).toBe(404);
    }
    expect((await call('GET', url(SUPPORT_CHAT_PATHS.messages, id), { guest: 'x'.repeat(43) })).statusCode).toBe(401);
    expect((await call('GET', url(SUPPORT_CHAT_PATHS.messages, id), undefined)).statusCode).toBe(401);
    // A guest cannot read a member's conversation either.
    const memberConversation = await startAsMember(member);
    expect((await call('GET', url(SUPPORT_CHAT_PATHS.messages, memberConversation), guest)).statusCode).toBe(404);
  });

  it('guest tokens are signed: a made-up, altered or other brand’s token starts nothing and reads nothing', async () => {
    const conversations = async () =>
      Number(
        (
          await database.db
            .selectFrom('support_chat_conversation')
            .select((eb) => eb.fn.countAll().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      );
    const token = (await call('POST', SUPPORT_CHAT_PATHS.open, undefined, { guestName: 'Nadia' })).json().value.guestToken as string;
    const started = await call('POST', SUPPORT_CHAT_PATHS.start, { guest: token }, { text: 'Is my deposit safe?', guestName: 'Nadia' });
    expect(started.statusCode, started.body).toBe(200);
    const id = started.json().value.conversation.id as string;
    const before = await conversations();

    const [nonce, tag] = token.split('.') as [string, string];
    const flip = (text: string, at: number) => `${text.slice(0, at)}${text[at] === 'A' ? 'B' : 'A'}${text.slice(at + 1)}`;
    const forged = [
      // A token of the server's shape with a tag the attacker made up.
      `${randomBytes(32).toString('base64url')}.${randomBytes(32).toString('base64url')}`,
      // The real nonce with one character of the tag changed, and the real tag on another nonce.
      `${nonce}.${flip(tag, 5)}`,
      `${flip(nonce, 5)}.${tag}`,
      // The shape tokens had before they were signed: chosen by the caller, never given by the server.
      randomBytes(32).toString('base64url'),
      `${token}.x`,
    ];
    for (const guest of forged) {
      const start = await call('POST', SUPPORT_CHAT_PATHS.start, { guest }, { text: 'hello', guestName: 'Mallory' });
      expect(start.statusCode, guest).toBe(401);
      expect(start.json().code).toBe('NOT_LOGGED_IN');
      expect((await call('GET', url(SUPPORT_CHAT_PATHS.messages, id), { guest })).statusCode).toBe(401);
      expect((await call('POST', SUPPORT_CHAT_PATHS.open, { guest }, { guestName: 'Mallory' })).statusCode).toBe(401);
    }
    expect(await conversations()).toBe(before);

    // The same token means nothing for another brand (the brand is inside the signature).
    const brand = await database.db
      .selectFrom('brand')
      .select('id')
      .where('merchant_code', '=', BASE_HEADERS.merchant)
      .executeTakeFirstOrThrow();
    expect(await isSignedGuestToken(database.db, brand.id, token)).toBe(true);
    expect(await isSignedGuestToken(database.db, brand.id + 1, token)).toBe(false);
    // The database keeps only the token's SHA-256, not the token.
    const row = await database.db
      .selectFrom('support_chat_conversation')
      .selectAll()
      .where('id', '=', BigInt(id))
      .executeTakeFirstOrThrow();
    expect(Buffer.from(row.guest_token_hash ?? [])).toEqual(createHash('sha256').update(token).digest());
    // The real token still reads its conversation.
    expect((await call('GET', url(SUPPORT_CHAT_PATHS.messages, id), { guest: token })).statusCode).toBe(200);
  });

  it('rates once, only after the chat ended; concurrent ratings store one; a closed chat takes no message', async () => {
    const me = await actor(database.db, t.clock.now);
    const id = await startAsMember(me, 'Thanks for the help');
    const early = await call('POST', url(SUPPORT_CHAT_PATHS.rate, id), me, { rating: 5 });
    expect(early.statusCode).toBe(409);
    expect(early.json().code).toBe('CHAT_NOT_CLOSED');

    const closed = await call('POST', url(SUPPORT_CHAT_PATHS.close, id), me);
    expect(closed.json().value).toMatchObject({ status: 'CLOSED' });
    const after = await call('POST', url(SUPPORT_CHAT_PATHS.messages, id), me, { text: 'one more' });
    expect(after.statusCode).toBe(409);
    expect(after.json().code).toBe('CHAT_CLOSED');

    const badRating = await call('POST', url(SUPPORT_CHAT_PATHS.rate, id), me, { rating: 6 });
    expect(badRating.statusCode).toBe(400);
    const votes = await Promise.all([
      call('POST', url(SUPPORT_CHAT_PATHS.rate, id), me, { rating: 4, comment: 'Quick answer' }),
      call('POST', url(SUPPORT_CHAT_PATHS.rate, id), me, { rating: 1 }),
    ]);
    expect(votes.map((v) => v.statusCode).sort()).toEqual([200, 409]);
    const kept = votes.find((v) => v.statusCode === 200)!.json().value;
    const row = await database.db
      .selectFrom('support_chat_conversation')
      .select(['rating'])
      .where('id', '=', BigInt(id))
      .executeTakeFirstOrThrow();
    expect(row.rating).toBe(kept.rating);

    const ratings = (await ops('GET', SUPPORT_CHAT_OPS_PATHS.ratings)).json().value;
    expect(ratings.list.find((c: { id: string }) => c.id === id)).toMatchObject({ rating: kept.rating });
    expect(ratings.average).toMatch(/^\d\.\d\d$/);
    // A new chat starts after the closed one.
    expect((await call('POST', SUPPORT_CHAT_PATHS.open, me, {})).json().value.conversation).toBeNull();
    expect(await startAsMember(me)).not.toBe(id);
  });

  it('the desk: a reply to a waiting conversation claims it; closing is final; unknown ids find nothing; no key, no desk', async () => {
    const me = await actor(database.db, t.clock.now);
    const id = await startAsMember(me, 'Hello?');
    const reply = await ops('POST', url(SUPPORT_CHAT_OPS_PATHS.messages, id), { staffName: 'Nila', text: 'Hi, how can I help?' });
    expect(reply.statusCode, reply.body).toBe(200);
    const view = (await ops('GET', url(SUPPORT_CHAT_OPS_PATHS.messages, id))).json().value;
    expect(view.conversation).toMatchObject({ status: 'OPEN', staffName: 'Nila' });
    const closed = await ops('POST', url(SUPPORT_CHAT_OPS_PATHS.close, id));
    expect(closed.json().value.status).toBe('CLOSED');
    const last = (await call('GET', url(SUPPORT_CHAT_PATHS.messages, id), me)).json().value.messages.at(-1);
    expect(last).toMatchObject({ sender: 'SYSTEM', text: 'closedByStaff' });
    expect((await ops('POST', url(SUPPORT_CHAT_OPS_PATHS.messages, id), { staffName: 'Nila', text: 'late' })).statusCode).toBe(409);
    expect((await ops('POST', url(SUPPORT_CHAT_OPS_PATHS.claim, '999999999'), { staffName: 'Nila' })).statusCode).toBe(404);
    const noKey = await t.app.inject({ method: 'GET', url: SUPPORT_CHAT_OPS_PATHS.conversations, headers: BASE_HEADERS });
    expect(noKey.statusCode).toBe(401);
  });
});

import { OPERATOR_KEY_HEADER } from '@playfront/contract/operator';
import { ROOM_MIN_INTERVAL_MS, ROOM_PER_MINUTE, SUPPORT_ROOM_OPS_PATHS, SUPPORT_ROOM_PATHS } from '@playfront/contract/support-chat';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BASE_HEADERS, makeApp, makeClock, OPERATOR_KEY, type TestApp } from '../../../../test/accounts-helpers.ts';
import { type Actor, actor } from '../../../../test/hardening/hardening-helpers.ts';
import { createTestDatabase, type TestDatabase, testDbKind } from '../../../../test/test-db.ts';

/**
 * The public chat room (issue 15): everyone reads, members post within 1 message / 2 s and 20 a minute (refusals
 * translated, nothing stored), the operator's words are masked, a muted member is refused until the time passes, and a
 * removed message is gone for every reader.
 */
let database: TestDatabase;
let t: TestApp;
let ip = 0;
const nextIp = () => `10.7.${Math.floor(++ip / 250)}.${ip % 250}`;

const read = (who?: Actor) =>
  t.app.inject({
    method: 'GET',
    url: SUPPORT_ROOM_PATHS.messages,
    headers: { ...BASE_HEADERS, ...(who ? { authorization: who.token } : {}) },
    remoteAddress: nextIp(),
  });
const post = (who: Actor | undefined, text: string) =>
  t.app.inject({
    method: 'POST',
    url: SUPPORT_ROOM_PATHS.messages,
    headers: { ...BASE_HEADERS, language: 'en', ...(who ? { authorization: who.token } : {}) },
    payload: { text },
    remoteAddress: nextIp(),
  });
const ops = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
  t.app.inject({
    method,
    url,
    headers: { ...BASE_HEADERS, [OPERATOR_KEY_HEADER]: OPERATOR_KEY },
    ...(payload ? { payload } : {}),
    remoteAddress: nextIp(),
  });
const stored = async () =>
  Number(
    (
      await database.db
        .selectFrom('support_room_message')
        .select((eb) => eb.fn.countAll<string>().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );

beforeAll(async () => {
  database = await createTestDatabase();
  t = await makeApp(database, { ARGON2_PROFILE: 'test' }, makeClock(new Date('2026-11-30T15:00:00Z')));
}, 60_000);
afterAll(async () => {
  await t?.app.close();
  await database?.close();
});

describe(`chat room (${testDbKind})`, () => {
  it('a member posts; a guest reads it (masked author) but cannot post; a trial account cannot post', async () => {
    const me = await actor(database.db, t.clock.now);
    const res = await post(me, '  Good luck everyone!  ');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().value).toMatchObject({ text: 'Good luck everyone!', mine: true });
    const asGuest = (await read()).json().value;
    const seen = asGuest.list.at(-1);
    expect(seen).toMatchObject({ text: 'Good luck everyone!', mine: false });
    expect(seen.author).not.toBe(me.username);
    expect(asGuest.mutedUntil).toBeNull();
    expect((await read(me)).json().value.list.at(-1).mine).toBe(true);
    expect((await post(undefined, 'hello')).statusCode).toBe(401);
    const trial = await actor(database.db, t.clock.now, { type: 4 });
    expect((await post(trial, 'hello')).json().code).toBe('TRIAL_NOT_ALLOWED');
    t.clock.advance(61_000);
  });

  it(`refuses a second message within 2 s and a ${ROOM_PER_MINUTE + 1}st within a minute, translated; nothing stored`, async () => {
    const me = await actor(database.db, t.clock.now);
    expect((await post(me, 'first')).statusCode).toBe(200);
    const before = await stored();
    const quick = await post(me, 'too quick');
    expect(quick.statusCode).toBe(429);
    expect(quick.json()).toMatchObject({ code: 'ROOM_TOO_FAST', message: 'errors.roomTooFast' });
    expect(await stored()).toBe(before);
    for (let i = 1; i < ROOM_PER_MINUTE; i++) {
      t.clock.advance(ROOM_MIN_INTERVAL_MS + 100);
      const r = await post(me, `msg ${i}`);
      if (r.statusCode !== 200) throw new Error(`message ${i}: ${r.body}`);
    }
    t.clock.advance(ROOM_MIN_INTERVAL_MS + 100);
    const over = await post(me, 'over the minute');
    expect(over.json().code).toBe('ROOM_TOO_FAST');
    t.clock.advance(60_000);
    expect((await post(me, 'next minute')).statusCode).toBe(200);
    // Concurrent posts of one member: one passes, the other is counted after it and refused.
    t.clock.advance(61_000);
    const both = await Promise.all([post(me, 'a'), post(me, 'b')]);
    expect(both.map((r) => r.statusCode).sort()).toEqual([200, 429]);
    t.clock.advance(61_000);
  });

  it('masks the operator’s words in every message shown, old ones too, whatever their case', async () => {
    const me = await actor(database.db, t.clock.now);
    expect((await post(me, 'This SCAM site pays, no scammer here')).statusCode).toBe(200);
    const saved = await ops('PUT', SUPPORT_ROOM_OPS_PATHS.words, { words: ['scam', 'Scam', 'idiot'] });
    expect(saved.json().value.words).toEqual(['idiot', 'scam']);
    const last = (await read()).json().value.list.at(-1);
    expect(last.text).toBe('This **** site pays, no ****mer here');
    const moderation = (await ops('GET', SUPPORT_ROOM_OPS_PATHS.messages)).json().value.list.at(-1);
    expect(moderation).toMatchObject({ original: 'This SCAM site pays, no scammer here', memberId: me.memberId });
    expect((await ops('PUT', SUPPORT_ROOM_OPS_PATHS.words, { words: [] })).json().value.words).toEqual([]);
    t.clock.advance(61_000);
  });

  it('a muted member is refused until the mute ends or is lifted; a removed message is gone for every reader', async () => {
    const me = await actor(database.db, t.clock.now);
    const other = await actor(database.db, t.clock.now);
    const mine = (await post(me, 'spam spam spam')).json().value;
    const muted = await ops('POST', SUPPORT_ROOM_OPS_PATHS.mutes, { memberId: me.memberId, minutes: 10 });
    expect(muted.statusCode, muted.body).toBe(200);
    t.clock.advance(5_000);
    const refused = await post(me, 'can I post?');
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ code: 'ROOM_MUTED', message: 'errors.roomMuted' });
    expect(refused.json().value.mutedUntil).toBe(muted.json().value.mutedUntil);
    expect((await read(me)).json().value.mutedUntil).toBe(muted.json().value.mutedUntil);
    t.clock.advance(10 * 60_000);
    expect((await post(me, 'back again')).statusCode).toBe(200);
    await ops('POST', SUPPORT_ROOM_OPS_PATHS.mutes, { memberId: me.memberId, minutes: 60 });
    t.clock.advance(5_000);
    expect((await post(me, 'muted')).statusCode).toBe(403);
    expect((await ops('DELETE', SUPPORT_ROOM_OPS_PATHS.mute.replace(':memberId', String(me.memberId)))).json().value.mutedUntil).toBeNull();
    expect((await post(me, 'unmuted')).statusCode).toBe(200);

    const removed = await ops('DELETE', SUPPORT_ROOM_OPS_PATHS.message.replace(':messageId', mine.id));
    expect(removed.statusCode).toBe(200);
    for (const who of [undefined, me, other])
      expect((await read(who)).json().value.list.map((m: { id: string }) => m.id)).not.toContain(mine.id);
    expect((await ops('DELETE', SUPPORT_ROOM_OPS_PATHS.message.replace(':messageId', '999999999'))).statusCode).toBe(404);
    expect((await ops('POST', SUPPORT_ROOM_OPS_PATHS.mutes, { memberId: 999999999, minutes: 5 })).statusCode).toBe(404);
    expect(
      (await t.app.inject({ method: 'GET', url: SUPPORT_ROOM_OPS_PATHS.words, headers: { ...BASE_HEADERS, authorization: me.token } }))
        .statusCode,
    ).toBe(401);
  });
});

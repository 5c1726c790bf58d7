import { randomUUID } from 'node:crypto';
import { OPERATOR_KEY_HEADER } from '@playfront/contract/operator';
import { FEEDBACK_OPS_PATHS, FEEDBACK_PATHS, FEEDBACK_RATE } from '@playfront/contract/support';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BASE_HEADERS, makeApp, makeClock, OPERATOR_KEY, type TestApp } from '../../../../test/accounts-helpers.ts';
import { type Actor, actor } from '../../../../test/hardening/hardening-helpers.ts';
import { createTestDatabase, type TestDatabase, testDbKind } from '../../../../test/test-db.ts';
import { memberSession } from '../../funds/funds.fixtures.ts';

/**
 * Feedback through the HTTP API (issue 15): the brand's content bounds, images checked by their bytes (count, size,
 * content), trial accounts refused, the per-member limit, another member seeing nothing of mine, and the operator's
 * reply reaching the member. Every refusal stores nothing.
 */
let database: TestDatabase;
let t: TestApp;

const PNG = Buffer.concat([Buffer.from('89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c489', 'hex'), Buffer.alloc(64, 1)]);
const JPG = Buffer.concat([
  Buffer.from('ffd8ffe000104a46494600010100000100010000', 'hex'),
  Buffer.alloc(64, 2),
  Buffer.from('ffd9', 'hex'),
]);
const EXE = Buffer.concat([Buffer.from('4d5a90000300000004000000ffff0000', 'hex'), Buffer.alloc(256, 0)]);
const HTML = Buffer.from('<!doctype html><html><script>alert(document.cookie)</script></html>');
const CONTENT = 'The deposit page took a long time to show my bKash order.';

type File = { filename: string; type: string; bytes: Buffer };
function form(fields: Record<string, string>, files: File[] = []) {
  const boundary = `----pf${randomUUID().replaceAll('-', '')}`;
  const chunks: Buffer[] = [];
  for (const [name, value] of Object.entries(fields))
    chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`));
  for (const f of files) {
    chunks.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="image"; filename="${f.filename}"\r\nContent-Type: ${f.type}\r\n\r\n`,
      ),
      f.bytes,
      Buffer.from('\r\n'),
    );
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), type: `multipart/form-data; boundary=${boundary}` };
}

let ip = 0;
function send(who: Actor, fields: Record<string, string>, files: File[] = []) {
  const f = form(fields, files);
  return t.app.inject({
    method: 'PUT',
    url: FEEDBACK_PATHS.feedback,
    headers: { ...BASE_HEADERS, language: 'en', authorization: who.token, 'content-type': f.type },
    payload: f.payload,
    // Each call from its own address: what is under test is the per-member limit, not the per-address one.
    remoteAddress: `10.9.${Math.floor(++ip / 250)}.${ip % 250}`,
  });
}
const get = (url: string, token?: string) =>
  t.app.inject({ method: 'GET', url, headers: { ...BASE_HEADERS, ...(token ? { authorization: token } : {}) } });
const ops = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
  t.app.inject({ method, url, headers: { ...BASE_HEADERS, [OPERATOR_KEY_HEADER]: OPERATOR_KEY }, ...(payload ? { payload } : {}) });
const imageUrl = (path: string, feedbackId: string, imageId: string) =>
  path.replace(':feedbackId', feedbackId).replace(':imageId', imageId);
const stored = async () => {
  const f = await database.db
    .selectFrom('feedback')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .executeTakeFirstOrThrow();
  const i = await database.db
    .selectFrom('feedback_image')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .executeTakeFirstOrThrow();
  return { feedback: Number(f.n), images: Number(i.n) };
};

beforeAll(async () => {
  database = await createTestDatabase();
  t = await makeApp(database, { ARGON2_PROFILE: 'test' }, makeClock(new Date('2026-11-29T10:00:00Z')));
}, 60_000);
afterAll(async () => {
  await t?.app.close();
  await database?.close();
});

describe(`feedback (${testDbKind})`, () => {
  it('answers the types, the default bounds and the image limits; the operator changes the bounds', async () => {
    const me = await actor(database.db, t.clock.now);
    const config = (await get(FEEDBACK_PATHS.config, me.token)).json().value;
    expect(config).toEqual({
      types: ['SUGGESTION', 'DEPOSIT_WITHDRAWAL', 'GAME', 'ACCOUNT', 'OTHER'],
      minChars: 10,
      maxChars: 1000,
      maxImages: 3,
      maxImageBytes: 5 * 1024 * 1024,
      imageTypes: ['image/png', 'image/jpeg'],
    });
    const refused = await ops('PUT', FEEDBACK_OPS_PATHS.settings, { minChars: 50, maxChars: 20 });
    expect(refused.statusCode).toBe(400);
    const saved = await ops('PUT', FEEDBACK_OPS_PATHS.settings, { minChars: 20, maxChars: 60 });
    expect(saved.json().value).toEqual({ minChars: 20, maxChars: 60 });
    expect((await get(FEEDBACK_PATHS.config, me.token)).json().value).toMatchObject({ minChars: 20, maxChars: 60 });

    const short = await send(me, { type: 'GAME', content: 'Too short' });
    expect(short.statusCode).toBe(400);
    expect(short.json()).toMatchObject({
      code: 'VALIDATION',
      fields: { content: { key: 'errors.feedbackContentLength', params: { min: 20, max: 60 } } },
    });
    expect((await send(me, { type: 'GAME', content: 'x'.repeat(61) })).statusCode).toBe(400);
    // Characters as a person counts them: 20 Bengali conjuncts are 20, though each is several UTF-16 units.
    const bengali = await send(me, { type: 'GAME', content: 'ক্ষ'.repeat(20) });
    expect(bengali.statusCode, bengali.body).toBe(200);
    await ops('PUT', FEEDBACK_OPS_PATHS.settings, { minChars: 10, maxChars: 1000 });
  });

  it('stores a feedback with a png and a jpg, and lists it newest first with its images', async () => {
    const me = await actor(database.db, t.clock.now);
    const first = await send(me, { type: 'SUGGESTION', content: 'Please add more live tables in the evening.' });
    expect(first.statusCode, first.body).toBe(200);
    const res = await send(me, { type: 'DEPOSIT_WITHDRAWAL', content: CONTENT }, [
      { filename: 'a.png', type: 'image/png', bytes: PNG },
      { filename: 'b.jpg', type: 'image/jpeg', bytes: JPG },
    ]);
    expect(res.statusCode, res.body).toBe(200);
    const sent = res.json().value;
    expect(sent).toMatchObject({ type: 'DEPOSIT_WITHDRAWAL', content: CONTENT, status: 'OPEN', replies: [] });
    expect(sent.imageIds).toHaveLength(2);

    const list = (await get(`${FEEDBACK_PATHS.feedback}?pageNo=1&pageSize=10`, me.token)).json().value;
    expect(list.total).toBe(2);
    expect(list.list.map((f: { content: string }) => f.content)).toEqual([CONTENT, 'Please add more live tables in the evening.']);

    const png = await get(imageUrl(FEEDBACK_PATHS.image, sent.id, sent.imageIds[0]), me.token);
    expect(png.statusCode).toBe(200);
    expect(png.headers['content-type']).toBe('image/png');
    expect(png.headers['x-content-type-options']).toBe('nosniff');
    expect(png.rawPayload.equals(PNG)).toBe(true);
    const jpg = await get(imageUrl(FEEDBACK_PATHS.image, sent.id, sent.imageIds[1]), me.token);
    expect(jpg.headers['content-type']).toBe('image/jpeg');
  });

  it('refuses images by their content, size and count, a missing type, and stores nothing', async () => {
    const me = await actor(database.db, t.clock.now);
    const before = await stored();
    const cases: { files: File[]; fields?: Record<string, string>; status: number; code: string }[] = [
      { files: [{ filename: 'photo.png', type: 'image/png', bytes: EXE }], status: 400, code: 'FEEDBACK_IMAGE_INVALID' },
      { files: [{ filename: 'photo.jpg', type: 'image/jpeg', bytes: HTML }], status: 400, code: 'FEEDBACK_IMAGE_INVALID' },
      {
        files: [{ filename: 'big.png', type: 'image/png', bytes: Buffer.concat([PNG, Buffer.alloc(5 * 1024 * 1024)]) }],
        status: 413,
        code: 'FEEDBACK_IMAGE_TOO_LARGE',
      },
      {
        files: [PNG, PNG, JPG, JPG].map((bytes, i) => ({ filename: `${i}.png`, type: 'image/png', bytes })),
        status: 400,
        code: 'FEEDBACK_TOO_MANY_IMAGES',
      },
      { files: [], fields: { type: 'COMPLAINT', content: CONTENT }, status: 400, code: 'VALIDATION' },
    ];
    for (const c of cases) {
      const res = await send(me, c.fields ?? { type: 'GAME', content: CONTENT }, c.files);
      expect({ status: res.statusCode, code: res.json().code }).toEqual({ status: c.status, code: c.code });
      expect(res.json().message).toMatch(/^errors\./);
    }
    const notMultipart = await t.app.inject({
      method: 'PUT',
      url: FEEDBACK_PATHS.feedback,
      headers: { ...BASE_HEADERS, authorization: me.token },
      payload: { type: 'GAME', content: CONTENT },
    });
    expect(notMultipart.json().code).toBe('UNSUPPORTED_MEDIA_TYPE');
    expect(await stored()).toEqual(before);
  });

  it('refuses a trial account and a guest', async () => {
    const trial = await actor(database.db, t.clock.now, { type: 4 });
    const before = await stored();
    const res = await send(trial, { type: 'GAME', content: CONTENT });
    expect(res.json()).toMatchObject({ code: 'TRIAL_NOT_ALLOWED' });
    expect((await get(FEEDBACK_PATHS.feedback, trial.token)).json()).toMatchObject({ code: 'TRIAL_NOT_ALLOWED' });
    expect((await get(FEEDBACK_PATHS.feedback)).statusCode).toBe(401);
    expect(await stored()).toEqual(before);
  });

  it('lets a member send at most the hourly number, then refuses until the hour has passed', async () => {
    const me = await actor(database.db, t.clock.now);
    for (let i = 0; i < FEEDBACK_RATE.perHour; i++)
      expect((await send(me, { type: 'OTHER', content: `${CONTENT} ${i}` })).statusCode).toBe(200);
    const refused = await send(me, { type: 'OTHER', content: CONTENT });
    expect({ status: refused.statusCode, code: refused.json().code }).toEqual({ status: 429, code: 'FEEDBACK_TOO_FREQUENT' });
    t.clock.advance(3_600_000 + 1000);
    // The test session lasts an hour; the member logs in again.
    const again = { ...me, token: await memberSession(database.db, me.memberId, t.clock.now) };
    expect((await send(again, { type: 'OTHER', content: CONTENT })).statusCode).toBe(200);
    // Another member is not held back by this one.
    expect((await send(await actor(database.db, t.clock.now), { type: 'OTHER', content: CONTENT })).statusCode).toBe(200);
  });

  it('stores exactly the hourly number when a member sends many at the same moment', async () => {
    const me = await actor(database.db, t.clock.now);
    const answers = await Promise.all(
      Array.from({ length: FEEDBACK_RATE.perHour + 3 }, (_, i) => send(me, { type: 'OTHER', content: `${CONTENT} at once ${i}` })),
    );
    const statuses = answers.map((r) => r.statusCode);
    expect(statuses.filter((s) => s === 200)).toHaveLength(FEEDBACK_RATE.perHour);
    expect(statuses.filter((s) => s === 429)).toHaveLength(3);
    const mine = await database.db.selectFrom('feedback').select('id').where('member_id', '=', me.memberId).execute();
    expect(mine).toHaveLength(FEEDBACK_RATE.perHour);
  });

  it('keeps my feedback and images from other members; the operator replies, the member sees it, then closes', async () => {
    const me = await actor(database.db, t.clock.now);
    const other = await actor(database.db, t.clock.now);
    const res = await send(me, { type: 'ACCOUNT', content: CONTENT }, [{ filename: 'a.png', type: 'image/png', bytes: PNG }]);
    const mine = res.json().value as { id: string; imageIds: string[] };
    const url = imageUrl(FEEDBACK_PATHS.image, mine.id, mine.imageIds[0]!);

    expect((await get(FEEDBACK_PATHS.feedback, other.token)).json().value).toEqual({ list: [], total: 0 });
    expect((await get(url, other.token)).json()).toMatchObject({ code: 'NOT_FOUND' });
    expect((await get(url)).statusCode).toBe(401);
    // The operator key alone is not a member session; the operator has its own image call.
    expect((await ops('GET', url)).statusCode).toBe(401);
    const opsImage = await ops('GET', imageUrl(FEEDBACK_OPS_PATHS.image, mine.id, mine.imageIds[0]!));
    expect(opsImage.statusCode).toBe(200);
    expect(opsImage.rawPayload.equals(PNG)).toBe(true);

    const open = (await ops('GET', `${FEEDBACK_OPS_PATHS.list}?status=OPEN&pageSize=50`)).json().value;
    expect(open.list.find((f: { id: string }) => f.id === mine.id)).toMatchObject({ username: me.username, status: 'OPEN' });

    const replyUrl = FEEDBACK_OPS_PATHS.reply.replace(':feedbackId', mine.id);
    const replied = await ops('POST', replyUrl, { content: 'Thank you, we have checked your account and all is well.' });
    expect(replied.statusCode, replied.body).toBe(200);
    expect(replied.json().value.status).toBe('ANSWERED');

    const seen = (await get(FEEDBACK_PATHS.feedback, me.token)).json().value.list[0];
    expect(seen).toMatchObject({
      id: mine.id,
      status: 'ANSWERED',
      replies: [{ content: 'Thank you, we have checked your account and all is well.' }],
    });
    expect((await get(FEEDBACK_PATHS.feedback, other.token)).body).not.toContain('checked your account');

    const closed = await ops('POST', FEEDBACK_OPS_PATHS.close.replace(':feedbackId', mine.id));
    expect(closed.json().value.status).toBe('CLOSED');
    expect((await ops('POST', replyUrl, { content: 'Another' })).json()).toMatchObject({ code: 'FEEDBACK_CLOSED' });
    expect((await get(FEEDBACK_PATHS.feedback, me.token)).json().value.list[0].status).toBe('CLOSED');
    expect((await ops('POST', FEEDBACK_OPS_PATHS.close.replace(':feedbackId', '999999999'))).json()).toMatchObject({
      code: 'FEEDBACK_NOT_FOUND',
    });
  });
});

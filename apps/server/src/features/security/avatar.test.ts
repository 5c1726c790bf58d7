import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { AVATAR_MAX_BYTES, AVATAR_PATHS, avatarSrc } from '@playfront/contract/avatar-paths';
import { SECURITY_PATHS } from '@playfront/contract/security';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BASE_HEADERS, makeApp, type TestApp } from '../../../test/accounts-helpers.ts';
import { type Actor, actor, translated } from '../../../test/hardening/hardening-helpers.ts';
import { createTestDatabase, type TestDatabase, testDbKind } from '../../../test/test-db.ts';

/**
 * Profile pictures (issue 15, decision 052): an upload is checked by its bytes, decoded and made a 256 px webp without
 * metadata, kept outside the web root and served under its hash for good; every refusal changes nothing.
 */
let database: TestDatabase;
let t: TestApp;
let dir: string;
let photo: Buffer;

beforeAll(async () => {
  database = await createTestDatabase();
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'avatars-test-'));
  t = await makeApp(database, { ARGON2_PROFILE: 'test', RATE_LIMIT_PER_MINUTE: '100000000', AVATAR_STORAGE_DIR: dir });
  // A landscape "photo" with a camera's metadata (EXIF with a GPS position), as a phone sends it.
  photo = await sharp({ create: { width: 640, height: 400, channels: 3, background: '#2a6f97' } })
    .withExif({ IFD0: { Make: 'PhoneCam', Model: 'X1' }, IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '23/1 48/1 0/1' } })
    .jpeg()
    .toBuffer();
}, 120_000);

afterAll(async () => {
  await t?.app.close();
  await database?.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

function upload(who: Actor | undefined, bytes: Buffer, filename = 'me.png', field = 'avatar') {
  const boundary = `----av${Math.random().toString(16).slice(2)}`;
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${filename}"\r\nContent-Type: image/png\r\n\r\n`,
    ),
    bytes,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return t.app.inject({
    method: 'POST',
    url: AVATAR_PATHS.upload,
    headers: {
      ...BASE_HEADERS,
      ...(who ? { authorization: who.token } : {}),
      'content-type': `multipart/form-data; boundary=${boundary}`,
    },
    payload,
  });
}
const avatarOf = async (who: Actor) =>
  (await t.app.inject({ method: 'GET', url: SECURITY_PATHS.account, headers: { ...BASE_HEADERS, authorization: who.token } })).json().value
    .avatar as string;
const stored = () => fs.readdirSync(dir).sort();
const picture = (avatar: string) => t.app.inject({ method: 'GET', url: avatarSrc(avatar) ?? '/none' });

/** A png whose header claims width × height pixels (with right checksums) and whose data is a few bytes. */
function pngClaiming(width: number, height: number): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const out = Buffer.alloc(12 + data.length);
    out.writeUInt32BE(data.length, 0);
    body.copy(out, 4);
    out.writeUInt32BE(zlib.crc32(body), 8 + data.length);
    return out;
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr.set([8, 2, 0, 0, 0], 8);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', zlib.deflateSync(Buffer.alloc(64))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

describe(`avatar upload (${testDbKind})`, () => {
  it('makes a photo a 256 px square webp without its metadata, served under its hash with long-lived caching', async () => {
    const me = await actor(database.db, t.clock.now);
    const res = await upload(me, photo, 'holiday.jpg');
    expect(res.statusCode, res.body).toBe(200);
    const avatar = res.json().value.avatar as string;
    expect(avatar).toMatch(/^u-[0-9a-f]{40}$/);
    expect(await avatarOf(me)).toBe(avatar);
    // The header's member info carries it too.
    const info = await t.app.inject({ method: 'GET', url: '/wps/member/info', headers: { ...BASE_HEADERS, authorization: me.token } });
    expect(info.json().value.avatar).toBe(avatar);

    const served = await picture(avatar);
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/webp');
    expect(served.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(served.headers['x-content-type-options']).toBe('nosniff');
    const meta = await sharp(served.rawPayload).metadata();
    expect(meta).toMatchObject({ format: 'webp', width: 256, height: 256 });
    expect(meta.exif).toBeUndefined();
    expect(served.rawPayload.includes(Buffer.from('PhoneCam'))).toBe(false);
    // Kept in the storage directory (outside the web root) under its hash, readable by the server only.
    expect(stored()).toEqual([`${avatar.slice(2)}.webp`]);
    expect(fs.statSync(path.join(dir, `${avatar.slice(2)}.webp`)).mode & 0o777).toBe(0o600);

    // png and webp are accepted as well; each new picture is a new URL and the one it replaced is gone.
    for (const format of ['png', 'webp'] as const) {
      const bytes = await sharp({ create: { width: 300, height: 900, channels: 4, background: format === 'png' ? '#ffcc00' : '#00cc88' } })
        [format]()
        .toBuffer();
      const before = await avatarOf(me);
      const next = await upload(me, bytes, `tall.${format}`);
      expect(next.statusCode, next.body).toBe(200);
      const now = next.json().value.avatar as string;
      expect(now).not.toBe(before);
      expect((await picture(before)).statusCode).toBe(404);
      expect(stored()).toEqual([`${now.slice(2)}.webp`]);
    }

    // Choosing a built-in icon again removes the uploaded picture; the form may send the current picture back unchanged.
    const current = await avatarOf(me);
    const same = await t.app.inject({
      method: 'PUT',
      url: SECURITY_PATHS.account,
      headers: { ...BASE_HEADERS, authorization: me.token },
      payload: { avatar: current, nickname: 'Picture Person' },
    });
    expect(same.statusCode, same.body).toBe(200);
    expect(same.json().value).toMatchObject({ avatar: current, nickname: 'Picture Person' });
    expect(stored()).toHaveLength(1);
    const icon = await t.app.inject({
      method: 'PUT',
      url: SECURITY_PATHS.account,
      headers: { ...BASE_HEADERS, authorization: me.token },
      payload: { avatar: 'avatar-05' },
    });
    expect(icon.json().value.avatar).toBe('avatar-05');
    expect(stored()).toEqual([]);
    expect((await picture(current)).statusCode).toBe(404);
    // Another member's uploaded value cannot be taken by name.
    const other = await actor(database.db, t.clock.now);
    const theirs = (await upload(other, photo)).json().value.avatar as string;
    const taken = await t.app.inject({
      method: 'PUT',
      url: SECURITY_PATHS.account,
      headers: { ...BASE_HEADERS, authorization: me.token },
      payload: { avatar: theirs },
    });
    expect(taken.statusCode).toBe(400);
    expect(await avatarOf(me)).toBe('avatar-05');
  });

  it('refuses a disguised file, a too large one and one that does not open, with a translated error, changing nothing', async () => {
    const me = await actor(database.db, t.clock.now);
    const first = (await upload(me, photo)).json().value.avatar as string;
    const files = stored();
    const gif = Buffer.from('R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7', 'base64');
    const tooLarge = Buffer.concat([photo, Buffer.alloc(AVATAR_MAX_BYTES, 7)]);
    const cases: [string, Buffer, string, number, string][] = [
      ['a gif named .png', gif, 'me.png', 400, 'AVATAR_IMAGE_INVALID'],
      ['a web page named .jpg', Buffer.from('<html><script>alert(1)</script></html>'), 'me.jpg', 400, 'AVATAR_IMAGE_INVALID'],
      [
        'an svg (it could carry script)',
        Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>1</script></svg>'),
        'me.svg',
        400,
        'AVATAR_IMAGE_INVALID',
      ],
      [
        'a png header on garbage',
        Buffer.concat([photo.subarray(0, 0), pngClaiming(64, 64).subarray(0, 40), Buffer.alloc(500, 3)]),
        'me.png',
        400,
        'AVATAR_IMAGE_INVALID',
      ],
      ['a cut-off jpg', photo.subarray(0, Math.floor(photo.length / 3)), 'me.jpg', 400, 'AVATAR_IMAGE_INVALID'],
      ['a png claiming 100 megapixels', pngClaiming(10_000, 10_000), 'bomb.png', 400, 'AVATAR_IMAGE_INVALID'],
      ['over 2 MB', tooLarge, 'big.jpg', 413, 'AVATAR_IMAGE_TOO_LARGE'],
      ['an empty file', Buffer.alloc(0), 'none.png', 400, 'AVATAR_IMAGE_INVALID'],
    ];
    for (const [what, bytes, filename, status, code] of cases) {
      const res = await upload(me, bytes, filename);
      expect({ what, status: res.statusCode, code: res.json().code }).toEqual({ what, status, code });
      expect(translated(res.json().message)).toBe(true);
      expect(await avatarOf(me)).toBe(first);
      expect(stored()).toEqual(files);
    }
    // Only the `avatar` field counts; a made-up name finds nothing; a name outside the hash pattern reaches no file.
    expect((await upload(me, photo, 'me.jpg', 'picture')).json().code).toBe('AVATAR_IMAGE_INVALID');
    for (const url of [
      '/cdn/avatars/0123456789012345678901234567890123456789.webp',
      '/cdn/avatars/..%2F..%2Fetc%2Fpasswd',
      '/cdn/avatars/x.webp',
    ])
      expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(404);
    expect(await avatarOf(me)).toBe(first);
  });

  it('real members only: a guest and a trial account are refused before the upload is read', async () => {
    expect((await upload(undefined, photo)).json().code).toBe('NOT_LOGGED_IN');
    const trial = await actor(database.db, t.clock.now, { type: 4 });
    expect((await upload(trial, photo)).json().code).toBe('TRIAL_NOT_ALLOWED');
    expect(await avatarOf(await actor(database.db, t.clock.now))).toBe('avatar-01');
  });

  it('two uploads at once leave one picture: the avatar’s, with no file left behind', async () => {
    const me = await actor(database.db, t.clock.now);
    const before = new Set(stored());
    const pictures = await Promise.all(
      ['#aa0000', '#00aa00', '#0000aa', '#aaaa00'].map((background) =>
        sharp({ create: { width: 320, height: 320, channels: 3, background } })
          .png()
          .toBuffer(),
      ),
    );
    const answers = await Promise.all(pictures.map((p) => upload(me, p)));
    for (const a of answers) expect(a.statusCode, a.body).toBe(200);
    const avatar = await avatarOf(me);
    expect(stored().filter((f) => !before.has(f))).toEqual([`${avatar.slice(2)}.webp`]);
    expect((await picture(avatar)).statusCode).toBe(200);
  });
});

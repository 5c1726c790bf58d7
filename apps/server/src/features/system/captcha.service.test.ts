import { CaptchaResponseSchema, LIMITS, SYSTEM_PATHS } from '@playfront/contract';
import type { FastifyInstance } from 'fastify';
import svgCaptcha from 'svg-captcha';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../../test/test-db.ts';
import { buildApp } from '../../app.ts';
import { loadConfig } from '../../config.ts';
import { AppError } from '../../http/app-error.ts';
import { CAPTCHA_ALPHABET, issueCaptcha, randomCaptchaText, verifyCaptcha } from './captcha.service.ts';

type RenderSvgCaptcha = (text: string, options: Record<string, unknown>) => string;
const renderSvgCaptcha = svgCaptcha as unknown as RenderSvgCaptcha;

/** The old journeys' captcha reader: each filled letter path's command sequence names its letter; read left to right. */
function glyphMatcher() {
  const filledPath = /<path fill="[^"]+" d="([^"]+)"\s*\/>/g;
  const commands = (d: string) => d.replace(/[^A-Za-z]/g, '');
  const table = new Map<string, string>();
  for (const ch of CAPTCHA_ALPHABET) {
    const svg = renderSvgCaptcha(ch, { width: 150, height: 50, fontSize: 52, noise: 0, color: true, background: '#d2c6a8' });
    const d = [...svg.matchAll(filledPath)][0]?.[1];
    if (d) table.set(commands(d), ch);
  }
  const readGlyphs = (markup: string) =>
    [...markup.matchAll(filledPath)]
      .map((m) => ({ ch: table.get(commands(m[1] ?? '')) ?? '', x: Number(/^M\s*(-?[\d.]+)/.exec(m[1] ?? '')?.[1] ?? 0) }))
      .sort((a, b) => a.x - b.x)
      .map((c) => c.ch)
      .join('');
  return { readGlyphs };
}

let database: TestDatabase;
let clock: Date;
let app: FastifyInstance;

/**
 * One database and app for the file (decision 037): each test issues and answers its own challenges. The clock starts
 * over for every test; the test that counts every challenge in the table has a database of its own.
 */
async function open(): Promise<void> {
  database = await createTestDatabase();
  const config = loadConfig({ ...process.env, LOG_LEVEL: 'silent' } as NodeJS.ProcessEnv);
  app = await buildApp({ config, db: database.db, dbKind: database.kind, now: () => clock });
}
async function close(): Promise<void> {
  await app.close();
  await database.close();
}
beforeAll(open);
afterAll(close);
beforeEach(() => {
  clock = new Date('2026-11-22T10:00:00Z');
});

const later = (ms: number) => new Date(clock.getTime() + ms);

/** The error code verifyCaptcha fails with, or 'ok'. */
async function outcome(id: string | undefined, answer: string | undefined, now = clock): Promise<string> {
  try {
    await verifyCaptcha(database.db, id, answer, now);
    return 'ok';
  } catch (err) {
    if (err instanceof AppError) return err.code;
    throw err;
  }
}

describe('GET /wps/captcha', () => {
  it('issues a PNG raster (no glyph outlines in its markup), and keeps only a hash of the answer', async () => {
    const res = await app.inject({ method: 'GET', url: SYSTEM_PATHS.captcha });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const value = CaptchaResponseSchema.parse(res.json()).value;
    expect(value.expiresInSeconds).toBe(LIMITS.captchaTtlMs / 1000);
    expect(value.image.startsWith('data:image/png;base64,')).toBe(true);
    const png = Buffer.from(value.image.slice('data:image/png;base64,'.length), 'base64');
    expect(png.subarray(1, 4).toString('latin1')).toBe('PNG');
    // Drawn at twice its 150 × 50 display size.
    expect(png.readUInt32BE(16)).toBe(300);
    expect(png.readUInt32BE(20)).toBe(100);
    expect(png.toString('latin1')).not.toMatch(/<svg|<path/);

    const row = await database.db.selectFrom('captcha_challenge').selectAll().where('id', '=', value.captchaId).executeTakeFirstOrThrow();
    expect(row.answer_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(row.used_at).toBeNull();
    expect(row.expires_at.getTime()).toBe(clock.getTime() + LIMITS.captchaTtlMs);
  });

  it('cannot be read by the glyph matcher that read the old SVG captcha', async () => {
    // The attack (issue 18): render each letter once with the same library and match the served image's letter
    // outlines by their drawing commands. It reads an SVG drawing of the text perfectly; the served PNG has nothing to match.
    const { readGlyphs } = glyphMatcher();
    const text = randomCaptchaText();
    const svg = renderSvgCaptcha(text, { width: 150, height: 50, fontSize: 52, noise: 3, color: true, background: '#d2c6a8' });
    expect(readGlyphs(svg)).toBe(text);
    const { image } = await issueCaptcha(database.db, clock, text);
    expect(readGlyphs(Buffer.from(image.split(',')[1] ?? '', 'base64').toString('latin1'))).toBe('');
  });

  it('shows the test answer when CAPTCHA_TEST_ANSWER is set, which is refused in production', async () => {
    const testConfig = loadConfig({ ...process.env, LOG_LEVEL: 'silent', CAPTCHA_TEST_ANSWER: 'PASS' } as NodeJS.ProcessEnv);
    const testApp = await buildApp({ config: testConfig, db: database.db, dbKind: database.kind, now: () => clock });
    try {
      const res = await testApp.inject({ method: 'GET', url: SYSTEM_PATHS.captcha });
      const { captchaId, image } = CaptchaResponseSchema.parse(res.json()).value;
      // The answer is known here: it is in neither the answer's markup nor the image's bytes (issue 18, lane B).
      const png = Buffer.from(image.slice('data:image/png;base64,'.length), 'base64').toString('latin1');
      for (const text of [res.body, png]) expect(text.toUpperCase()).not.toContain('PASS');
      expect(await outcome(captchaId, 'pass')).toBe('ok');
      // Still single use, like every answer.
      expect(await outcome(captchaId, 'PASS')).toBe('CAPTCHA_INVALID');
    } finally {
      await testApp.close();
    }
    expect(() => loadConfig({ NODE_ENV: 'production', CAPTCHA_TEST_ANSWER: 'PASS' } as NodeJS.ProcessEnv)).toThrow(/CAPTCHA_TEST_ANSWER/);
  });

  it('expires by the injectable clock: an answer after the TTL is refused as expired', async () => {
    const { captchaId } = CaptchaResponseSchema.parse((await app.inject({ method: 'GET', url: SYSTEM_PATHS.captcha })).json()).value;
    clock = later(LIMITS.captchaTtlMs + 1000);
    expect(await outcome(captchaId, 'AAAA', app.deps.now())).toBe('CAPTCHA_EXPIRED');
  });
});

describe('GET /wps/captcha rate limit', () => {
  it('allows 60 images a minute per address, then answers 429 TOO_MANY_REQUESTS', async () => {
    const codes: number[] = [];
    for (let i = 0; i < 61; i++)
      codes.push((await app.inject({ method: 'GET', url: SYSTEM_PATHS.captcha, remoteAddress: '192.0.2.77' })).statusCode);
    expect(codes.slice(0, 60).every((c) => c === 200)).toBe(true);
    const last = await app.inject({ method: 'GET', url: SYSTEM_PATHS.captcha, remoteAddress: '192.0.2.77' });
    expect(last.statusCode).toBe(429);
    expect(last.json()).toMatchObject({ success: false, code: 'TOO_MANY_REQUESTS' });
    // Another address is not affected.
    expect((await app.inject({ method: 'GET', url: SYSTEM_PATHS.captcha, remoteAddress: '192.0.2.78' })).statusCode).toBe(200);
  });
});

describe('verifyCaptcha', () => {
  it('accepts the right answer once, case-insensitively, then refuses it', async () => {
    const { captchaId } = await issueCaptcha(database.db, clock, 'K7MP');
    expect(await outcome(captchaId, ' k7mp ')).toBe('ok');
    expect(await outcome(captchaId, 'K7MP')).toBe('CAPTCHA_INVALID');
  });

  it('refuses a wrong answer, and the challenge is then spent', async () => {
    const { captchaId } = await issueCaptcha(database.db, clock, 'K7MP');
    expect(await outcome(captchaId, 'K7MN')).toBe('CAPTCHA_INVALID');
    expect(await outcome(captchaId, 'K7MP')).toBe('CAPTCHA_INVALID');
  });

  it('accepts just before expiry and refuses as expired just after', async () => {
    const first = await issueCaptcha(database.db, clock, 'WXYZ');
    expect(await outcome(first.captchaId, 'wxyz', later(LIMITS.captchaTtlMs - 1))).toBe('ok');
    const second = await issueCaptcha(database.db, clock, 'WXYZ');
    expect(await outcome(second.captchaId, 'wxyz', later(LIMITS.captchaTtlMs))).toBe('CAPTCHA_EXPIRED');
  });

  it('asks for the captcha when id or answer is missing, and refuses unknown ids', async () => {
    const { captchaId } = await issueCaptcha(database.db, clock, 'K7MP');
    expect(await outcome(undefined, 'K7MP')).toBe('CAPTCHA_REQUIRED');
    expect(await outcome(captchaId, '')).toBe('CAPTCHA_REQUIRED');
    expect(await outcome(captchaId, '   ')).toBe('CAPTCHA_REQUIRED');
    expect(await outcome('not-a-uuid', 'K7MP')).toBe('CAPTCHA_INVALID');
    expect(await outcome('00000000-0000-4000-8000-000000000000', 'K7MP')).toBe('CAPTCHA_INVALID');
    // None of that touched the real challenge.
    expect(await outcome(captchaId, 'K7MP')).toBe('ok');
  });

  it('lets only one of two simultaneous answers through', async () => {
    const { captchaId } = await issueCaptcha(database.db, clock, 'K7MP');
    const results = await Promise.all([outcome(captchaId, 'K7MP'), outcome(captchaId, 'k7mp')]);
    expect(results.sort()).toEqual(['CAPTCHA_INVALID', 'ok']);
  });

  describe('on a database of its own', () => {
    let shared: [TestDatabase, FastifyInstance];
    beforeEach(async () => {
      shared = [database, app];
      await open();
    });
    afterEach(async () => {
      await close();
      [database, app] = shared;
    });

    it('sweeps challenges expired for more than a day when a new one is issued', async () => {
      const old = await issueCaptcha(database.db, clock, 'AAAA');
      const recent = await issueCaptcha(database.db, later(23 * 60 * 60 * 1000), 'BBBB');
      await issueCaptcha(database.db, later(24 * 60 * 60 * 1000 + LIMITS.captchaTtlMs + 1000), 'CCCC');
      const ids = (await database.db.selectFrom('captcha_challenge').select('id').execute()).map((r) => r.id);
      expect(ids).not.toContain(old.captchaId);
      expect(ids).toContain(recent.captchaId);
      expect(ids).toHaveLength(2);
    });
  });
});

describe('randomCaptchaText', () => {
  it('draws 4 characters from the alphabet without look-alikes', () => {
    const seen = new Set<string>();
    for (let i = 0; i < 500; i++) {
      const text = randomCaptchaText();
      expect(text).toMatch(/^[A-Z0-9]{4}$/);
      for (const c of text) seen.add(c);
    }
    for (const c of seen) expect(CAPTCHA_ALPHABET).toContain(c);
    for (const lookAlike of ['0', 'O', '1', 'I', 'L', '5', 'S', '8', 'B']) expect(seen.has(lookAlike)).toBe(false);
    // 2000 draws over 22 symbols: every symbol shows up.
    expect(seen.size).toBe(CAPTCHA_ALPHABET.length);
  });
});

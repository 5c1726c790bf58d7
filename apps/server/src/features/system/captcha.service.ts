import { createHash, randomInt, randomUUID, timingSafeEqual } from 'node:crypto';
import { LIMITS } from '@playfront/contract';
import sharp from 'sharp';
import svgCaptcha from 'svg-captcha';
import type { Db } from '../../db/database.ts';
import { AppError } from '../../http/app-error.ts';

/**
 * Image captchas. The answer never leaves the server in clear: only its
 * SHA-256 is stored, each challenge answers one attempt (right or wrong), and
 * it expires after LIMITS.captchaTtlMs. The image is a PNG raster of the drawn
 * text: an SVG would carry each letter as a path a short program can match
 * (the project's own journeys once did), a raster carries only pixels.
 */

/** Upper-case letters and digits with the look-alikes removed (0/O/Q/D… 1/I/L, 2/Z, 5/S, 6/G, 8/B). */
export const CAPTCHA_ALPHABET = 'ACEFHJKMNPRTUVWXY34679';
export const CAPTCHA_LENGTH = 4;
/** Rows expired for longer than this are deleted on the next issue. */
const SWEEP_AFTER_MS = 24 * 60 * 60 * 1000;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

type SvgCaptchaOptions = NonNullable<Parameters<typeof svgCaptcha.create>[0]>;
/**
 * svg-captcha's default export renders a given text. Its typings only declare
 * `create`, which picks the text with Math.random; we choose the text with
 * crypto.randomInt instead, so it cannot be predicted from earlier images.
 */
const renderCaptcha = svgCaptcha as unknown as (text: string, options: SvgCaptchaOptions) => string;

const hashAnswer = (answer: string) => createHash('sha256').update(answer.trim().toLowerCase(), 'utf8').digest();

export type IssuedCaptcha = { captchaId: string; image: string; expiresInSeconds: number };

export function randomCaptchaText(): string {
  let text = '';
  for (let i = 0; i < CAPTCHA_LENGTH; i++) text += CAPTCHA_ALPHABET[randomInt(CAPTCHA_ALPHABET.length)];
  return text;
}

export async function issueCaptcha(db: Db, now: Date, text: string = randomCaptchaText()): Promise<IssuedCaptcha> {
  // Opportunistic clean-up: no scheduler needed, and the index on expires_at keeps it cheap.
  await db
    .deleteFrom('captcha_challenge')
    .where('expires_at', '<', new Date(now.getTime() - SWEEP_AFTER_MS))
    .execute();

  // svg-captcha colours letters 25-45% darker than the background: a mid-tone
  // background gives dark, saturated letters with enough contrast to read.
  const svg = renderCaptcha(text, { width: 150, height: 50, fontSize: 52, noise: 3, color: true, background: '#d2c6a8' });
  // Drawn at twice the size it shows (150 × 50 CSS pixels), so it stays sharp on phone screens.
  const png = await sharp(Buffer.from(svg, 'utf8'), { density: 144 }).png({ compressionLevel: 9, palette: true }).toBuffer();
  const captchaId = randomUUID();
  await db
    .insertInto('captcha_challenge')
    .values({
      id: captchaId,
      answer_hash: hashAnswer(text).toString('hex'),
      created_at: now,
      expires_at: new Date(now.getTime() + LIMITS.captchaTtlMs),
      used_at: null,
    })
    .execute();
  return {
    captchaId,
    image: `data:image/png;base64,${png.toString('base64')}`,
    expiresInSeconds: Math.round(LIMITS.captchaTtlMs / 1000),
  };
}

/**
 * Checks a captcha answer; case-insensitive, single use. The challenge is
 * consumed by a conditional UPDATE before the answer is compared, so two
 * concurrent attempts cannot both pass and a wrong guess burns the challenge
 * (the client then loads a new image).
 *
 * Throws AppError CAPTCHA_REQUIRED (id or answer missing), CAPTCHA_EXPIRED
 * (unused but past its time) or CAPTCHA_INVALID (wrong, unknown or already used).
 */
export async function verifyCaptcha(
  db: Db,
  captchaId: string | null | undefined,
  answer: string | null | undefined,
  now: Date,
): Promise<void> {
  const id = captchaId?.trim() ?? '';
  const given = answer?.trim() ?? '';
  if (!id || !given) throw new AppError('CAPTCHA_REQUIRED');
  if (!UUID.test(id)) throw new AppError('CAPTCHA_INVALID');

  const consumed = await db
    .updateTable('captcha_challenge')
    .set({ used_at: now })
    .where('id', '=', id)
    .where('used_at', 'is', null)
    .where('expires_at', '>', now)
    .returning('answer_hash')
    .executeTakeFirst();

  if (!consumed) {
    const row = await db.selectFrom('captcha_challenge').select(['used_at', 'expires_at']).where('id', '=', id).executeTakeFirst();
    if (row && row.used_at === null && row.expires_at <= now) throw new AppError('CAPTCHA_EXPIRED');
    throw new AppError('CAPTCHA_INVALID');
  }
  const expected = Buffer.from(consumed.answer_hash, 'hex');
  if (!timingSafeEqual(expected, hashAnswer(given))) throw new AppError('CAPTCHA_INVALID');
}

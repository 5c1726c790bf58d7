import { createRequire } from 'node:module';
import path from 'node:path';

/**
 * Reads the site's image captcha, for the journeys only. The server draws it
 * with svg-captcha: each character is one filled <path> whose sequence of
 * drawing commands is its glyph's, whatever the jitter, colour or position;
 * noise lines are unfilled. So the reader renders each character of the
 * server's alphabet once with the same library, and matches the served
 * paths by their command sequence, left to right.
 *
 * This also shows what the captcha is worth against a determined script
 * (see the report to the server engineer): it slows people, not bots.
 */
type RenderCaptcha = (text: string, options: Record<string, unknown>) => string;

// The server's dependency, loaded from the server workspace so the journeys need no copy of their own.
const require = createRequire(path.resolve(import.meta.dirname, '../../apps/server/package.json'));
const renderCaptcha = require('svg-captcha') as RenderCaptcha;

/** The server's CAPTCHA_ALPHABET (captcha.service.ts). */
const ALPHABET = 'ACEFHJKMNPRTUVWXY34679';
const FILLED_PATH = /<path fill="[^"]+" d="([^"]+)"\s*\/>/g;
const commands = (d: string) => d.replace(/[^A-Za-z]/g, '');

let glyphs: Map<string, string> | undefined;
function glyphTable(): Map<string, string> {
  if (glyphs) return glyphs;
  glyphs = new Map();
  for (const ch of ALPHABET) {
    const svg = renderCaptcha(ch, { width: 150, height: 50, fontSize: 52, noise: 0, color: true, background: '#d2c6a8' });
    const d = [...svg.matchAll(FILLED_PATH)][0]?.[1];
    if (!d) throw new Error(`svg-captcha drew no path for ${ch}`);
    glyphs.set(commands(d), ch);
  }
  if (glyphs.size !== ALPHABET.length) throw new Error('two captcha characters share a glyph outline');
  return glyphs;
}

/** The answer of a captcha image given as a `data:image/svg+xml;base64,…` URL. */
export function readCaptcha(dataUrl: string): string {
  const base64 = dataUrl.replace(/^data:image\/svg\+xml;base64,/, '');
  const svg = Buffer.from(base64, 'base64').toString('utf8');
  const table = glyphTable();
  const chars = [...svg.matchAll(FILLED_PATH)].map((m) => {
    const d = m[1] ?? '';
    const ch = table.get(commands(d));
    if (!ch) throw new Error('unknown glyph in captcha');
    return { ch, x: Number(/^M\s*(-?[\d.]+)/.exec(d)?.[1] ?? 0) };
  });
  return chars
    .sort((a, b) => a.x - b.x)
    .map((c) => c.ch)
    .join('');
}

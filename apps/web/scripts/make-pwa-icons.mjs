// Draws the installable site's icons (apps/web/public/icons) from the brand's gold chip mark (ui/logo.tsx).
// Run once after the mark changes: `node apps/web/scripts/make-pwa-icons.mjs`; the PNGs are committed.
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';

const out = join(dirname(fileURLToPath(import.meta.url)), '..', 'public', 'icons');
mkdirSync(out, { recursive: true });

const BG = '#0b1120'; // the dark theme's --bg, as theme/background colour in the manifest
const mark = (scale) => `
  <g transform="translate(256 256) scale(${scale}) translate(-16 -16)">
    <circle cx="16" cy="16" r="15" fill="url(#gold)"/>
    <circle cx="16" cy="16" r="11" fill="none" stroke="#1a1200" stroke-opacity=".35" stroke-width="1.5" stroke-dasharray="3 3"/>
    <path d="M12 9.5h5.5a4.5 4.5 0 0 1 0 9H14.5V23H12z M14.5 12v4h3a2 2 0 0 0 0-4z" fill="#1a1200" fill-rule="evenodd"/>
  </g>`;
const svg = ({ rounded, scale }) => `<svg xmlns="http://www.w3.org/2000/svg" width="512" height="512" viewBox="0 0 512 512">
  <defs><linearGradient id="gold" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#ffd978"/><stop offset="1" stop-color="#d4902a"/></linearGradient></defs>
  <rect width="512" height="512" ${rounded ? 'rx="112"' : ''} fill="${BG}"/>
  ${mark(scale)}
</svg>`;

// "any": the mark fills most of a rounded tile. "maskable": full-bleed background, the mark inside the 80 % safe zone.
const any = Buffer.from(svg({ rounded: true, scale: 13 }));
const maskable = Buffer.from(svg({ rounded: false, scale: 9.5 }));
for (const size of [192, 512]) {
  await sharp(any)
    .resize(size, size)
    .png()
    .toFile(join(out, `icon-${size}.png`));
  await sharp(maskable)
    .resize(size, size)
    .png()
    .toFile(join(out, `maskable-${size}.png`));
}
await sharp(any).resize(180, 180).flatten({ background: BG }).png().toFile(join(out, 'apple-touch-icon.png'));
writeFileSync(join(out, 'icon.svg'), svg({ rounded: true, scale: 13 }));
console.log('icons written to', out);

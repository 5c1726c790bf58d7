import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import zlib from 'node:zlib';
import * as hb from 'harfbuzzjs';

/**
 * The demo art's words drawn as outlines (decision 072). An SVG shown through <img> is an isolated document that the
 * browser lays out on the page's main thread, and its <text> is shaped there, with font fallback, on every banner
 * and game tile a phone shows; it cannot use the page's web font either, so a device without a Bengali font draws
 * boxes. So each <text> the art generators write is shaped here, with HarfBuzz and the Noto Sans Bengali files the
 * web app already ships (@fontsource: a Bengali, a Latin and a Latin-extended subset per weight), and replaced by
 * one <path> in the same place, with the same fill, stroke and opacity. A word none of the files covers (a card
 * suit) keeps its <text>.
 */

type Subset = 'bengali' | 'latin' | 'latin-ext';
type Face = { font: hb.Font; covers: Set<number>; upem: number; paths: Map<number, number[][]> };

const fontFiles = path.join(path.dirname(createRequire(import.meta.url).resolve('@fontsource/noto-sans-bengali/package.json')), 'files');
const faces = new Map<string, Face>();
/** Weights the fonts come in that the art uses; any other asks for the nearest. */
const WEIGHTS = [400, 700, 800, 900] as const;

/** WOFF 1.0 to the plain OpenType file HarfBuzz reads: each table inflated, the directory rewritten. */
export function woffToSfnt(woff: Buffer): Buffer {
  const flavor = woff.readUInt32BE(4);
  const count = woff.readUInt16BE(12);
  const selector = Math.floor(Math.log2(count));
  const searchRange = 2 ** selector * 16;
  const head = Buffer.alloc(12 + 16 * count);
  head.writeUInt32BE(flavor, 0);
  head.writeUInt16BE(count, 4);
  head.writeUInt16BE(searchRange, 6);
  head.writeUInt16BE(selector, 8);
  head.writeUInt16BE(count * 16 - searchRange, 10);
  const tables: Buffer[] = [];
  let offset = head.length;
  for (let i = 0; i < count; i++) {
    const entry = 44 + i * 20;
    const at = woff.readUInt32BE(entry + 4);
    const stored = woff.readUInt32BE(entry + 8);
    const length = woff.readUInt32BE(entry + 12);
    const raw = woff.subarray(at, at + stored);
    const data = stored < length ? zlib.inflateSync(raw) : raw;
    const padded = Buffer.alloc((data.length + 3) & ~3);
    data.copy(padded);
    head.writeUInt32BE(woff.readUInt32BE(entry), 12 + i * 16);
    head.writeUInt32BE(woff.readUInt32BE(entry + 16), 16 + i * 16);
    head.writeUInt32BE(offset, 20 + i * 16);
    head.writeUInt32BE(data.length, 24 + i * 16);
    tables.push(padded);
    offset += padded.length;
  }
  return Buffer.concat([head, ...tables]);
}

function faceOf(subset: Subset, weight: number): Face {
  const key = `${subset}-${weight}`;
  let face = faces.get(key);
  if (!face) {
    const file = path.join(fontFiles, `noto-sans-bengali-${subset}-${weight}-normal.woff`);
    const hbFace = new hb.Face(new hb.Blob(woffToSfnt(fs.readFileSync(file))));
    face = { font: new hb.Font(hbFace), covers: new Set(hbFace.collectUnicodes()), upem: hbFace.upem, paths: new Map() };
    faces.set(key, face);
  }
  return face;
}

const nearestWeight = (weight: number) =>
  WEIGHTS.reduce((best, w) => (Math.abs(w - weight) < Math.abs(best - weight) ? w : best), WEIGHTS[0] as number);

/** Which file draws a character: Bengali letters from the Bengali subset, the rest from the Latin ones. */
function subsetFor(code: number, weight: number): Subset | null {
  const order: Subset[] =
    (code >= 0x980 && code <= 0x9ff) || code === 0x200c || code === 0x200d ? ['bengali'] : ['latin', 'latin-ext', 'bengali'];
  return order.find((s) => faceOf(s, weight).covers.has(code)) ?? null;
}

/** A glyph's outline as lists of numbers per command, in font units (y up): [command letter code, x, y, ...]. */
function glyphCommands(face: Face, glyph: number): number[][] {
  let commands = face.paths.get(glyph);
  if (!commands) {
    commands = [];
    for (const m of face.font.glyphToPath(glyph).matchAll(/([MLQCZ])([^MLQCZ]*)/g)) {
      const numbers = (m[2] as string).match(/-?\d*\.?\d+(?:e-?\d+)?/g) ?? [];
      commands.push([(m[1] as string).charCodeAt(0), ...numbers.map(Number)]);
    }
    face.paths.set(glyph, commands);
  }
  return commands;
}

export type OutlineRequest = {
  text: string;
  x: number;
  y: number;
  size: number;
  weight: number;
  anchor: 'start' | 'middle' | 'end';
  /** SVG's dominant-baseline="central": y is the middle of the line, not its baseline. */
  central: boolean;
  letterSpacing: number;
};

/** Path data drawing `text` as the browser would place it, or null when a character has no glyph in the files. */
export function outlineText(request: OutlineRequest): string | null {
  const weight = nearestWeight(request.weight);
  // Runs of characters drawn from one file, shaped together (Bengali conjuncts need their whole word).
  const runs: { subset: Subset; text: string }[] = [];
  for (const char of request.text) {
    const code = char.codePointAt(0) as number;
    const last = runs.at(-1);
    const subset = char === ' ' && last ? last.subset : subsetFor(code, weight);
    if (!subset) return null;
    if (last?.subset === subset) last.text += char;
    else runs.push({ subset, text: char });
  }
  const placed: { face: Face; glyph: number; x: number; y: number }[] = [];
  let cursor = 0;
  let scale = 1;
  let central = 0;
  for (const run of runs) {
    const face = faceOf(run.subset, weight);
    scale = request.size / face.upem;
    const buffer = new hb.Buffer();
    buffer.addText(run.text);
    buffer.guessSegmentProperties();
    hb.shape(face.font, buffer);
    const infos = buffer.getGlyphInfos();
    const positions = buffer.getGlyphPositions();
    infos.forEach((info, i) => {
      const at = positions[i] as hb.GlyphPosition;
      placed.push({ face, glyph: info.codepoint, x: cursor + at.xOffset * scale, y: at.yOffset * scale });
      cursor += at.xAdvance * scale + (at.xAdvance ? request.letterSpacing : 0);
    });
    if (request.central) {
      const { ascender, descender } = face.font.hExtents();
      central = ((ascender + descender) / 2) * scale;
    }
  }
  if (placed.some((p) => p.glyph === 0)) return null;
  const width = cursor - (placed.length ? request.letterSpacing : 0);
  const left = request.x - (request.anchor === 'middle' ? width / 2 : request.anchor === 'end' ? width : 0);
  const baseline = request.y + central;
  // Written compactly, as an SVG optimiser would: tenths of a unit, relative moves after each glyph's first point,
  // a command letter only where it changes. The numbers are worked in whole tenths, so nothing drifts.
  const path = new CompactPath();
  for (const p of placed) {
    const k = request.size / p.face.upem;
    for (const [command, ...numbers] of glyphCommands(p.face, p.glyph)) {
      const points: [number, number][] = [];
      for (let i = 0; i < numbers.length; i += 2) {
        points.push([
          Math.round((left + p.x + (numbers[i] as number) * k) * 10),
          Math.round((baseline - p.y - (numbers[i + 1] as number) * k) * 10),
        ]);
      }
      path.add(String.fromCharCode(command as number), points);
    }
  }
  return path.toString();
}

/** SVG path data from absolute points in tenths: the first move absolute, everything after it relative. */
class CompactPath {
  private out = '';
  private last = '';
  private x = 0;
  private y = 0;
  private startX = 0;
  private startY = 0;

  add(command: string, points: [number, number][]): void {
    if (command === 'Z') {
      this.write('z', []);
      this.x = this.startX;
      this.y = this.startY;
      return;
    }
    const relative = this.out === '' && command === 'M' ? 'M' : command.toLowerCase();
    const numbers: number[] = [];
    for (const [x, y] of points) numbers.push(relative === 'M' ? x : x - this.x, relative === 'M' ? y : y - this.y);
    const [endX, endY] = points.at(-1) as [number, number];
    this.write(relative, numbers);
    this.x = endX;
    this.y = endY;
    if (command === 'M') {
      this.startX = endX;
      this.startY = endY;
    }
  }

  private write(letter: string, numbers: number[]): void {
    // A repeated l, q or c may leave its letter out (a repeated m would mean l).
    let text = letter === this.last && letter !== 'm' && letter !== 'z' ? '' : letter;
    this.last = letter;
    for (const n of numbers) {
      const value = String(n / 10).replace(/^(-?)0\./, '$1.');
      const needsGap = text !== '' && !value.startsWith('-') && !/[a-zA-Z]$/.test(text);
      text += (needsGap ? ' ' : '') + value;
    }
    if (text !== '' && this.out !== '' && !/^[a-zA-Z-]/.test(text) && !/[a-zA-Z]$/.test(this.out)) text = ` ${text}`;
    this.out += text;
  }

  toString(): string {
    return this.out;
  }
}

const unescapeXml = (text: string) =>
  text.replace(
    /&(amp|lt|gt|quot|apos|#39);/g,
    (_, name: string) => ({ amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", '#39': "'" })[name] as string,
  );

/** Attributes that place and shape the words; the rest (fill, stroke, opacity…) move to the path as they are. */
const TEXT_ONLY = new Set(['x', 'y', 'text-anchor', 'dominant-baseline', 'font-family', 'font-weight', 'font-size', 'letter-spacing']);

/**
 * Every <text> of an SVG the art generators wrote (double-quoted attributes, escaped words, no nested elements)
 * replaced by its outline.
 */
export function outlineTexts(svg: string): string {
  return svg.replace(/<text\b([^>]*)>([^<]*)<\/text>/g, (whole, attributeText: string, words: string) => {
    const attributes = new Map([...attributeText.matchAll(/([\w:-]+)="([^"]*)"/g)].map((m) => [m[1] as string, m[2] as string]));
    const number = (name: string, fallback: number) => (attributes.has(name) ? Number(attributes.get(name)) : fallback);
    const anchor = attributes.get('text-anchor');
    const d = outlineText({
      text: unescapeXml(words),
      x: number('x', 0),
      y: number('y', 0),
      size: number('font-size', 16),
      weight: number('font-weight', 400),
      anchor: anchor === 'middle' || anchor === 'end' ? anchor : 'start',
      central: attributes.get('dominant-baseline') === 'central',
      letterSpacing: number('letter-spacing', 0),
    });
    if (d === null) return whole;
    const kept = [...attributes].filter(([name]) => !TEXT_ONLY.has(name)).map(([name, value]) => ` ${name}="${value}"`);
    return `<path d="${d}"${kept.join('')}/>`;
  });
}

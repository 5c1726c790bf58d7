import { describe, expect, it } from 'vitest';
import { type OutlineRequest, outlineText, outlineTexts } from './text-outlines.ts';

/** The box of every point a path names (end and control points), reading its relative commands back. */
function box(d: string) {
  let x = 0;
  let y = 0;
  let startX = 0;
  let startY = 0;
  let command = '';
  const xs: number[] = [];
  const ys: number[] = [];
  // Numbers grouped by their command's arity (a repeated command leaves its letter out).
  const arity: Record<string, number> = { M: 2, m: 2, l: 2, q: 4, c: 6 };
  const groups = d.match(/[Mmlqcz][^Mmlqcz]*/g) ?? [];
  for (const group of groups) {
    command = group[0] as string;
    if (command === 'z') {
      x = startX;
      y = startY;
      continue;
    }
    const numbers = (group.slice(1).match(/-?\d*\.?\d+/g) ?? []).map(Number);
    const n = arity[command] as number;
    for (let i = 0; i < numbers.length; i += n) {
      const chunk = numbers.slice(i, i + n);
      const base = command === 'M' ? [0, 0] : [x, y];
      for (let j = 0; j < chunk.length; j += 2) {
        xs.push((base[0] as number) + (chunk[j] as number));
        ys.push((base[1] as number) + (chunk[j + 1] as number));
      }
      x = xs.at(-1) as number;
      y = ys.at(-1) as number;
      if (command === 'M' || command === 'm') {
        startX = x;
        startY = y;
      }
    }
  }
  return { left: Math.min(...xs), right: Math.max(...xs), top: Math.min(...ys), bottom: Math.max(...ys) };
}

const request = (over: Partial<OutlineRequest>): OutlineRequest => ({
  text: 'H',
  x: 100,
  y: 200,
  size: 100,
  weight: 700,
  anchor: 'start',
  central: false,
  letterSpacing: 0,
  ...over,
});

describe('text outlines', () => {
  it('draws a capital on the baseline at the font size (Noto: caps 0.714 em high)', () => {
    const h = box(outlineText(request({})) as string);
    expect(h.bottom).toBeCloseTo(200, 0);
    expect(h.top).toBeCloseTo(200 - 71.4, 0);
    expect(h.left).toBeGreaterThan(100);
    expect(h.left).toBeLessThan(110);
  });

  it('places words by their anchor, as SVG text-anchor does', () => {
    const start = box(outlineText(request({ text: 'Claim now' })) as string);
    const middle = box(outlineText(request({ text: 'Claim now', anchor: 'middle' })) as string);
    const end = box(outlineText(request({ text: 'Claim now', anchor: 'end' })) as string);
    const width = start.right - start.left;
    expect(width).toBeGreaterThan(350);
    expect(middle.right - middle.left).toBeCloseTo(width, 0);
    expect((middle.left + middle.right) / 2).toBeCloseTo(100, -1);
    expect(end.right).toBeLessThanOrEqual(100);
    expect(end.right).toBeGreaterThan(95);
  });

  it('shapes Bengali: a conjunct is narrower than its letters drawn side by side, and the taka sign is drawn', () => {
    const width = (text: string) => {
      const b = box(outlineText(request({ text })) as string);
      return b.right - b.left;
    };
    expect(width('ক্ষ')).toBeLessThan(width('ক') + width('ষ'));
    expect(outlineText(request({ text: '৳১০,০০০ বোনাস' }))).not.toBeNull();
  });

  it('moves the look of a <text> to its path and keeps a <text> it has no glyphs for', () => {
    const svg = outlineTexts(
      '<svg><text x="10" y="20" text-anchor="middle" font-family="X" font-weight="700" font-size="12" fill="#fff" opacity="0.4" stroke="#000" stroke-width="2">A &amp; B</text><text x="1" y="2" font-size="9">♠</text></svg>',
    );
    expect(svg).toMatch(
      /^<svg><path d="M[^"]+" fill="#fff" opacity="0.4" stroke="#000" stroke-width="2"\/><text x="1" y="2" font-size="9">♠<\/text><\/svg>$/,
    );
  });
});

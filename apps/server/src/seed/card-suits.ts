/**
 * Card suits for the demo art, drawn as shapes: the Noto files text-outlines.ts shapes words with have no suit
 * signs, and a <text> left in an image costs the page's main thread (decision 072).
 */
export type Suit = '♠' | '♥' | '♦';

/** Each suit in a 100 × 100 box. */
const SUIT_PATHS: Record<Suit, string> = {
  '♦': 'M50 4 L86 50 L50 96 L14 50 Z',
  '♥': 'M50 92 C22 68 6 50 6 31 C6 15 18 6 31 6 C41 6 47 12 50 20 C53 12 59 6 69 6 C82 6 94 15 94 31 C94 50 78 68 50 92 Z',
  '♠': 'M50 4 C78 30 94 44 94 60 C94 74 83 82 71 82 C62 82 56 78 53 72 L59 96 L41 96 L47 72 C44 78 38 82 29 82 C17 82 6 74 6 60 C6 44 22 30 50 4 Z',
};

/** A suit `size` across, centred on (cx, cy). */
export function suitShape(suit: Suit, cx: number, cy: number, size: number, fill: string): string {
  const k = Math.round((size / 100) * 1000) / 1000;
  const x = Math.round((cx - size / 2) * 10) / 10;
  const y = Math.round((cy - size / 2) * 10) / 10;
  return `<path d="${SUIT_PATHS[suit]}" transform="translate(${x} ${y}) scale(${k})" fill="${fill}"/>`;
}

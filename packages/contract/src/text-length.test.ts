import { describe, expect, it } from 'vitest';
import { graphemeLength, splitGraphemes } from './text-length.ts';

// Counted independently of the fast path: always through a segmenter.
const bySegmenter = (text: string) => [...new Intl.Segmenter(undefined, { granularity: 'grapheme' }).segment(text)].length;

describe('text length as a person counts it', () => {
  it.each([
    ['', 0],
    ['hello, world!', 13],
    ['কক্ষ', 2], // a conjunct (ক + ্ + ষ) is one character
    ['নমস্কার', 4],
    ['👍🏽 ok', 4], // an emoji with its skin tone is one
    ['👨‍👩‍👧', 1], // a family joined by ZWJ is one
    ['a\r\nb', 3], // CR LF is one
    ['tab\there', 8],
    ['café', 4],
    ['cafe\u0301', 4], // e + combining acute is one
  ])('%j has %i characters', (text, n) => {
    expect(graphemeLength(text)).toBe(n);
    expect(graphemeLength(text)).toBe(bySegmenter(text));
    expect(splitGraphemes(text)).toHaveLength(n);
    expect(splitGraphemes(text).join('')).toBe(text);
  });

  it('agrees with the segmenter on every printable ASCII text and on mixed texts', () => {
    let ascii = '';
    for (let c = 0x20; c <= 0x7e; c++) ascii += String.fromCharCode(c);
    expect(graphemeLength(ascii)).toBe(bySegmenter(ascii));
    for (const text of [`${ascii}ক্ষ`, `ক্ষ${ascii}`, `x\ny`, 'নাম: rakib921 🎉']) expect(graphemeLength(text)).toBe(bySegmenter(text));
  });
});

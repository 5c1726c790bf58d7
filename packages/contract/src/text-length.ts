/**
 * Text length as a person counts it: grapheme clusters, so a Bengali conjunct or an emoji with its skin tone is one
 * character, not two to five UTF-16 units. The server's limits and the web's counters use these, so both agree.
 */

// Printable ASCII: each code unit is one grapheme (CR LF, the one two-unit cluster, is outside the range).
const PLAIN_ASCII = /^[\x20-\x7e]*$/;

// Made on first need and kept: a segmenter's first construction loads ICU's break rules, about 25 ms of a page's
// main thread on a mid-range phone (100 ms at Lighthouse's 4x CPU slowdown), which an empty or ASCII text never needs.
let segmenter: Intl.Segmenter | null | undefined;
const graphemeSegmenter = () => {
  if (segmenter === undefined)
    segmenter = typeof Intl !== 'undefined' && 'Segmenter' in Intl ? new Intl.Segmenter(undefined, { granularity: 'grapheme' }) : null;
  return segmenter;
};

/** The text's characters as a person sees them (code points where the runtime has no Intl.Segmenter). */
export function splitGraphemes(text: string): string[] {
  if (PLAIN_ASCII.test(text)) return text.split('');
  const s = graphemeSegmenter();
  return s ? Array.from(s.segment(text), (part) => part.segment) : [...text];
}

/** How many characters a person counts in `text` (not trimmed: callers trim as they store). */
export function graphemeLength(text: string): number {
  if (PLAIN_ASCII.test(text)) return text.length;
  const s = graphemeSegmenter();
  if (!s) return [...text].length;
  let n = 0;
  for (const _ of s.segment(text)) n++;
  return n;
}

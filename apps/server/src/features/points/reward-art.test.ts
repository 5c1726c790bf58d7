import { describe, expect, it } from 'vitest';
import { REWARD_MOTIFS, renderRewardPicture } from './reward-art.ts';

describe('points mall reward pictures', () => {
  it('draws every motif with its words as outlines, the same bytes each time, and nothing for an unknown motif', () => {
    for (const motif of REWARD_MOTIFS) {
      const svg = renderRewardPicture(`${motif}-500`) as string;
      expect(svg.startsWith('<svg ')).toBe(true);
      expect(svg.endsWith('</svg>')).toBe(true);
      expect(svg).not.toMatch(/NaN|undefined/);
      // Only a sign the shipped fonts lack (the slot's star) may stay a <text>.
      for (const text of svg.match(/<text[^>]*>[^<]*<\/text>/g) ?? []) expect(text).toMatch(/>★</);
      expect(renderRewardPicture(`${motif}-500`)).toBe(svg);
    }
    expect(renderRewardPicture('cash-500')).toMatch(/<path d="M[^"]+" fill="/);
    expect(renderRewardPicture('yacht-1')).toBeUndefined();
  });
});

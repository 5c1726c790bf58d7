import { describe, expect, it } from 'vitest';
import { checkCommentImages, commentLeft } from './comment-rules.ts';

const file = (name: string, type: string, size: number) => ({ name, type, size }) as File;
const MB = 1024 * 1024;

describe('activity comment images, checked before upload', () => {
  it('takes png and jpg of up to 5 MB', () => {
    const picked = [file('a.png', 'image/png', 10), file('b.jpg', 'image/jpeg', 5 * MB)];
    expect(checkCommentImages(0, picked)).toEqual({ accepted: picked, problems: [] });
  });

  it('refuses other types and files over 5 MB, naming them', () => {
    const { accepted, problems } = checkCommentImages(0, [
      file('a.gif', 'image/gif', 10),
      file('b.png', 'image/png', 5 * MB + 1),
      file('c.webp', 'image/webp', 10),
      file('d.jpeg', 'image/jpeg', 100),
    ]);
    expect(accepted.map((f) => f.name)).toEqual(['d.jpeg']);
    expect(problems).toEqual([
      { name: 'a.gif', problem: 'wrongType' },
      { name: 'b.png', problem: 'tooLarge' },
      { name: 'c.webp', problem: 'wrongType' },
    ]);
  });

  it('judges by the name when the browser gives no type', () => {
    expect(checkCommentImages(0, [file('photo.JPG', '', 10)]).accepted).toHaveLength(1);
    expect(checkCommentImages(0, [file('notes.txt', '', 10)]).problems).toEqual([{ name: 'notes.txt', problem: 'wrongType' }]);
  });

  it('keeps at most 3 in all, counting those already picked, and says so once', () => {
    const four = ['1', '2', '3', '4'].map((n) => file(`${n}.png`, 'image/png', 10));
    expect(checkCommentImages(0, four)).toEqual({ accepted: four.slice(0, 3), problems: [{ problem: 'tooMany' }] });
    expect(checkCommentImages(2, four)).toEqual({ accepted: four.slice(0, 1), problems: [{ problem: 'tooMany' }] });
    expect(checkCommentImages(3, four.slice(0, 1))).toEqual({ accepted: [], problems: [{ problem: 'tooMany' }] });
  });
});

describe('activity comment length', () => {
  it('counts down from 140, as the server counts: characters as people see them, trimmed', () => {
    expect(commentLeft('')).toBe(140);
    expect(commentLeft('x'.repeat(140))).toBe(0);
    expect(commentLeft('x'.repeat(141))).toBe(-1);
    expect(commentLeft('  hi  ')).toBe(138);
    // বো না স: three, not five UTF-16 units; a conjunct and an emoji with its skin tone are one each.
    expect(commentLeft('বোনাস')).toBe(137);
    expect(commentLeft('ক্ষ')).toBe(139);
    expect(commentLeft('👍🏽')).toBe(139);
  });
});

import { describe, expect, it } from 'vitest';
import { checkFeedbackImages, contentProblem, imageKindOf } from './feedback-rules.ts';

const PNG = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]);
const JPG = new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 0, 16, 0x4a, 0x46]);
const EXE = new Uint8Array([0x4d, 0x5a, 0x90, 0, 3, 0, 0, 0]);
const file = (name: string, bytes: Uint8Array, size = bytes.length) => {
  const blob = new Blob([bytes.slice()]);
  return { name, size, slice: blob.slice.bind(blob) };
};

describe('feedback images, checked before upload', () => {
  it('tells png and jpg by their first bytes, never by the name', () => {
    expect(imageKindOf(PNG)).toBe('image/png');
    expect(imageKindOf(JPG)).toBe('image/jpeg');
    expect(imageKindOf(EXE)).toBeNull();
  });

  it('refuses a .png holding other bytes, a file over 5 MB, and a fourth image', async () => {
    const result = await checkFeedbackImages(1, [
      file('photo.png', EXE),
      file('big.jpg', JPG, 5 * 1024 * 1024 + 1),
      file('a.png', PNG),
      file('b.jpg', JPG),
      file('c.png', PNG),
    ]);
    expect(result.accepted.map((f) => f.name)).toEqual(['a.png', 'b.jpg']);
    expect(result.problems).toEqual([
      { name: 'photo.png', problem: 'wrongType' },
      { name: 'big.jpg', problem: 'tooLarge' },
      { problem: 'tooMany' },
    ]);
  });
});

describe('feedback content bounds', () => {
  it('counts trimmed characters as a person sees them', () => {
    const bounds = { minChars: 10, maxChars: 20 };
    expect(contentProblem('   short   ', bounds)).toBe('tooShort');
    expect(contentProblem('ক্ষ'.repeat(10), bounds)).toBeNull();
    expect(contentProblem('x'.repeat(21), bounds)).toBe('tooLong');
  });
});

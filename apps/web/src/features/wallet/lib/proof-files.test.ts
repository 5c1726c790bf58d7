import { describe, expect, it } from 'vitest';
import { proofProblems } from './proof-files.ts';

const MB = 1024 * 1024;
const file = (name: string, type: string, size: number) => ({ name, type, size });

describe('proof images before upload', () => {
  it('accepts up to three png or jpg images of at most 5 MB', () => {
    expect(proofProblems([file('a.png', 'image/png', 5 * MB), file('b.jpg', 'image/jpeg', 1), file('c.png', 'image/png', 10)])).toEqual([]);
  });

  it('names a fourth image, a too-large one and another type', () => {
    const problems = proofProblems([
      file('a.png', 'image/png', 5 * MB + 1),
      file('b.gif', 'image/gif', 10),
      file('c.png', 'image/png', 10),
      file('d.png', 'image/png', 10),
    ]);
    expect(problems).toEqual([{ problem: 'tooMany' }, { file: 'a.png', problem: 'tooLarge' }, { file: 'b.gif', problem: 'wrongType' }]);
  });
});

import { PROOF_LIMITS } from '@playfront/contract/funds-paths';

export type ProofProblem = 'tooMany' | 'tooLarge' | 'wrongType';

/**
 * Checks proof images before upload (spec section 9: png or jpg, ≤ 5 MB each,
 * at most 3). The server checks the bytes again; this only saves a wasted upload.
 */
export function proofProblems(files: readonly Pick<File, 'name' | 'size' | 'type'>[]): { file?: string; problem: ProofProblem }[] {
  const out: { file?: string; problem: ProofProblem }[] = [];
  if (files.length > PROOF_LIMITS.maxFiles) out.push({ problem: 'tooMany' });
  for (const f of files) {
    if (!(PROOF_LIMITS.types as readonly string[]).includes(f.type)) out.push({ file: f.name, problem: 'wrongType' });
    else if (f.size > PROOF_LIMITS.maxBytes) out.push({ file: f.name, problem: 'tooLarge' });
  }
  return out;
}

import { describe, expect, it } from 'vitest';
import { groupedSecret, twoStepCodeProblem } from './two-step-code.ts';

describe('two-step code fields', () => {
  it('takes the app code with or without spaces, and a recovery code only where allowed', () => {
    expect(twoStepCodeProblem('123 456', false)).toBeNull();
    expect(twoStepCodeProblem('', false)).toBe('codeRequired');
    expect(twoStepCodeProblem('12345', false)).toBe('codeInvalid');
    expect(twoStepCodeProblem('abcde-fghjk', false)).toBe('codeInvalid');
    expect(twoStepCodeProblem('ABCDE-FGHJK', true)).toBeNull();
    expect(twoStepCodeProblem('abcdefghjk', true)).toBeNull();
    expect(twoStepCodeProblem('abc-def', true)).toBe('codeOrRecoveryInvalid');
  });
  it('groups a secret in fours for typing', () => {
    expect(groupedSecret('ABCDEFGHIJKLMNOP')).toBe('ABCD EFGH IJKL MNOP');
  });
});

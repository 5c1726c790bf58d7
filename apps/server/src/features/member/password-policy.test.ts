import { describe, expect, it } from 'vitest';
import { PASSWORD_MAX_LENGTH, passwordPolicyProblem } from './password-policy.ts';

/** The platform's password policy (issue 21 item 13, decision 017). */
describe('password policy', () => {
  it('accepts 8 or more characters of any kind: symbols, spaces, Bengali', () => {
    for (const ok of ['P@ss w0rd!x', 'tiger-moth-42', 'লাল নদী ২০২৬', 'correct horse battery', 'lettersonly', '¡Olé-olé!']) {
      expect([ok, passwordPolicyProblem(ok)]).toEqual([ok, null]);
    }
  });

  it('refuses fewer than 8 characters, counting a Bengali letter as one', () => {
    expect(passwordPolicyProblem('abc123')).toEqual({ key: 'patterns.passwordTooShort', params: { min: 8 } });
    expect(passwordPolicyProblem('নদী২০২')).toEqual({ key: 'patterns.passwordTooShort', params: { min: 8 } });
  });

  it('refuses more than the maximum, so hashing stays bounded', () => {
    expect(passwordPolicyProblem('x'.repeat(PASSWORD_MAX_LENGTH))).toBeNull();
    expect(passwordPolicyProblem('x'.repeat(PASSWORD_MAX_LENGTH + 1))).toEqual({ key: 'patterns.passwordTooLong', params: { max: 128 } });
  });

  it('refuses the common passwords of breach lists whatever their case, and the operator default', () => {
    for (const common of ['password', 'Password1', 'qwerty123', '123456789', 'iloveyou', 'Secret123', 'football']) {
      expect([common, passwordPolicyProblem(common)]).toEqual([common, { key: 'patterns.passwordTooCommon' }]);
    }
    expect(passwordPolicyProblem('pf123456')).toEqual({ key: 'patterns.notDefaultPassword' });
  });
});

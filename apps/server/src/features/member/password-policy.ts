import type { FieldProblem } from '@playfront/contract/registration-patterns';
import { dictionary } from '@zxcvbn-ts/language-common';
import { DEFAULT_PASSWORD } from './default-password.ts';

/**
 * What every password must be, whatever the brand's pattern adds (issue 21 item 13, NIST SP 800-63B): at least
 * 8 characters of any kind (spaces, symbols and Bengali letters included), at most 128 so hashing stays bounded,
 * and not one of the ~49,000 most common passwords of the breach corpora that @zxcvbn-ts/language-common ships
 * (compared without case), nor the operator default.
 */
export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 128;

const COMMON = new Set<string>(dictionary['passwords-common'] as string[]);

export function passwordPolicyProblem(password: string): FieldProblem | null {
  const length = [...password].length;
  if (length < PASSWORD_MIN_LENGTH) return { key: 'patterns.passwordTooShort', params: { min: PASSWORD_MIN_LENGTH } };
  if (length > PASSWORD_MAX_LENGTH) return { key: 'patterns.passwordTooLong', params: { max: PASSWORD_MAX_LENGTH } };
  if (password === DEFAULT_PASSWORD) return { key: 'patterns.notDefaultPassword' };
  if (COMMON.has(password.toLowerCase())) return { key: 'patterns.passwordTooCommon' };
  return null;
}

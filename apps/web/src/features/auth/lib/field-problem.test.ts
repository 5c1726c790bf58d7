import { describe, expect, it } from 'vitest';
import { decodeProblem, encodeProblem, toI18nKey } from './field-problem.ts';

describe('field problems as form messages', () => {
  it('round-trip a pattern message with its length bounds', () => {
    const message = encodeProblem({ key: 'patterns.ALNUM_BOTH', params: { min: 6, max: 20 } });
    expect(message).toBe('patterns:ALNUM_BOTH?min=6&max=20');
    expect(decodeProblem(message)).toEqual({ key: 'patterns:ALNUM_BOTH', params: { min: '6', max: '20' } });
  });

  it('leave a message without parameters as the bare key', () => {
    expect(encodeProblem({ key: 'patterns.required' })).toBe('patterns:required');
    expect(decodeProblem('errors:usernameTaken')).toEqual({ key: 'errors:usernameTaken', params: {} });
  });

  it('turn server keys into i18next keys once', () => {
    expect(toI18nKey('errors.invalidAffiliate')).toBe('errors:invalidAffiliate');
    expect(toI18nKey('auth:login.failed')).toBe('auth:login.failed');
  });
});

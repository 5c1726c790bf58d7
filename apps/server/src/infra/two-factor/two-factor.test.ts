import { describe, expect, it } from 'vitest';
import { newRecoveryCodes, newTotpSecret, recoveryCodeHash, TOTP_PERIOD_SECONDS, totpCodeAt, totpStepOf, totpUri } from './two-factor.ts';

describe('two-factor codes', () => {
  const at = Date.UTC(2026, 10, 26, 8, 0, 10);
  const step = Math.floor(at / 1000 / TOTP_PERIOD_SECONDS);

  it('accepts the current code and those one step either side, giving their step', () => {
    const secret = newTotpSecret();
    expect(totpStepOf(secret, totpCodeAt(secret, at), at)).toBe(step);
    expect(totpStepOf(secret, totpCodeAt(secret, at - 30_000), at)).toBe(step - 1);
    expect(totpStepOf(secret, totpCodeAt(secret, at + 30_000), at)).toBe(step + 1);
    expect(totpStepOf(secret, totpCodeAt(secret, at - 90_000), at)).toBeNull();
  });

  it('refuses a code of another secret and anything that is not six digits', () => {
    const secret = newTotpSecret();
    const other = newTotpSecret();
    const code = totpCodeAt(other, at);
    // One in a million: another secret's code may match; the test then proves nothing but must not fail.
    if (code !== totpCodeAt(secret, at)) expect(totpStepOf(secret, code, at)).toBeNull();
    expect(totpStepOf(secret, '12345', at)).toBeNull();
    expect(totpStepOf(secret, 'abcdef', at)).toBeNull();
    expect(totpStepOf(secret, `${totpCodeAt(secret, at).slice(0, 3)} ${totpCodeAt(secret, at).slice(3)}`, at)).toBe(step);
  });

  it('writes an otpauth URI an authenticator app reads', () => {
    const secret = newTotpSecret();
    const uri = totpUri(secret, 'Playfront Demo', 'demomember');
    expect(uri).toMatch(/^otpauth:\/\/totp\/Playfront%20Demo:demomember\?/);
    expect(uri).toContain(`secret=${secret}`);
    expect(uri).toContain('digits=6');
    expect(uri).toContain('period=30');
  });

  it('makes ten distinct recovery codes whose hash ignores case, spaces and dashes', () => {
    const { codes, hashes } = newRecoveryCodes();
    expect(new Set(codes).size).toBe(10);
    expect(codes.every((c) => /^[a-z2-9]{5}-[a-z2-9]{5}$/.test(c))).toBe(true);
    const first = codes[0] as string;
    expect(recoveryCodeHash(first.toUpperCase().replace('-', ' '))).toBe(hashes[0]);
    expect(recoveryCodeHash(first.replace('-', ''))).toBe(hashes[0]);
  });
});

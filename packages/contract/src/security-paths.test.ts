import { describe, expect, it } from 'vitest';
import { birthdayProblem, deviceOf, fullNameProblem, nicknameProblem } from './security-paths.ts';

describe('device of a user agent (browser and system families)', () => {
  it.each([
    [
      'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36',
      'chrome',
      'windows',
    ],
    [
      'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36 Edg/131.0.0.0',
      'edge',
      'windows',
    ],
    ['Mozilla/5.0 (Android 14; Mobile; rv:133.0) Gecko/133.0 Firefox/133.0', 'firefox', 'android'],
    [
      'Mozilla/5.0 (Linux; Android 14; SM-S918B) AppleWebKit/537.36 (KHTML, like Gecko) SamsungBrowser/25.0 Chrome/121.0.0.0 Mobile Safari/537.36',
      'samsung',
      'android',
    ],
    [
      'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1',
      'safari',
      'ios',
    ],
    [
      'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36 OPR/115.0.0.0',
      'opera',
      'macos',
    ],
    [
      'Mozilla/5.0 (X11; CrOS x86_64 14541.0.0) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36',
      'chrome',
      'chromeos',
    ],
    ['curl/8.5.0', 'other', 'other'],
    [null, 'other', 'other'],
  ])('%s', (ua, browser, os) => {
    expect(deviceOf(ua)).toEqual({ browser, os });
  });
});

describe('account field rules', () => {
  it('nickname: 2–20 letters of any script, digits, spaces and _ . -', () => {
    for (const ok of ['Lucky রহিম', 'ab', 'player_1.x-y', 'a'.repeat(20)]) expect(nicknameProblem(ok), ok).toBeNull();
    for (const bad of ['a', 'a'.repeat(21), ' lead', 'x<y', 'emoji 🎲']) expect(nicknameProblem(bad), bad).toBe('NICKNAME_INVALID');
  });

  it('full name: letters with single separators, 2–50 characters', () => {
    for (const ok of ['Rahim Uddin', 'Md. Rahim', "O'Neil Smith", 'Anne-Marie Roy', 'রহিম উদ্দিন'])
      expect(fullNameProblem(ok), ok).toBeNull();
    for (const bad of ['R', 'R2D2 Unit', 'Rahim  Uddin', ' Rahim', 'Rahim!', 'x'.repeat(51)])
      expect(fullNameProblem(bad), bad).toBe('REAL_NAME_INVALID');
  });

  it('birthday: a real yyyy-MM-dd day, 18 or older on today’s date', () => {
    const today = new Date('2026-11-22T10:00:00Z');
    expect(birthdayProblem('2008-11-22', today)).toBeNull();
    expect(birthdayProblem('2008-11-23', today)).toBe('BIRTHDAY_UNDER_18');
    expect(birthdayProblem('2001-02-29', today)).toBe('BIRTHDAY_INVALID');
    expect(birthdayProblem('1899-12-31', today)).toBe('BIRTHDAY_INVALID');
    expect(birthdayProblem('2030-01-01', today)).toBe('BIRTHDAY_INVALID');
    expect(birthdayProblem('22-11-2000', today)).toBe('BIRTHDAY_INVALID');
    // Born on 29 February: of age on 1 March of the 18th year.
    expect(birthdayProblem('2008-02-29', new Date('2026-02-28T12:00:00Z'))).toBe('BIRTHDAY_UNDER_18');
    expect(birthdayProblem('2008-02-29', new Date('2026-03-01T00:00:00Z'))).toBeNull();
  });
});

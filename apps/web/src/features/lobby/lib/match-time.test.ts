import i18next from 'i18next';
import { beforeAll, describe, expect, it } from 'vitest';
import bn from '../../../i18n/locales/bn/lobby.json';
import en from '../../../i18n/locales/en/lobby.json';
import { matchTime } from './match-time.ts';

describe('matchTime', () => {
  beforeAll(async () => {
    await i18next.init({ lng: 'en', resources: { en: { lobby: en }, bn: { lobby: bn } }, interpolation: { escapeValue: false } });
  });

  it('reads like the medium date and short time of each language, in the visitor’s zone', () => {
    const afternoon = new Date(2026, 10, 23, 13, 5);
    expect(matchTime(afternoon, i18next.getFixedT('en', 'lobby'))).toBe('Nov 23, 2026, 1:05 PM');
    expect(matchTime(afternoon, i18next.getFixedT('bn', 'lobby'))).toBe('23 নভে, 2026, 1:05 PM');
  });

  it('writes midnight and noon as 12', () => {
    const t = i18next.getFixedT('en', 'lobby');
    expect(matchTime(new Date(2027, 0, 1, 0, 30), t)).toBe('Jan 1, 2027, 12:30 AM');
    expect(matchTime(new Date(2027, 11, 31, 12, 0), t)).toBe('Dec 31, 2027, 12:00 PM');
  });
});

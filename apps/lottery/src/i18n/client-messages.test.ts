import { describe, expect, it } from 'vitest';
import { bn, type ClientMessageKey, en, lotteryLanguage } from './client-messages.ts';

const placeholders = (text: string) => [...text.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();

describe('lottery page strings', () => {
  it('has every English key in Bengali with the same placeholders, written in Bengali script with Latin digits', () => {
    const keys = Object.keys(en) as ClientMessageKey[];
    expect(Object.keys(bn).sort()).toEqual([...keys].sort());
    for (const key of keys) {
      expect(bn[key].trim(), key).not.toBe('');
      expect(placeholders(bn[key]), key).toEqual(placeholders(en[key]));
      // The platform shows Latin digits in Bengali too.
      expect(/[\u09E6-\u09EF]/.test(bn[key]), key).toBe(false);
    }
    const latinOnly = keys.filter(
      (key) => !/[\u0980-\u09FF]/.test(bn[key]) && /[A-Za-z]{3}/.test(bn[key].replace(/\{\w+\}|SHA-256|HMAC/g, '')),
    );
    expect(latinOnly).toEqual([]);
  });

  it('has a message for every error code of the lottery API', async () => {
    const { LOTTERY_ERROR_CODES } = await import('@playfront/contract/lottery');
    for (const code of [...LOTTERY_ERROR_CODES, 'NETWORK']) {
      expect(en[`error.${code}` as ClientMessageKey], code).toBeTruthy();
    }
  });

  it('picks the language from the launch: English for en*, Bengali otherwise', () => {
    expect(lotteryLanguage('en')).toBe('EN');
    expect(lotteryLanguage('EN')).toBe('EN');
    expect(lotteryLanguage('en-GB')).toBe('EN');
    expect(lotteryLanguage('bn')).toBe('BN');
    expect(lotteryLanguage(undefined)).toBe('BN');
    expect(lotteryLanguage(['en'])).toBe('BN');
  });
});

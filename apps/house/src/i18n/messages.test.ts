import { describe, expect, it } from 'vitest';
import { bn, en, format, houseLanguage, type MessageKey } from './messages.ts';

const placeholders = (text: string) => [...text.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();

describe('house page strings', () => {
  it('has every English key in Bengali with the same placeholders, written in Bengali script', () => {
    const keys = Object.keys(en) as MessageKey[];
    expect(Object.keys(bn).sort()).toEqual([...keys].sort());
    for (const key of keys) {
      expect(bn[key].trim(), key).not.toBe('');
      expect(placeholders(bn[key]), key).toEqual(placeholders(en[key]));
    }
    // Natural Bengali, not English left in place: all but symbols-only strings carry Bengali letters.
    const latinOnly = keys.filter(
      (key) => !/[\u0980-\u09FF]/.test(bn[key]) && /[A-Za-z]{3}/.test(bn[key].replace(/\{\w+\}|SHA-256|HMAC/g, '')),
    );
    expect(latinOnly).toEqual([]);
  });

  it('picks the language from the launch URL, Bengali by default, and fills placeholders', () => {
    expect(houseLanguage('EN')).toBe('EN');
    expect(houseLanguage('en')).toBe('EN');
    expect(houseLanguage('BN')).toBe('BN');
    expect(houseLanguage(undefined)).toBe('BN');
    expect(format(en['result.win'], { amount: '৳10.00' })).toBe('You won ৳10.00');
    expect(format(bn['slot.freeSpinsWon'], { count: 3, spins: 10 })).toBe('3টি স্ক্যাটার: 10টি ফ্রি স্পিন!');
  });
});

import { describe, expect, it } from 'vitest';
import { amountInputText, amountProblem, parseAmount, presetAmounts } from './amount.ts';

describe('typed amounts to minor units', () => {
  it('reads whole and decimal amounts exactly, with or without thousands separators', () => {
    expect(parseAmount('1500')).toBe(150000n);
    expect(parseAmount('1,500.5')).toBe(150050n);
    expect(parseAmount('0.01')).toBe(1n);
    expect(parseAmount('  250.  ')).toBe(25000n);
    // A float would make this 1000000000000.0099…; integers keep every poisha.
    expect(parseAmount('9999999999999.99')).toBe(999999999999999n);
  });

  it('refuses text that is not an amount', () => {
    for (const bad of ['', 'abc', '1.234', '-5', '1e3', '12.3.4', '১২.৩৪৫', '٣']) expect(parseAmount(bad), bad).toBeNull();
  });

  it('reads Bengali digits as typed on a Bangla keyboard', () => {
    expect(parseAmount('১,৫০০.৫০')).toBe(150050n);
    expect(parseAmount('৫০০')).toBe(50000n);
    expect(amountProblem('৯৯.৯৯', { min: '10000' })).toBe('tooSmall');
  });

  it('round-trips through the input text', () => {
    for (const minor of [1n, 10n, 100n, 12345n, 150000n]) expect(parseAmount(amountInputText(minor))).toBe(minor);
    expect(amountInputText('150000')).toBe('1500');
    expect(amountInputText(12340n)).toBe('123.4');
  });

  it('names the first problem against limits and the balance', () => {
    const limits = { min: '10000', max: '2500000', balance: '50000' };
    expect(amountProblem('', limits)).toBe('required');
    expect(amountProblem('0', limits)).toBe('format');
    expect(amountProblem('99.99', limits)).toBe('tooSmall');
    expect(amountProblem('25000.01', limits)).toBe('tooLarge');
    expect(amountProblem('500.01', limits)).toBe('overBalance');
    expect(amountProblem('500', limits)).toBeNull();
    expect(amountProblem('100', limits)).toBeNull();
  });

  it('offers only presets inside the channel limits', () => {
    expect(presetAmounts('10000', '1500000')).toEqual([10000n, 50000n, 100000n, 200000n, 500000n, 1000000n]);
    expect(presetAmounts('50000', '150000')).toEqual([50000n, 100000n]);
  });
});

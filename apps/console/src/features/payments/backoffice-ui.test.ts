import { MANUAL_DEPOSIT_STATUSES, MEMBER_RECORD_KINDS, OPERATOR_SCOPES } from '@playfront/contract/console-backoffice-paths';
import { WITHDRAWAL_STATUSES } from '@playfront/contract/funds-paths';
import { LOGIN_RESULTS } from '@playfront/contract/security-paths';
import { describe, expect, it } from 'vitest';
import bn from '../../i18n/bn.json';
import en from '../../i18n/en.json';
import { RECORD_COLUMNS, statusKey } from '../members/record-columns.ts';
import { minorToThresholdText, thresholdToMinor } from './threshold-amount.ts';

const lookup = (catalogue: unknown, key: string) =>
  key
    .split('.')
    .reduce<unknown>((node, part) => (node && typeof node === 'object' ? (node as Record<string, unknown>)[part] : undefined), catalogue);

describe('thresholds typed by staff', () => {
  it('reads amounts with up to two decimals as minor units, 0 included, and refuses the rest', () => {
    expect(thresholdToMinor('10,000')).toBe('1000000');
    expect(thresholdToMinor(' 50000.5 ')).toBe('5000050');
    expect(thresholdToMinor('0')).toBe('0');
    expect(thresholdToMinor('1.234')).toBeNull();
    expect(thresholdToMinor('-5')).toBeNull();
    expect(thresholdToMinor('1e5')).toBeNull();
    expect(thresholdToMinor('')).toBeNull();
  });

  it('shows minor units back as they are typed, round trip exact', () => {
    expect(minorToThresholdText('1000000')).toBe('10000.00');
    expect(minorToThresholdText('5')).toBe('0.05');
    expect(thresholdToMinor(minorToThresholdText('123456789012345'))).toBe('123456789012345');
  });
});

describe('words the back office shows are translated in both languages', () => {
  const words = [
    'active',
    'disabled',
    'PENDING',
    'PAID',
    'FAILED',
    'EXPIRED',
    ...MANUAL_DEPOSIT_STATUSES,
    ...WITHDRAWAL_STATUSES,
    ...LOGIN_RESULTS,
  ];
  it.each(['en', 'bn'] as const)('%s: every status word, scope, record column and tab', (lang) => {
    const cat = lang === 'en' ? en : bn;
    const missing = [
      ...words.map(statusKey),
      ...OPERATOR_SCOPES.map((s) => `backoffice.scope.${s}`),
      ...MEMBER_RECORD_KINDS.map((k) => `member.tabs.${k}`),
      'member.tabs.notes',
      ...Object.values(RECORD_COLUMNS).flatMap((cols) => cols.map((c) => c.header)),
    ].filter((key) => typeof lookup(cat, key) !== 'string');
    expect(missing).toEqual([]);
  });

  it('the Bengali is not the English copied', () => {
    expect(lookup(bn, 'backoffice.statusWord.PAID')).not.toBe(lookup(en, 'backoffice.statusWord.PAID'));
    expect(lookup(bn, 'nav.keys')).not.toBe(lookup(en, 'nav.keys'));
  });
});

import { describe, expect, it } from 'vitest';
import { mergeFilter, pageCount, RECORD_PRESETS, type RecordFilter } from './record-filter.ts';

describe('team record filters', () => {
  it('offers the look-back presets only', () => {
    expect(RECORD_PRESETS).toEqual(['last7', 'last30']);
  });

  it('keeps a preset and explicit days exclusive', () => {
    const days = mergeFilter<RecordFilter>({ preset: 'last7' }, { from: '2026-11-01', to: '2026-11-10' });
    expect(days).toEqual({ from: '2026-11-01', to: '2026-11-10' });
    expect(mergeFilter<RecordFilter>(days, { preset: 'last30' })).toEqual({ preset: 'last30' });
  });

  it('drops a blank member, trims a typed one, and falls back to the first preset', () => {
    expect(mergeFilter<RecordFilter>({ preset: 'last7', member: 'bob' }, { member: '  ' })).toEqual({ preset: 'last7' });
    expect(mergeFilter<RecordFilter>({ preset: 'last7' }, { member: ' bob ' })).toEqual({ preset: 'last7', member: 'bob' });
    expect(mergeFilter<RecordFilter>({ from: '2026-11-01', to: '2026-11-02' }, { from: '', to: '' })).toEqual({ preset: 'last7' });
  });

  it('keeps page-specific options and drops cleared ones', () => {
    expect(mergeFilter<{ preset?: 'last7'; gameType?: string }>({ preset: 'last7' }, { gameType: 'RNG' })).toEqual({
      preset: 'last7',
      gameType: 'RNG',
    });
    expect(mergeFilter<{ preset?: 'last7'; gameType?: string }>({ preset: 'last7', gameType: 'RNG' }, { gameType: undefined })).toEqual({
      preset: 'last7',
    });
  });

  it('counts pages, at least one', () => {
    expect(pageCount(0, 20)).toBe(1);
    expect(pageCount(20, 20)).toBe(1);
    expect(pageCount(21, 20)).toBe(2);
  });
});

import type { VendorLane } from '@playfront/contract/games';
import { describe, expect, it } from 'vitest';
import { pageCount, recordFilterOptions } from './record-filters.ts';

const card = (vassalage: string, gameType: string) =>
  ({
    vassalage,
    displayName: `${vassalage} name`,
    gameType,
    iconUrl: '',
    isVendorType: false,
    walletMode: 'seamless',
    sort: 0,
    gameCount: 1,
  }) as VendorLane['cards'][number];
const lanes = [
  { gameCategory: 'RNG', title: 'Slots', gameClassify: [], cards: [card('PG', 'RNG'), card('JL', 'RNG')] },
  { gameCategory: 'SPORTS', title: 'Sports', gameClassify: [], cards: [card('SBO', 'SPORTS'), card('IMES', 'ESPORTS')] },
  { gameCategory: 'SPB', title: 'Instant', gameClassify: [], cards: [card('SPB', 'SPB')] },
  { gameCategory: 'LIVE', title: 'Live', gameClassify: [], cards: [card('EVO', 'LIVE'), card('PG', 'RNG')] },
] as VendorLane[];

describe('betting record filters', () => {
  it('offers the game types that have a vendor, in menu order, with instant games counted as slots', () => {
    expect(recordFilterOptions(lanes, undefined).types).toEqual(['RNG', 'LIVE', 'SPORTS', 'ESPORTS']);
  });

  it('lists each vendor once, and only those of the chosen type', () => {
    expect(recordFilterOptions(lanes, undefined).vendors.map((v) => v.code)).toEqual(['PG', 'JL', 'SBO', 'IMES', 'SPB', 'EVO']);
    expect(recordFilterOptions(lanes, 'RNG').vendors.map((v) => v.code)).toEqual(['PG', 'JL', 'SPB']);
    expect(recordFilterOptions(lanes, 'ESPORTS').vendors.map((v) => v.name)).toEqual(['IMES name']);
  });

  it('counts pages, none for an empty list', () => {
    expect(pageCount(0, 20)).toBe(0);
    expect(pageCount(20, 20)).toBe(1);
    expect(pageCount(21, 20)).toBe(2);
  });
});

import { describe, expect, it } from 'vitest';
import { maxQuantity } from './reward-text.ts';

describe('maxQuantity', () => {
  const reward = { stock: 10 as number | null, perMemberLimit: 5 as number | null, redeemedByMe: 1, price: '500' };
  it('is bounded by stock, the per-member limit left, the points and the cap', () => {
    expect(maxQuantity(reward, 10_000n, 99)).toBe(4);
    expect(maxQuantity({ ...reward, stock: 2 }, 10_000n, 99)).toBe(2);
    expect(maxQuantity(reward, 1_400n, 99)).toBe(2);
    expect(maxQuantity({ ...reward, stock: null, perMemberLimit: null }, 10n ** 20n, 99)).toBe(99);
    expect(maxQuantity(reward, 100n, 99)).toBe(0);
  });
});

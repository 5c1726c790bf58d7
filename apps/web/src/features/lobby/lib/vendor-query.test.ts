import { describe, expect, it } from 'vitest';
import { namedVendors } from './vendor-query.ts';

describe('the vendors a /rng?vassalage= address names (issue 22)', () => {
  it('names each vendor of a multi-vendor query, so each of their chips is highlighted', () => {
    const named = namedVendors('SPB,SS');
    expect([...named]).toEqual(['SPB', 'SS']);
    expect(named.has('SPB') && named.has('SS')).toBe(true);
    expect(named.has('SPB,SS')).toBe(false);
  });

  it('names one vendor for a single code, ignoring spaces and empty parts', () => {
    expect([...namedVendors(' JILI ')]).toEqual(['JILI']);
    expect([...namedVendors('PG,, ,JDB')]).toEqual(['PG', 'JDB']);
  });

  it('names none without a query (the All chip is the pressed one)', () => {
    expect(namedVendors(null).size).toBe(0);
    expect(namedVendors('').size).toBe(0);
    expect(namedVendors(undefined).size).toBe(0);
  });
});

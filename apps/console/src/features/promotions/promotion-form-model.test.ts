import { describe, expect, it } from 'vitest';
import { emptyFormValues, type PromotionFormValues, toBody, toFormValues } from './promotion-form-model.ts';

const filled = (change: Partial<PromotionFormValues> = {}): PromotionFormValues => ({
  ...emptyFormValues(new Date('2026-12-01T08:00:00Z'), 'BDT'),
  code: 'weekend-reload',
  titleEn: 'Weekend reload',
  titleBn: 'সাপ্তাহিক রিলোড',
  summaryEn: '20% on your deposit',
  summaryBn: 'ডিপোজিটে ২০%',
  entry: 'JOIN',
  trigger: 'DEPOSIT',
  minDeposit: '500',
  rewardKind: 'PERCENT',
  rewardPercent: '20',
  rewardCap: '2,000',
  wageringMultiplier: '10',
  budget: '100000',
  ...change,
});

describe('the promotion form', () => {
  it('makes the contract body: taka to minor units, percent to basis points, ticked days', () => {
    const made = toBody(filled({ weekdays: [false, false, false, false, false, true, true] }));
    if (!('body' in made)) throw new Error(JSON.stringify(made.errors));
    expect(made.body).toMatchObject({
      code: 'weekend-reload',
      minDeposit: '50000',
      rewardBps: 2000,
      rewardCap: '200000',
      budget: '10000000',
      weekdays: [5, 6],
      maxBet: null,
      endsAt: null,
      currency: 'BDT',
    });
  });

  it('round-trips a body through the form unchanged', () => {
    const made = toBody(filled());
    if (!('body' in made)) throw new Error('not valid');
    const again = toBody(toFormValues(made.body));
    expect(again).toEqual(made);
  });

  it('names the field of each problem with a console message', () => {
    const bad = toBody(filled({ budget: '12.345', rewardPercent: 'x' }));
    expect(bad).toEqual({ errors: { budget: 'promo.form.amountFormat', rewardPercent: 'promo.form.percentFormat' } });
    // The contract's own cross-field rules come back on their field.
    const auto = toBody(filled({ entry: 'AUTO', trigger: 'NONE', rewardKind: 'FIXED' }));
    expect(auto).toEqual({ errors: { entry: 'promo.form.autoNeedsDeposit' } });
    const order = toBody(filled({ endsAt: '2026-11-01T10:00' }));
    expect(order).toEqual({ errors: { endsAt: 'promo.form.endsAfterStart' } });
    const missing = toBody(filled({ titleBn: '' }));
    expect(missing).toEqual({ errors: { titleBn: 'promo.form.textRequired' } });
  });
});

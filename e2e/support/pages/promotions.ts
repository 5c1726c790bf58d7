import type { Locator, Page } from 'playwright-core';
import { operator } from '../browser.ts';
import { text } from '../catalogue.ts';

type Lang = 'en' | 'bn';

/** A string of the promotions catalogue (promotions page, reward centre, bonus details) with its `{{placeholders}}` filled in. */
export const promoText = (lang: Lang, key: string, vars: Record<string, string | number> = {}) =>
  Object.entries(vars).reduce((s, [k, v]) => s.replaceAll(`{{${k}}}`, String(v)), text(lang, 'promotions', key));

/** /promotions and the promotion popup, as a visitor sees them. */
export class PromotionsPage {
  constructor(
    readonly page: Page,
    readonly lang: Lang = 'en',
  ) {}
  t(key: string, vars?: Record<string, string | number>) {
    return promoText(this.lang, key, vars);
  }
  async open() {
    await this.page.goto('/promotions');
    await this.page.getByRole('heading', { level: 1, name: this.t('title') }).waitFor();
  }
  card(code: string): Locator {
    return this.page.locator(`[data-testid="promotion-card"][data-code="${code}"]`);
  }
  /** Opens a promotion's popup from its card; returns the dialog. */
  async openDetail(code: string): Promise<Locator> {
    await this.card(code).locator('.promo-open').click();
    const dialog = this.dialog();
    await dialog.locator(`.promo-detail[data-code="${code}"]`).waitFor();
    return dialog;
  }
  dialog(): Locator {
    return this.page.getByTestId('promotionModal');
  }
  /** The popup's main button (join, apply, claim, deposit) by its catalogue key. */
  action(key: string, vars?: Record<string, string | number>): Locator {
    return this.dialog().getByRole('button', { name: this.t(key, vars), exact: true });
  }
}

/** The reward centre and bonus details pages of the member centre. */
export class BonusDetailsPage {
  constructor(
    readonly page: Page,
    readonly lang: Lang = 'en',
  ) {}
  t(key: string, vars?: Record<string, string | number>) {
    return promoText(this.lang, key, vars);
  }
  heading(): Locator {
    return this.page.getByRole('heading', { level: 2, name: this.t('bonus.title') });
  }
  active(): Locator {
    return this.page.getByTestId('bonus-active');
  }
  remaining(): Locator {
    return this.active().getByTestId('bonus-remaining');
  }
  wagering(): Locator {
    return this.active().getByTestId('bonus-wagering');
  }
  percent(): Locator {
    return this.active().getByTestId('bonus-percent');
  }
  progressBar(): Locator {
    return this.active().getByRole('progressbar');
  }
  none(): Locator {
    return this.page.getByTestId('bonus-none');
  }
  history(): Locator {
    return this.page.getByTestId('bonus-history');
  }
}

type OpsPromotion = { id: number; code: string; budget: string };
type PromotionDetail = {
  code: string;
  category: string;
  title: string;
  summary: string;
  rulesHtml: string;
  startsAt: string;
  endsAt: string | null;
  entry: string;
  trigger: string;
  minDeposit: string;
  reward: { kind: 'FIXED' | 'PERCENT'; amount: string; bps: number; cap: string | null };
  wageringBase: string;
  wageringMultiplier: string;
  contribution: Record<string, number>;
  maxBet: string | null;
  maxCashout: string | null;
  bonusValidDays: number;
  limitPerMember: number;
  limitPeriod: string;
  currency: string;
};

async function publicDetail(baseUrl: string, code: string, language: 'EN' | 'BN'): Promise<PromotionDetail> {
  const res = await fetch(`${baseUrl}/wps/promotions/${code}`, { headers: { language, device: 'WEB' } });
  const answer = (await res.json()) as { value: PromotionDetail };
  return answer.value;
}

/**
 * Sets a promotion's wagering multiplier through the operator API, as an operator's tool would: the edit (PUT)
 * takes the whole definition, so it is copied from what the promotion shows in both languages, with the one
 * number changed. Returns the multiplier it had, to put back afterwards.
 */
export async function setWageringMultiplier(
  baseUrl: string,
  code: string,
  multiplier: string,
  audience: 'ALL' | 'NEW_MEMBERS' | 'FIRST_DEPOSIT' = 'FIRST_DEPOSIT',
): Promise<string> {
  const list = (await operator('GET', '/ops/promotions')) as { value: { list: OpsPromotion[] } };
  const listed = list.value.list.find((p) => p.code === code);
  if (!listed) throw new Error(`no promotion ${code}`);
  const en = await publicDetail(baseUrl, code, 'EN');
  const bn = await publicDetail(baseUrl, code, 'BN');
  await operator('PUT', `/ops/promotions/${listed.id}`, {
    code,
    category: en.category,
    title: { en: en.title, bn: bn.title },
    summary: { en: en.summary, bn: bn.summary },
    rulesHtml: { en: en.rulesHtml, bn: bn.rulesHtml },
    startsAt: en.startsAt,
    endsAt: en.endsAt,
    audience,
    entry: en.entry,
    trigger: en.trigger,
    minDeposit: en.minDeposit,
    rewardKind: en.reward.kind,
    rewardAmount: en.reward.amount,
    rewardBps: en.reward.bps,
    rewardCap: en.reward.cap,
    wageringBase: en.wageringBase,
    wageringMultiplier: multiplier,
    contribution: en.contribution,
    maxBet: en.maxBet,
    maxCashout: en.maxCashout,
    bonusValidDays: en.bonusValidDays,
    limitPerMember: en.limitPerMember,
    limitPeriod: en.limitPeriod,
    budget: listed.budget,
    currency: en.currency,
  });
  return en.wageringMultiplier;
}

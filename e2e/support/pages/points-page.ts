import type { Locator, Page } from 'playwright-core';
import { text } from '../catalogue.ts';

type Lang = 'en' | 'bn';

/** A catalogue string of the points mall with its `{{placeholders}}` filled in. */
export const pointsText = (lang: Lang, key: string, vars: Record<string, string | number> = {}) =>
  Object.entries(vars).reduce((s, [k, v]) => s.replaceAll(`{{${k}}}`, String(v)), text(lang, 'points', key));

/** "1,339" or "+25" or "-500" → a bigint. */
export const pointsOf = (shown: string | null) => BigInt((shown ?? '').replace(/[^\d-]/g, '') || '0');

/** The /pointMall screen: the balance, the four sections, the reward cards and the redeem dialog. */
export class PointsMall {
  constructor(
    readonly page: Page,
    readonly lang: Lang = 'en',
  ) {}
  t(key: string, vars?: Record<string, string | number>) {
    return pointsText(this.lang, key, vars);
  }
  async open(tab?: 'rewards' | 'history' | 'details' | 'rules') {
    // Through the header entry, as a member would; then the section's tab.
    await this.page
      .getByRole('banner')
      .getByRole('link', { name: this.t('title') })
      .click();
    await this.page.getByRole('heading', { level: 1, name: this.t('title') }).waitFor();
    if (tab && tab !== 'rewards') await this.tab(tab).click();
    await this.page.getByRole('heading', { level: 2, name: this.t(`tabs.${tab ?? 'rewards'}`) }).waitFor();
  }
  tab(name: 'rewards' | 'history' | 'details' | 'rules'): Locator {
    return this.page.getByRole('navigation', { name: this.t('tabs.label') }).getByRole('link', { name: this.t(`tabs.${name}`) });
  }
  async balance(): Promise<bigint> {
    return pointsOf(await this.page.getByTestId('points-balance').innerText());
  }
  entries(): Locator {
    return this.page.getByTestId('points-entry');
  }
  reward(code: string): Locator {
    return this.page.locator(`[data-testid="reward"][data-code="${code}"]`);
  }
  redeemDialog(): Locator {
    return this.page.getByTestId('pointsRedeemModal');
  }
  redemption(orderNo: string): Locator {
    return this.page.locator(`[data-testid="redemption"][data-order="${orderNo}"]`);
  }
}

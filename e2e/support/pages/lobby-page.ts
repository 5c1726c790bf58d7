import type { Locator, Page } from 'playwright-core';
import { lastOutboxCode } from '../browser.ts';
import { text } from '../catalogue.ts';
import { LoginPopup, SiteHeader } from './account.ts';

type Lang = 'en' | 'bn';
const lobby = (lang: Lang, key: string, vars: Record<string, string | number> = {}) =>
  Object.entries(vars).reduce((s, [k, v]) => s.replace(`{{${k}}}`, String(v)), text(lang, 'lobby', key));

/** The home lobby and the game lists, as a visitor sees them. */
export class LobbyPage {
  constructor(
    readonly page: Page,
    readonly lang: Lang = 'en',
  ) {}
  /** The paginator's labels live in the common catalogue (ui/paginator). */
  pagerLabel(key: 'page' | 'current', page: number) {
    return text(this.lang, 'common', `pager.${key}`).replace('{{page}}', String(page));
  }
  t(key: string, vars?: Record<string, string | number>) {
    return lobby(this.lang, key, vars);
  }
  /** The id of the banner in view. */
  activeBannerId() {
    return this.page.locator('.banner-frame .swiper-slide-active [data-banner-id]').getAttribute('data-banner-id');
  }
  async jackpotMinor(): Promise<bigint> {
    const v = await this.page.getByTestId('jackpot-value').getAttribute('data-minor');
    return BigInt(v ?? '0');
  }
  jackpotText() {
    return this.page.getByTestId('jackpot-value').innerText();
  }
  rankIcon(rank: number) {
    return this.page.getByRole('img', { name: this.t('winners.rank', { rank }), exact: true });
  }
  menuTab(code: string): Locator {
    return this.page.getByRole('tab', { name: this.t(`menu.${code}`), exact: true });
  }
  /** The game grid of the open section or page. */
  tiles(): Locator {
    return this.page.locator('.game-grid[aria-busy="false"]').first().locator('.game-tile:not(.game-tile-skeleton)');
  }
  async tileVendors(): Promise<string[]> {
    return this.tiles().evaluateAll((els) => els.map((e) => e.getAttribute('data-vendor') ?? ''));
  }
  async tileIds(): Promise<string[]> {
    return this.tiles().evaluateAll((els) => els.map((e) => e.getAttribute('data-node-id') ?? ''));
  }
  vendorChip(name: string) {
    return this.page.getByRole('button', { name, exact: true });
  }
  pageButton(n: number) {
    return this.page.getByRole('button', { name: this.pagerLabel('page', n), exact: true });
  }
  currentPage(n: number) {
    return this.page.getByRole('button', { name: this.pagerLabel('current', n), exact: true });
  }
  moreButton() {
    return this.page.getByRole('button', { name: this.t('section.more'), exact: true });
  }
}

/** Waits until `done` is visible, closing notice popups that open meanwhile (a popup hides the page from the accessibility tree). */
async function untilVisible(page: Page, targets: Locator[]): Promise<void> {
  const notice = page.getByTestId('publicModal').filter({ has: page.getByRole('heading', { name: /^(Notice|বিজ্ঞপ্তি)$/ }) });
  for (let waited = 0; ; waited += 250) {
    for (const target of targets) if (await target.isVisible()) return;
    if (waited > 30_000) throw new Error('still waiting after 30 s');
    if (await notice.isVisible())
      await notice
        .getByRole('button', { name: /^(Close|বন্ধ করুন)$/ })
        .click({ timeout: 2_000 })
        .catch(() => {});
    await page.waitForTimeout(250);
  }
}

/** Logs demomember in through the header's login popup, answering the new-device code when it is asked. */
export async function logInAsDemoMember(page: Page, password: string): Promise<void> {
  const login = new LoginPopup(page);
  await login.open();
  await login.fill('demomember', password);
  await login.submit();
  const account = new SiteHeader(page).accountButton();
  const codeBox = login.dialog.getByRole('textbox', { name: 'Verification code' });
  await untilVisible(page, [account, codeBox]);
  if (await codeBox.isVisible()) {
    await codeBox.fill(await lastOutboxCode('+8801711000001'));
    await login.submit();
    await untilVisible(page, [account]);
  }
}

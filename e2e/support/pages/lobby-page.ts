import type { Locator, Page } from 'playwright-core';
import { lastOutboxCode } from '../browser.ts';
import { text } from '../catalogue.ts';
import { LoginPopup, noticePopup, SiteHeader } from './account.ts';

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
  /** The banner in view (the carousel marks its current slide; the others are hidden from assistive technology). */
  currentBanner(): Locator {
    return this.page.locator('.banner-frame [data-current] [data-banner-id]');
  }
  /** The id of the banner in view. */
  activeBannerId() {
    return this.currentBanner().getAttribute('data-banner-id');
  }
  /** Every home banner's id, in the carousel's order (not the copies the loop slides onto). */
  bannerIds(): Promise<string[]> {
    return this.page.locator('.banner-frame [data-banner-id]').evaluateAll((els) => els.map((e) => e.getAttribute('data-banner-id') ?? ''));
  }
  /** The dot that shows the banner at `index` (1-based) of `total`. */
  bannerDot(index: number, total: number): Locator {
    return this.page.locator('.banner-frame').getByRole('button', { name: this.t('banner.show', { index, total }), exact: true });
  }
  bannerArrow(which: 'previous' | 'next'): Locator {
    return this.page.locator('.banner-frame').getByRole('button', { name: this.t(`carousel.${which}`), exact: true });
  }
  /** How far (px) the banner in view stands from the banner frame's left edge: 0 once its slide has ended there. One
   * look at both (two looks at once would each run the notice handler, and race each other). */
  currentBannerOffset(): Promise<number | null> {
    return this.page.locator('.banner-frame').evaluate(
      (frame) => {
        const slide = frame.querySelector('[data-current]');
        return slide ? slide.getBoundingClientRect().left - frame.getBoundingClientRect().left : null;
      },
      undefined,
      { timeout: 2_000 },
    );
  }
  /** Whether the banner in view fills the banner frame (its slide has ended there). */
  async currentBannerFillsFrame(): Promise<boolean> {
    const offset = await this.currentBannerOffset();
    return offset !== null && Math.abs(offset) < 1;
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

/** The text of the dialogs open on the page, for a failure to say what the member was shown instead. */
const openDialogsText = async (page: Page): Promise<string> => {
  const texts = await page.getByRole('dialog').allInnerTexts();
  return texts.length ? texts.map((t) => t.replace(/\s+/g, ' ').slice(0, 300)).join(' | ') : 'no dialog';
};

/** Waits until `done` is visible, closing notice popups that open meanwhile (a popup hides the page from the accessibility tree). */
async function untilVisible(page: Page, targets: Locator[]): Promise<void> {
  const notice = noticePopup(page);
  for (const started = Date.now(); ; ) {
    for (const target of targets) if (await target.isVisible()) return;
    if (Date.now() - started > 30_000) throw new Error(`still waiting after 30 s; on screen: ${await openDialogsText(page)}`);
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

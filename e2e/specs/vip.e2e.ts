import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, newVisitor } from '../support/browser.ts';
import { closeNoticesWhenShown, signUpNewMember } from '../support/pages/account.ts';

const PASSWORD = 'play1234';

const signUp = (page: Page) => signUpNewMember(page, 'vp', PASSWORD);

describe('VIP levels', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(() => browser?.close());

  it('a new member opens VIP level from the side menu and sees their level, progress, the level table; a broken icon shows a badge', async () => {
    const { context, page } = await newVisitor(browser, { locale: 'en-GB', ip: '10.77.0.31' });
    await closeNoticesWhenShown(page);
    await page.goto('/');
    await signUp(page);
    // The header's VIP label: the entry level with its icon.
    await expect.poll(() => page.getByRole('banner').getByTestId('vip-label').first().getAttribute('data-rank')).toBe('0');

    // Icons that fail to load give way to the drawn badge.
    await page.route('**/cdn/vip/**', (route) => route.abort());
    await page.getByRole('link', { name: 'VIP level' }).first().click();
    await page.waitForURL((url) => url.search.includes('page=vip'));
    const current = page.getByTestId('vip-current');
    await current.waitFor();
    expect(await current.getByRole('heading', { level: 3 }).innerText()).toMatch(/^Bronze/);
    expect(await page.getByTestId('vip-bet').innerText()).toBe('৳0.00 / ৳10,000.00');
    expect(await page.getByTestId('vip-deposit').innerText()).toBe('৳0.00 / ৳2,000.00');
    expect(await page.getByRole('progressbar').count()).toBe(2);
    expect(await page.getByTestId('vip-table').locator('tbody tr').count()).toBe(8);
    await expect.poll(() => page.getByTestId('vip-icon-fallback').count()).toBeGreaterThan(0);
    await page.getByTestId('vip-history-empty').waitFor();

    // The table region is reachable by keyboard.
    await page.getByTestId('vip-table').locator('xpath=..').focus();
    expect(await page.evaluate(() => document.activeElement?.classList.contains('vip-table-wrap'))).toBe(true);
    await context.close();
  });
});

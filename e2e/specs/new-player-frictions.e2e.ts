import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lastOutboxCode, launchBrowser, newVisitor } from '../support/browser.ts';
import { closeNoticesWhenShown, RegisterPopup, SiteHeader, solveCaptcha } from '../support/pages/account.ts';
import { LobbyPage } from '../support/pages/lobby-page.ts';
import { GamePage } from '../support/pages/play-page.ts';

/**
 * Issue 22 on a phone (decisions 055, 057): registration asks the captcha once, above "Get code", and checks each
 * field as it loses focus; "Back to the lobby" and the browser's Back return to the section, vendor, page and scroll
 * the game was opened from; a guest who signs up from a free demo is back on that game.
 */
const PHONE = { width: 390, height: 844 };
let nextIp = 10;
const freshIp = () => `10.55.0.${nextIp++}`;

describe('a new player on a phone', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(() => browser?.close());

  it('registers by mobile with one captcha, above Get code, and sees field problems as each field loses focus', async () => {
    const { context, page } = await newVisitor(browser, { locale: 'en-GB', ip: freshIp(), viewport: PHONE });
    await closeNoticesWhenShown(page);
    const national = `18${Date.now().toString().slice(-8)}`;
    const register = new RegisterPopup(page);
    await page.goto('/register');
    await register.dialog.getByRole('heading', { name: 'Sign up' }).waitFor();
    // Left untouched, before any keystroke fetched the form's rules (issue 19: they come at the first check).
    await register.field('Username').focus();
    await register.field('Password').focus();
    await expect.poll(() => register.errorOf('Username')).toBe('Input cannot be empty.');
    await register.dialog.getByRole('tab', { name: 'By mobile' }).click();

    // A wrong number is named as soon as the field is left, before any submit.
    const mobile = register.dialog.getByRole('textbox', { name: 'Mobile number' });
    await mobile.fill('12');
    await register.field('Password').focus();
    await expect.poll(() => register.errorOf('Mobile number')).toBe('Please enter 10 - 11 digits.');
    await register.field('Password').fill('mobile123');
    await register.field('Confirm password').fill('mobile124');
    await register.field('Verification code').focus();
    await expect.poll(() => register.errorOf('Confirm password')).toBe('Incorrect confirmation input');
    await register.field('Confirm password').fill('mobile123');
    await expect.poll(() => register.errorOf('Confirm password')).toBe('');

    // The captcha sits above the Get code button, and goes with the code request.
    const captchaBox = await register.field('Captcha').boundingBox();
    const getCode = register.dialog.getByRole('button', { name: 'Get code' });
    const codeButton = await getCode.boundingBox();
    expect(captchaBox && codeButton && captchaBox.y < codeButton.y).toBe(true);
    await mobile.fill(`0${national}`);
    await solveCaptcha(register.dialog);
    await getCode.click();
    await register.dialog.getByText('A code was sent to this mobile number. It works for 5 minutes.').waitFor();
    await register.dialog.getByRole('button', { name: /^Resend in \d+ s$/ }).waitFor();
    // Asked once: no captcha field any more, and registering needs none.
    await expect.poll(() => register.field('Captcha').count()).toBe(0);
    await register.dialog.getByTestId('captcha-done').waitFor();

    await register.field('Verification code').fill(await lastOutboxCode(`+880${national}`));
    await register.dialog.getByRole('checkbox', { name: /years of age or older/ }).check();
    await register.dialog.getByRole('checkbox', { name: /accept the Terms and Conditions/ }).check();
    await register.submit();
    await new SiteHeader(page).accountButton(national).waitFor();
    await context.close();
  });

  it('goes back from a game, by the browser or the page, to the section, vendor, page and scroll it was opened from', async () => {
    const { context, page } = await newVisitor(browser, { locale: 'en-GB', ip: freshIp(), viewport: PHONE });
    await closeNoticesWhenShown(page);
    const lobby = new LobbyPage(page, 'en');
    await page.goto('/');
    await lobby.menuTab('RNG').click();
    await expect.poll(() => lobby.tiles().count(), { timeout: 20_000 }).toBe(24);
    const panel = page.locator('#game-panel');
    await panel.getByRole('button', { name: 'PG Soft', exact: true }).click();
    await expect.poll(() => lobby.tileVendors(), { timeout: 15_000 }).toEqual(Array(24).fill('PG'));
    const pageOne = await lobby.tileIds();
    await lobby.pageButton(2).click();
    await lobby.currentPage(2).waitFor();
    await expect.poll(async () => (await lobby.tileIds()).filter((id) => !pageOne.includes(id)).length, { timeout: 15_000 }).toBe(24);
    const pageTwo = await lobby.tileIds();

    // A tile far down the page: its free demo.
    const demo = panel.getByRole('button', { name: /^Play the free demo of / }).nth(13);
    await demo.scrollIntoViewIfNeeded();
    const scrolledTo = await page.evaluate(() => window.scrollY);
    expect(scrolledTo).toBeGreaterThan(400);
    const game = new GamePage(page, 'en');
    const backAtPlace = async () => {
      await page.waitForURL((url) => url.pathname === '/');
      expect(await lobby.menuTab('RNG').getAttribute('aria-selected')).toBe('true');
      await panel.getByRole('button', { name: 'PG Soft', pressed: true }).waitFor();
      await lobby.currentPage(2).waitFor();
      await expect.poll(() => lobby.tileIds(), { timeout: 15_000 }).toEqual(pageTwo);
      await expect.poll(() => page.evaluate(() => window.scrollY), { timeout: 5_000 }).toBeGreaterThan(scrolledTo - 80);
      expect(await page.evaluate(() => window.scrollY)).toBeLessThan(scrolledTo + 80);
    };
    // The browser's own Back (decision 057), then the page's "Back to the lobby" (decision 055).
    await demo.click();
    await page.waitForURL((url) => url.pathname === '/seamless');
    await page.goBack();
    await backAtPlace();
    await demo.click();
    await page.waitForURL((url) => url.pathname === '/seamless');
    await game.backLink().click();
    await backAtPlace();
    await context.close();
  });

  it('signs up from a free demo and is back on that game, now for real', async () => {
    const { context, page } = await newVisitor(browser, { locale: 'en-GB', ip: freshIp(), viewport: PHONE });
    await closeNoticesWhenShown(page);
    await page.goto('/rng?vassalage=PG');
    const lobby = new LobbyPage(page, 'en');
    await expect.poll(() => lobby.tiles().count(), { timeout: 20_000 }).toBe(24);
    await page
      .getByRole('button', { name: /^Play the free demo of / })
      .first()
      .click();
    await page.waitForURL((url) => url.pathname === '/seamless' && url.searchParams.get('demo') === '1');
    const gameUrl = new URL(page.url());
    const game = new GamePage(page, 'en');
    await page.getByRole('button', { name: game.t('player.playForReal') }).click();
    await page
      .getByTestId('loginPopupModal')
      .getByRole('button', { name: /^Sign up/ })
      .click();

    const register = new RegisterPopup(page);
    await register.dialog.getByRole('heading', { name: 'Sign up' }).waitFor();
    const username = `demo${Date.now().toString().slice(-7)}`;
    await register.field('Username').fill(username);
    await register.field('Password').fill('play1234');
    await register.field('Confirm password').fill('play1234');
    await solveCaptcha(register.dialog);
    await register.dialog.getByRole('checkbox', { name: /years of age or older/ }).check();
    await register.dialog.getByRole('checkbox', { name: /accept the Terms and Conditions/ }).check();
    await register.submit();
    await new SiteHeader(page).accountButton(username).waitFor();
    // Still that game's page, not the home lobby.
    const after = new URL(page.url());
    expect(after.pathname).toBe('/seamless');
    expect(after.searchParams.get('nodeId')).toBe(gameUrl.searchParams.get('nodeId'));
    await context.close();
  });
});

import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, newVisitor } from '../support/browser.ts';
import { closeNoticesWhenShown, dialogWith, LoginPopup, SiteHeader, signUpNewMember } from '../support/pages/account.ts';

/**
 * Issue 18, player protection: a member sets a daily deposit limit in the security centre's responsible-gaming page,
 * is refused a deposit above it with the message, asks to raise it and sees the 24-hour wait; then self-excludes and
 * cannot log in again.
 */
const PASSWORD = 'secure1234';

describe('player protection', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(() => browser?.close());

  it('deposit limit refuses above it, a raise waits 24 hours; self-exclusion shuts login', async () => {
    const visitor = await newVisitor(browser, { locale: 'en-GB', ip: '10.79.0.18' });
    const page = visitor.page;
    await closeNoticesWhenShown(page);
    await page.goto('/');
    const username = await signUpNewMember(page, 'rg', PASSWORD);

    await page.goto('/member?page=securityCenter');
    await page.getByRole('link', { name: 'Set limits' }).click();
    await page.getByRole('heading', { level: 2, name: 'Responsible gaming' }).waitFor();
    const field = page.getByRole('textbox', { name: 'New daily deposit limit' });
    const row = page.getByRole('listitem').filter({ has: field });
    await field.fill('1000');
    await row.getByRole('button', { name: 'Set limit' }).click();
    await row.getByText('Saved. It applies now.').waitFor();
    await row.getByText('৳0.00 of ৳1,000.00 used', { exact: false }).waitFor();

    // Above the limit: refused with the message, no order made.
    await page.goto('/member?page=depositv2');
    await page.getByRole('heading', { level: 2, name: 'Deposit' }).waitFor();
    await page.getByRole('textbox', { name: 'Amount' }).fill('1500');
    await page.getByRole('button', { name: 'Continue to payment' }).click();
    await page.getByText('This deposit would go over the deposit limit you set.', { exact: false }).waitFor();

    // A raise waits 24 hours and then needs confirming; the limit stays as it was meanwhile.
    await page.goto('/member?page=responsibleGaming');
    await field.fill('5000');
    await row.getByRole('button', { name: 'Set limit' }).click();
    await row.getByText(/Change to ৳5,000\.00 requested\. You can confirm it from/).waitFor();
    expect(await row.getByRole('button', { name: 'Confirm change' }).isDisabled()).toBe(true);
    await row.getByText('৳1,000.00', { exact: true }).waitFor();

    // Self-exclusion: confirmed in a dialog, shown at once, and the next login is refused with the reason.
    await page.getByRole('combobox', { name: 'How long' }).last().selectOption('6M');
    await page.getByRole('button', { name: 'Self-exclude' }).click();
    await dialogWith(page, 'cannot be undone early').getByRole('button', { name: 'Yes, start now' }).click();
    await page.getByText('You are self-excluded until', { exact: false }).waitFor();
    await page.getByRole('link', { name: 'Withdraw my balance' }).waitFor();

    // Logging out on a member page goes home, without the login popup asking at once to log in again.
    await new SiteHeader(page).logOut();
    await page.waitForURL((url) => url.pathname === '/' && url.search === '');
    await page.waitForTimeout(500);
    expect(await new LoginPopup(page).dialog.count()).toBe(0);
    const login = new LoginPopup(page);
    await login.open();
    await login.fill(username, PASSWORD);
    await login.submit();
    await login.dialog.getByText('Your account is self-excluded at your request.', { exact: false }).waitFor();
    expect(await page.evaluate(() => sessionStorage.getItem('token'))).toBeNull();
    await visitor.context.close();
  }, 180_000);
});

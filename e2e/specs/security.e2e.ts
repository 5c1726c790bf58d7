import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, newVisitor } from '../support/browser.ts';
import { closeNoticesWhenShown, dialogWith, LoginPopup, SiteHeader, signUpNewMember } from '../support/pages/account.ts';

/**
 * Issue 15, security centre part 1: a member on a phone edits the account info (the full name confirmed as final),
 * sees this device among the active sessions and the login in the history, then signs out a second device, which
 * is refused at once.
 */
const PASSWORD = 'secure1234';

describe('security centre', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(() => browser?.close());

  it('edits account info, lists sessions and logins, and signs another device out', async () => {
    const phone = await newVisitor(browser, { locale: 'en-GB', ip: '10.78.0.1', viewport: { width: 360, height: 740 } });
    await closeNoticesWhenShown(phone.page);
    await phone.page.goto('/');
    const username = await signUpNewMember(phone.page, 'sc', PASSWORD);

    await phone.page.goto('/member?page=securityCenter');
    const page = phone.page;
    await page.getByRole('heading', { level: 2, name: 'Security centre' }).waitFor();
    const sessions = page.locator('section', { has: page.getByRole('heading', { name: 'Active sessions' }) });
    await sessions.getByText('This device').waitFor();
    const history = page.locator('section', { has: page.getByRole('heading', { name: 'Login history' }) });
    await history.getByText('Signed in').first().waitFor();
    await history.getByText('at registration').first().waitFor();

    // Account info: a bad nickname is said at the field; then a good edit, the full name confirmed as final.
    await page.getByRole('textbox', { name: 'Nickname' }).fill('x');
    await page.getByRole('button', { name: 'Save changes' }).click();
    await page.getByText('The nickname must be 2 to 20 letters').waitFor();
    await page.getByRole('textbox', { name: 'Nickname' }).fill('Lucky Sam');
    await page.getByRole('img', { name: 'Avatar 5' }).click();
    expect(await page.getByRole('radio', { name: 'Avatar 5' }).isChecked()).toBe(true);
    await page.getByLabel('Date of birth').fill('1990-05-17');
    await page.getByRole('textbox', { name: 'Full name (payee name)' }).fill('Sam Carter');
    await page.getByRole('button', { name: 'Save changes' }).click();
    const confirm = dialogWith(page, 'Withdrawals are paid only to this name');
    await confirm.waitFor();
    await confirm.getByRole('button', { name: 'Save changes' }).click();
    await page.getByText('Your account info was saved.').waitFor();
    await page.getByText('Sam Carter').waitFor();
    expect(await page.getByRole('textbox', { name: 'Full name (payee name)' }).count()).toBe(0);
    // Nothing spills sideways on a 360 px phone.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);

    // A second device logs in; the phone sees it and signs it out.
    const desk = await newVisitor(browser, { locale: 'en-GB', ip: '10.78.0.2' });
    await closeNoticesWhenShown(desk.page);
    await desk.page.goto('/');
    const login = new LoginPopup(desk.page);
    await login.open();
    await login.fill(username, PASSWORD);
    await login.submit();
    await new SiteHeader(desk.page).accountButton().waitFor();

    await page.reload();
    await page.getByRole('heading', { level: 2, name: 'Security centre' }).waitFor();
    const other = sessions.getByRole('button', { name: /^Sign out .*\(10\.78\.0\.2\)$/ });
    await other.waitFor();
    await other.click();
    const sure = dialogWith(page, 'will be signed out at once');
    await sure.waitFor();
    await sure.getByRole('button', { name: 'Sign out' }).click();
    await page.getByText('That device was signed out.').waitFor();
    expect(await sessions.getByRole('button', { name: /^Sign out .*\(10\.78\.0\.2\)$/ }).count()).toBe(0);

    // The signed-out device is refused at once: its next visit finds no session.
    const status = await desk.page.evaluate(async () => {
      const res = await fetch('/wps/member/info', { headers: { authorization: sessionStorage.getItem('token') ?? '' } });
      return res.status;
    });
    expect(status).toBe(401);
    await phone.context.close();
    await desk.context.close();
  });
});

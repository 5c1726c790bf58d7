import { Secret, TOTP } from 'otpauth';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, newVisitor } from '../support/browser.ts';
import { closeNoticesWhenShown, LoginPopup, SiteHeader, signUpNewMember } from '../support/pages/account.ts';

/**
 * Issue 15, security centre part 2: a member turns two-step login on with an authenticator app (the test is the
 * app: it computes codes from the key the page shows), keeps the recovery codes, logs out, and logs in again with
 * the password and then the app's code; a wrong code is refused at the field.
 */
const PASSWORD = 'secure1234';

const codeAt = (secret: string, at: number) =>
  new TOTP({ algorithm: 'SHA1', digits: 6, period: 30, secret: Secret.fromBase32(secret) }).generate({ timestamp: at });

describe('two-step login', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(() => browser?.close());

  it('is turned on with the app, then asked for at login', async () => {
    const visitor = await newVisitor(browser, { locale: 'en-GB', ip: '10.79.0.1' });
    const page = visitor.page;
    await closeNoticesWhenShown(page);
    await page.goto('/');
    const username = await signUpNewMember(page, 'ts', PASSWORD);

    await page.goto('/member?page=securityCenter');
    const card = page.locator('section', { has: page.getByRole('heading', { name: 'Two-step login (authenticator app)' }) });
    await card.getByText('Off', { exact: true }).waitFor();
    await card.getByRole('button', { name: 'Set up two-step login' }).click();
    await card.getByRole('img', { name: 'QR code for your authenticator app' }).waitFor();
    const secret = (await card.getByTestId('two-step-secret').getAttribute('data-secret')) ?? '';
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    // The key as shown, in groups of four, is the same key.
    expect((await card.getByTestId('two-step-secret').textContent())?.replace(/\s/g, '')).toBe(secret);

    const field = card.getByRole('textbox', { name: 'Code from the app' });
    await field.fill('12');
    await card.getByRole('button', { name: 'Turn on' }).click();
    await card.getByText('Enter the 6 digits the app shows.').waitFor();
    await field.fill(codeAt(secret, Date.now()));
    await card.getByRole('button', { name: 'Turn on' }).click();
    const codes = card.getByTestId('recovery-codes').getByRole('listitem');
    await codes.first().waitFor();
    expect(await codes.count()).toBe(10);
    await card.getByRole('button', { name: 'I have saved them' }).click();
    await card.getByText('On', { exact: true }).waitFor();
    await card.getByText('Recovery codes left').waitFor();

    await new SiteHeader(page).logOut();
    // Logged out on a member page: start again from the lobby, as a person would.
    await page.goto('/');
    const login = new LoginPopup(page);
    await login.open();
    await login.fill(username, PASSWORD);
    await login.submit();
    const code = login.dialog.getByRole('textbox', { name: /Authenticator code \(Google code\)/ });
    await code.waitFor();
    // Only the right code opens the session: the password alone gave none.
    expect(await page.evaluate(() => sessionStorage.getItem('token'))).toBeNull();
    const now = codeAt(secret, Date.now());
    await code.fill(now === '000000' ? '111111' : '000000');
    await login.dialog.getByRole('button', { name: 'Verify and log in' }).click();
    await login.dialog.getByText('That code is not right.', { exact: false }).waitFor();
    // The setup accepted the code of its 30-second step: the login takes a later one (the app's next code).
    await code.fill(codeAt(secret, Date.now() + 30_000));
    await login.dialog.getByRole('button', { name: 'Verify and log in' }).click();
    await new SiteHeader(page)
      .accountButton(username)
      .waitFor()
      .catch(async (err) => {
        // What the member saw instead, for whoever reads the failure.
        await page.screenshot({ path: `${process.env.E2E_SHOTS ?? '/tmp'}/security-two-step-failure.png` });
        throw err;
      });
    expect(await page.evaluate(() => sessionStorage.getItem('token'))).toBeTruthy();
    await visitor.context.close();
    // A slow shared machine: sign-up, setup and two logins take more than the default minute there.
  }, 180_000);
});

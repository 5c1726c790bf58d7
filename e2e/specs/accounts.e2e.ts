import { sealForServer } from '@playfront/contract/encrypted-payload';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lastOutboxCode, launchBrowser, newVisitor, operator, site } from '../support/browser.ts';
import { closeNoticesWhenShown, dialogWith, LoginPopup, RegisterPopup, SiteHeader, solveCaptcha } from '../support/pages/account.ts';

/** The demo seed's accounts (apps/server/src/seed/demo-accounts.ts); the default password is the one operators hand out. */
const DEMO_PASSWORD = 'demo1234';
/** The seeded one-time initial password of `demodefault` (apps/server/src/seed/demo-accounts.ts). */
const DEMO_INITIAL_PASSWORD = 'welcome-PF-2026';

/** Each journey comes from its own address, so login-failure counters and the new-device check never cross. */
let nextIp = 10;
const freshIp = () => `10.77.0.${nextIp++}`;

const sessionValue = (page: Page, key: string) => page.evaluate((k) => sessionStorage.getItem(k), key);

/** A login made outside the browser (as the app or an operator link would), returning the session token. */
async function tokenFor(username: string, password: string, ip: string): Promise<string> {
  const base = site().baseUrl;
  const key = (await (await fetch(`${base}/wps/session/publicKey`)).json()) as { value: { publicKey: string; serverTime: number } };
  const path = '/wps/session/login';
  const sealed = await sealForServer(
    key.value.publicKey,
    { type: 'username', username, password, site: 'member' },
    { path, now: key.value.serverTime },
  );
  const res = await fetch(`${base}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', encryption: sealed.header, 'x-forwarded-for': ip },
    body: JSON.stringify(sealed.body),
  });
  const answer = (await res.json()) as { value?: { token?: string } };
  if (!answer.value?.token) throw new Error(`login failed: ${JSON.stringify(answer)}`);
  return answer.value.token;
}

/** A single-use sign-in code for a `/?token=` link, as the app QR asks for one. */
async function signInCodeFor(token: string): Promise<string> {
  const res = await fetch(`${site().baseUrl}/wps/session/handoff`, { method: 'POST', headers: { authorization: token } });
  const answer = (await res.json()) as { value?: { code?: string } };
  if (!answer.value?.code) throw new Error(`no sign-in code: ${JSON.stringify(answer)}`);
  return answer.value.code;
}

describe('accounts on the member site', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(() => browser?.close());

  describe('a new member', () => {
    it('registers by username, logs out, logs in again, and resets a forgotten password by e-mail', async () => {
      const { context, page } = await newVisitor(browser, { locale: 'en-GB', ip: freshIp() });
      await closeNoticesWhenShown(page);
      const username = `new${Date.now().toString().slice(-7)}`;
      const header = new SiteHeader(page);
      const register = new RegisterPopup(page);
      await page.goto('/?referralCode=FRIEND42');
      await register.open();
      await expect(register.dialog.getByRole('tab', { name: 'By username' }).getAttribute('aria-selected')).resolves.toBe('true');
      await register.dialog.getByRole('tab', { name: 'By mobile' }).waitFor();

      // Only the fields the brand's rules show: e-mail and WhatsApp yes, QQ no.
      await register.field('E-mail').waitFor();
      await register.field('WhatsApp number').waitFor();
      expect(await register.dialog.getByRole('textbox', { name: 'QQ number' }).count()).toBe(0);

      // An empty form: errors under the fields, the terms inline.
      await register.submit();
      await expect.poll(() => register.errorOf('Username')).toBe('Input cannot be empty.');
      await register.dialog.getByText('Terms must be agreed.').waitFor();

      // The rule's own message with its bounds, and the confirmation check.
      await register.field('Username').fill('9lives');
      await register.field('Password').fill('play1234');
      await register.field('Confirm password').fill('play1235');
      await register.submit();
      await expect.poll(() => register.errorOf('Username')).toBe('Please enter 6 - 11 letters or digits, starting with a letter.');
      await expect.poll(() => register.errorOf('Confirm password')).toBe('Incorrect confirmation input');

      await register.field('Username').fill(username);
      await register.field('Confirm password').fill('play1234');
      await register.field('E-mail').fill(`${username}@example.test`);
      await solveCaptcha(register.dialog);
      await register.dialog.getByRole('checkbox', { name: /years of age or older/ }).check();
      await register.dialog.getByRole('checkbox', { name: /accept the Terms and Conditions/ }).check();

      // An invitation code that is no agent's is refused with a warning before anything is registered.
      await register.field('Invitation code').fill('NOSUCH42');
      await register.submit();
      const warning = dialogWith(page, 'Invalid invitation code.');
      await warning.waitFor();
      await warning.getByRole('button', { name: 'OK' }).click();
      await expect.poll(() => register.errorOf('Invitation code')).toBe('Invalid invitation code.');
      await register.field('Invitation code').fill('');
      await register.submit();

      await header.accountButton(username).waitFor();
      expect(await register.dialog.count()).toBe(0);
      expect(new URL(page.url()).pathname).toBe('/');
      expect(await sessionValue(page, 'username')).toBe(username);

      await header.logOut();
      expect(await sessionValue(page, 'token')).toBeNull();
      expect(await sessionValue(page, 'merchantCode')).toBe('PFBD');

      const login = new LoginPopup(page);
      await login.open();
      await login.fill(username, 'play1234');
      await login.dialog.getByRole('checkbox', { name: 'Remember me' }).check();
      await login.submit();
      await header.accountButton(username).waitFor();

      // Remember-me keeps the username for the next login, and never the password: no cookie, no storage holds it.
      const stored = async () =>
        JSON.stringify([
          await page.context().cookies(),
          await page.evaluate(() => [Object.entries(localStorage), Object.entries(sessionStorage), document.cookie]),
        ]);
      expect(await stored()).not.toContain('play1234');
      await header.logOut();
      await login.open();
      expect(await login.dialog.getByRole('textbox', { name: 'Username' }).inputValue()).toBe(username);
      expect(await login.dialog.getByRole('textbox', { name: 'Password' }).inputValue()).toBe('');
      expect(await stored()).not.toContain('play1234');

      // Forgotten password, by e-mail: a code arrives, the member sets a new password and is logged in with it.
      await login.dialog.getByRole('button', { name: 'Forgot password?' }).click();
      const forgot = page.getByTestId('forgetPassModal');
      await forgot.getByRole('textbox', { name: 'Username' }).fill(username);
      await forgot.getByRole('textbox', { name: 'E-mail' }).fill(`${username}@example.test`);
      await forgot.getByRole('button', { name: 'Send reset code' }).click();
      const sent = dialogWith(page, 'a reset code is on its way');
      await sent.waitFor();
      expect(await forgot.count()).toBe(0);
      await sent.getByRole('button', { name: 'Enter the code' }).click();
      const mail = (await operator('GET', `/ops/outbox?recipient=${encodeURIComponent(`${username}@example.test`)}`)) as {
        value: { payload: { code?: string } }[];
      };
      await forgot.getByRole('textbox', { name: 'Code from the e-mail' }).fill(mail.value[0]?.payload.code ?? '');
      await forgot.getByRole('textbox', { name: 'New password' }).fill('reset2026');
      await forgot.getByRole('button', { name: 'Set new password' }).click();
      await header.accountButton(username).waitFor();
      await context.close();
    }, 120_000);
  });

  describe('a member who registers by mobile', () => {
    it('signs up with an SMS code, later resets the password by SMS, and logs in with an SMS code', async () => {
      const { context, page } = await newVisitor(browser, { locale: 'en-GB', ip: freshIp() });
      await closeNoticesWhenShown(page);
      const national = `17${Date.now().toString().slice(-8)}`;
      const e164 = `+880${national}`;
      const header = new SiteHeader(page);
      const register = new RegisterPopup(page);
      await page.goto('/');
      await register.open();
      await register.dialog.getByRole('tab', { name: 'By mobile' }).click();
      // The mobile is the username: no username field on this tab.
      expect(await register.dialog.getByRole('textbox', { name: 'Username', exact: true }).count()).toBe(0);

      await register.dialog.getByRole('textbox', { name: 'Mobile number' }).fill(`0${national}`);
      await solveCaptcha(register.dialog);
      await register.dialog.getByRole('button', { name: 'Get code' }).click();
      // The captcha is asked once, for the code (issue 22): not again to register.
      await register.dialog.getByText('A code was sent to this mobile number. It works for 5 minutes.').waitFor();
      await register.dialog.getByRole('button', { name: /^Resend in \d+ s$/ }).waitFor();
      await register.field('Verification code').fill(await lastOutboxCode(e164));
      await register.field('Password').fill('mobile123');
      await register.field('Confirm password').fill('mobile123');
      await register.dialog.getByRole('checkbox', { name: /years of age or older/ }).check();
      await register.dialog.getByRole('checkbox', { name: /accept the Terms and Conditions/ }).check();
      await register.submit();
      await header.accountButton(national).waitFor();
      await header.logOut();

      // Forgot password, by mobile: a code, a new password, and the member is logged in with it.
      const login = new LoginPopup(page);
      await login.open();
      await login.dialog.getByRole('button', { name: 'Forgot password?' }).click();
      const forgot = page.getByTestId('forgetPassModal');
      await forgot.getByRole('tab', { name: 'By mobile' }).click();
      await forgot.getByRole('textbox', { name: 'Mobile number' }).fill(national);
      await solveCaptcha(forgot);
      await forgot.getByRole('button', { name: 'Get code' }).click();
      await forgot.getByText('A code was sent to this mobile number.').waitFor();
      await forgot.getByRole('textbox', { name: 'Verification code' }).fill(await lastOutboxCode(e164));
      await forgot.getByRole('textbox', { name: 'New password' }).fill('renewed123');
      await forgot.getByRole('button', { name: 'Set new password' }).click();
      await header.accountButton(national).waitFor();
      expect(await forgot.count()).toBe(0);
      await header.logOut();

      // SMS-code login, remembering the number.
      await login.open();
      await login.dialog.getByRole('tab', { name: 'SMS code' }).click();
      await login.dialog.getByRole('textbox', { name: 'Mobile number' }).fill(national);
      await solveCaptcha(login.dialog);
      await login.dialog.getByRole('button', { name: 'Get code' }).click();
      await login.dialog.getByText('A code was sent to this mobile number.').waitFor();
      await login.dialog.getByRole('textbox', { name: 'Verification code' }).fill(await lastOutboxCode(e164));
      await login.dialog.getByRole('checkbox', { name: 'Remember my mobile number' }).check();
      await login.submit();
      await header.accountButton(national).waitFor();
      await header.logOut();
      await login.open();
      await login.dialog.getByRole('tab', { name: 'SMS code' }).click();
      expect(await login.dialog.getByRole('textbox', { name: 'Mobile number' }).inputValue()).toBe(national);
      await context.close();
    }, 120_000);
  });

  describe('a visitor arriving with a sign-in link', () => {
    it('is told whose account the link opened (the code leaves the address bar), and sees the balance and a copyable account id', async () => {
      const ip = freshIp();
      const code = await signInCodeFor(await tokenFor('demodown1', DEMO_PASSWORD, ip));
      const { context, page } = await newVisitor(browser, { locale: 'en-GB', ip });
      await closeNoticesWhenShown(page);
      await page.goto(`/?token=${encodeURIComponent(code)}&referralCode=ABC`);
      const opened = dialogWith(page, 'This tab is now signed in as demodown1.');
      await opened.waitFor();
      expect(new URL(page.url()).search).toBe('?referralCode=ABC');
      await opened.getByRole('button', { name: 'Continue' }).click();
      const header = new SiteHeader(page);
      await header.accountButton('Downline One').waitFor();
      // The tab holds a session of its own, never the code.
      const token = await sessionValue(page, 'token');
      expect(token).toBeTruthy();
      expect(token).not.toBe(code);

      // The header: the balance from the wallet, and the account id copied with a confirmation.
      await expect.poll(() => header.banner.locator('.balance-amount').textContent()).toMatch(/^৳[\d,]+\.\d{2}$/);
      await context.grantPermissions(['clipboard-read', 'clipboard-write']);
      const panel = await header.openAccountMenu('Downline One');
      const id = await sessionValue(page, 'customerId');
      await panel.getByRole('button', { name: 'Copy account ID' }).click();
      await dialogWith(page, `Account ID ${id} copied.`).waitFor();
      expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(id);

      // The same link again (history, a forwarded message): used up, and the tab keeps its session.
      await page.goto(`/?token=${encodeURIComponent(code)}`);
      await dialogWith(page, 'This sign-in link has expired or was already used.').waitFor();
      expect(await sessionValue(page, 'token')).toBe(token);
      await context.close();
    });

    it('never replaces the account already signed in without asking, and a session token in a link opens nothing', async () => {
      const ip = freshIp();
      const { context, page } = await newVisitor(browser, { locale: 'en-GB', ip });
      await closeNoticesWhenShown(page);
      const header = new SiteHeader(page);
      // Signed in as demodown1 in this tab.
      await page.goto(`/?token=${encodeURIComponent(await signInCodeFor(await tokenFor('demodown1', DEMO_PASSWORD, ip)))}`);
      await dialogWith(page, 'This tab is now signed in as demodown1.').getByRole('button', { name: 'Continue' }).click();
      await header.accountButton('Downline One').waitFor();
      const mine = await sessionValue(page, 'token');

      // Someone sends a link to their own account (login CSRF): the visitor is asked, and keeps theirs.
      const theirs = await tokenFor('demodown2', DEMO_PASSWORD, ip);
      await page.goto(`/member?token=${encodeURIComponent(await signInCodeFor(theirs))}`);
      const ask = dialogWith(page, 'The link you opened signs in as demodown2, but this tab is signed in as demodown1.');
      await ask.waitFor();
      await ask.getByRole('button', { name: 'Keep my account' }).click();
      await header.accountButton('Downline One').waitFor();
      expect(await sessionValue(page, 'token')).toBe(mine);

      // The old kind of link, with a session token itself: refused, nobody is signed in by it.
      await page.evaluate(() => sessionStorage.clear());
      await page.goto(`/?token=${encodeURIComponent(theirs)}`);
      await dialogWith(page, 'This sign-in link has expired or was already used.').waitFor();
      expect(await sessionValue(page, 'token')).toBeNull();
      await header.loginButton().waitFor();
      await context.close();
    });
  });

  describe('a visitor who mistypes the password', () => {
    it('is shown a captcha after the failure and gets in by answering it', async () => {
      const { context, page } = await newVisitor(browser, { locale: 'en-GB', ip: freshIp() });
      await closeNoticesWhenShown(page);
      const login = new LoginPopup(page);
      await page.goto('/');
      await login.open();
      expect(await login.dialog.getByRole('textbox', { name: 'Captcha' }).count()).toBe(0);
      await login.fill('demodown1', 'wrong-password1');
      await login.submit();
      await expect.poll(async () => login.alert().textContent()).toBe('Incorrect username or password.');
      await login.dialog.locator('.captcha-image img').waitFor();

      // Pressing the image twice within a second loads one new image, not two.
      const first = await login.dialog.locator('.captcha-image img').getAttribute('src');
      const captchaCalls: string[] = [];
      page.on('request', (r) => {
        if (r.url().includes('/wps/captcha')) captchaCalls.push(r.url());
      });
      // Two presses 0 ms apart, whatever the machine's load.
      await login.dialog.getByRole('button', { name: 'Show a new captcha image' }).evaluate((button: HTMLElement) => {
        button.click();
        button.click();
      });
      await expect.poll(() => login.dialog.locator('.captcha-image img').getAttribute('src')).not.toBe(first);
      await page.waitForTimeout(300);
      expect(captchaCalls).toHaveLength(1);

      await login.dialog.getByRole('textbox', { name: 'Password' }).fill(DEMO_PASSWORD);
      await solveCaptcha(login.dialog);
      await login.submit();
      await new SiteHeader(page).accountButton('Downline One').waitFor();
      await context.close();
    });
  });

  describe('a member logging in from a device the account has not used', () => {
    it('is asked for the code sent to the mobile on file', async () => {
      const home = await newVisitor(browser, { locale: 'en-GB', ip: freshIp() });
      await closeNoticesWhenShown(home.page);
      await home.page.goto('/');
      const first = new LoginPopup(home.page);
      await first.open();
      await first.fill('demomember', DEMO_PASSWORD);
      await first.submit();
      await new SiteHeader(home.page).accountButton('Demo Member').waitFor();
      await home.context.close();

      const away = await newVisitor(browser, { locale: 'en-GB', ip: freshIp() });

      await closeNoticesWhenShown(away.page);
      const login = new LoginPopup(away.page);
      await away.page.goto('/');
      await login.open();
      await login.fill('demomember', DEMO_PASSWORD);
      await login.submit();
      await login.dialog.getByText('Enter the code we sent to +880 ******0001.').waitFor();
      await login.dialog.getByRole('textbox', { name: 'Verification code' }).fill(await lastOutboxCode('+8801711000001'));
      await login.submit();
      await new SiteHeader(away.page).accountButton('Demo Member').waitFor();
      await away.context.close();
    });
  });

  describe('an account made for someone, with a one-time initial password', () => {
    it('must choose a new password before anything else, then is logged in with it', async () => {
      const { context, page } = await newVisitor(browser, { locale: 'en-GB', ip: freshIp() });
      await closeNoticesWhenShown(page);
      const login = new LoginPopup(page);
      await page.goto('/');
      await login.open();
      await login.fill('demodefault', DEMO_INITIAL_PASSWORD);
      await login.submit();

      const change = page.getByTestId('changePassModal');
      await change.getByText('This is your first login').waitFor();
      // Forced: no close button, Escape does nothing, the old password is not asked again, nothing is stored yet.
      expect(await change.getByRole('button', { name: 'Close' }).count()).toBe(0);
      await page.keyboard.press('Escape');
      await change.waitFor();
      expect(await change.getByRole('textbox', { name: 'Current password' }).count()).toBe(0);
      expect(await sessionValue(page, 'token')).toBeNull();

      await change.getByRole('textbox', { name: 'New password', exact: true }).fill('short');
      await change.getByRole('textbox', { name: 'Confirm new password' }).fill('short');
      await change.getByRole('button', { name: 'Save new password' }).click();
      await change.getByText('Please enter 8 - 128 characters.', { exact: false }).first().waitFor();

      await change.getByRole('textbox', { name: 'New password', exact: true }).fill('mine2026');
      await change.getByRole('textbox', { name: 'Confirm new password' }).fill('mine2026');
      await change.getByRole('button', { name: 'Save new password' }).click();
      await new SiteHeader(page).accountButton('Demo Default').waitFor();
      expect(await change.count()).toBe(0);
      expect(await sessionValue(page, 'token')).not.toBeNull();
      await context.close();
    });
  });

  describe('a visitor trying free play', () => {
    it('gets a trial account that is refused the member centre with the need-real-account dialog', async () => {
      const { context, page } = await newVisitor(browser, { locale: 'en-GB', ip: freshIp() });
      await closeNoticesWhenShown(page);
      const login = new LoginPopup(page);
      const header = new SiteHeader(page);
      await page.goto('/');
      await login.open();
      await login.dialog.getByRole('button', { name: 'Try free play' }).click();
      await header.accountButton().waitFor();
      expect(await login.dialog.count()).toBe(0);

      // Refused on the spot: the dialog, and no page was even opened (history unchanged).
      const historyLength = () => page.evaluate(() => window.history.length);
      const dialog = dialogWith(page, 'This needs a real account.');
      const before = await historyLength();
      await header.banner.getByRole('link', { name: 'Deposit' }).click();
      await dialog.waitFor();
      await dialog.getByRole('button', { name: 'Confirm' }).click();
      await dialog.waitFor({ state: 'detached' });

      const panel = await header.openAccountMenu();
      await panel.getByText('Free play', { exact: true }).waitFor();
      await panel.getByRole('link', { name: 'Security centre' }).click();
      await dialog.waitFor();
      await dialog.getByRole('button', { name: 'Confirm' }).click();
      expect(await historyLength()).toBe(before);
      expect(new URL(page.url()).pathname).toBe('/');

      // Typing the address does not help either.
      await page.goto('/member');
      await dialogWith(page, 'This needs a real account.').waitFor();
      await page.waitForURL((url) => url.pathname === '/');
      await context.close();
    });
  });
});

describe('accounts on the agent site', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(() => browser?.close());

  it('an agent logs in on /agent and lands on /agentHome, and logs out back to /agent', async () => {
    const { context, page } = await newVisitor(browser, { locale: 'en-GB', ip: freshIp() });
    await closeNoticesWhenShown(page);
    await page.goto('/agent');
    const form = page.locator('.agent-login-card');
    await form.getByRole('textbox', { name: 'Agent username' }).fill('demoagent');
    await form.getByRole('textbox', { name: 'Password' }).fill(DEMO_PASSWORD);
    await form.getByRole('button', { name: 'Log in' }).click();
    await page.waitForURL((url) => url.pathname === '/agentHome');
    await page.getByText('Hello, Demo Agent').waitFor();
    await page.getByRole('navigation', { name: 'Agent centre pages' }).getByRole('link', { name: 'Team management' }).waitFor();

    // The clock ticks every second.
    const clock = page.locator('.agent-clock');
    const before = await clock.textContent();
    await expect.poll(() => clock.textContent(), { timeout: 3000 }).not.toBe(before);

    await page.getByRole('button', { name: 'Log out' }).click();
    await dialogWith(page, 'Are you sure you want to log out?').getByRole('button', { name: 'Log out' }).click();
    await page.waitForURL((url) => url.pathname === '/agent');
    await context.close();
  });

  it('a member is refused with the non-agent message (in Bengali, the default language)', async () => {
    const { context, page } = await newVisitor(browser, { locale: 'bn-BD', ip: freshIp() });
    await closeNoticesWhenShown(page);
    await page.goto('/agent');
    const form = page.locator('.agent-login-card');
    await form.getByRole('textbox', { name: 'এজেন্ট ইউজারনেম' }).fill('demomember');
    await form.getByRole('textbox', { name: 'পাসওয়ার্ড' }).fill(DEMO_PASSWORD);
    await form.getByRole('button', { name: 'লগইন' }).click();
    await expect.poll(() => form.getByRole('alert').textContent()).toBe('এজেন্ট ছাড়া কেউ লগইন করতে পারবেন না।');
    expect(new URL(page.url()).pathname).toBe('/agent');
    expect(await sessionValue(page, 'token')).toBeNull();

    // And /agentHome without an agent session is the agent login again.
    await page.goto('/agentHome');
    await page.waitForURL((url) => url.pathname === '/agent');
    await context.close();
  });
});

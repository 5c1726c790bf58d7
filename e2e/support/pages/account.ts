import type { Locator, Page } from 'playwright-core';
import { E2E_CAPTCHA_ANSWER } from '../captcha.ts';

/** A notice popup (the lobby's greeting, shown once per session), in either language. */
export const noticePopup = (page: Page): Locator =>
  page.getByTestId('publicModal').filter({ has: page.getByRole('heading', { name: /^(Notice|বিজ্ঞপ্তি)$/ }) });
const closeNoticeButton = (notice: Locator) => notice.getByRole('button', { name: /^(Close|বন্ধ করুন)$/ });

/**
 * The home page greets visitors with notice popups (the lobby's, once per
 * session); a person closes them and carries on. Registered once per page, the
 * handler closes any that stands in the way of the next action.
 */
export async function closeNoticesWhenShown(page: Page): Promise<void> {
  const notice = noticePopup(page);
  // Several notices come one after another: close each as it appears, then let the action go on.
  await page.addLocatorHandler(
    notice.first(),
    async () => {
      while (await notice.first().isVisible()) {
        // Dispatched on the button itself: a dialog the page opened above the notice (a sign-in link's
        // question) must stay for the test to answer, not be dismissed by a click on its cover.
        await closeNoticeButton(notice.first()).dispatchEvent('click');
        await page.waitForTimeout(300);
      }
    },
    { noWaitAfter: true },
  );
}

/**
 * Waits until the notice popups a fresh guest is greeted with have been shown and closed (closing them here if the
 * handler above has not). For a step that is not an action (a focus, a key press): the handler runs only around
 * actions, and while a popup is open the page behind it is inert, so a focus given then is lost (the popups arrive
 * late on a loaded machine). "Closed" is what the site itself keeps: the session key listing the closed popups.
 */
export async function closeGreetingNotices(page: Page): Promise<void> {
  const notice = noticePopup(page).first();
  for (const started = Date.now(); ; ) {
    const visible = await notice.isVisible();
    if (!visible && (await page.evaluate(() => sessionStorage.getItem('noticePopupsGuest') !== null))) return;
    if (Date.now() - started > 20_000) throw new Error('the greeting notices were not shown and closed within 20 s');
    // Bounded: the handler may close it first, and a press on a button gone would wait for it.
    if (visible)
      await closeNoticeButton(notice)
        .dispatchEvent('click', undefined, { timeout: 2_000 })
        .catch(() => {});
    await page.waitForTimeout(300);
  }
}

/** One of the site's own dialogs (not a notice), found by its text. */
export const dialogWith = (page: Page, text: string | RegExp) => page.getByTestId('publicModal').filter({ hasText: text });

/** Types the answer of the captcha shown in `scope` once its image is there (the test server's fixed text, see captcha.ts). */
export async function solveCaptcha(scope: Locator): Promise<void> {
  const image = scope.locator('.captcha-image img');
  await image.waitFor();
  const src = await image.getAttribute('src');
  if (!src?.startsWith('data:image/png;base64,')) throw new Error(`captcha image is not a PNG: ${src?.slice(0, 40)}`);
  await scope.getByRole('textbox', { name: 'Captcha' }).fill(E2E_CAPTCHA_ANSWER);
}

/** The site header, as a visitor sees it (English labels). */
export class SiteHeader {
  constructor(readonly page: Page) {}
  get banner() {
    return this.page.getByRole('banner');
  }
  loginButton() {
    return this.banner.getByRole('button', { name: 'Log in' });
  }
  accountButton(name?: string) {
    return this.banner.getByRole('button', { name: name ? `Account menu of ${name}` : /^Account menu of / });
  }
  async openAccountMenu(name?: string) {
    await this.accountButton(name).click();
    return this.banner.locator('.account-panel');
  }
  async logOut() {
    const panel = await this.openAccountMenu();
    await panel.getByRole('button', { name: 'Log out' }).click();
    const dialog = dialogWith(this.page, 'Are you sure you want to log out?');
    await dialog.waitFor();
    await dialog.getByRole('button', { name: 'Log out' }).click();
    await this.loginButton().waitFor();
  }
}

/**
 * Presses a header button that opens a popup and waits for the popup's heading. A greeting notice that opens just as
 * the button is pressed takes the press on its cover (the notice handler then closes it, and no popup opened; on a
 * loaded machine the notices arrive late): press again, at most twice more, only while no such popup is there at all.
 */
async function openFromHeader(button: Locator, dialog: Locator, heading: Locator): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    await button.click();
    try {
      await heading.waitFor({ timeout: 10_000 });
      return;
    } catch (err) {
      if (!(err instanceof Error && err.name === 'TimeoutError')) throw err;
      if (attempt === 3 || (await dialog.count()) > 0) {
        await heading.waitFor();
        return;
      }
    }
  }
}

/** The login popup (loginPopupModal). */
export class LoginPopup {
  constructor(readonly page: Page) {}
  get dialog() {
    return this.page.getByTestId('loginPopupModal');
  }
  async open() {
    await openFromHeader(new SiteHeader(this.page).loginButton(), this.dialog, this.dialog.getByRole('heading', { name: 'Log in' }));
  }
  async fill(username: string, password: string) {
    await this.dialog.getByRole('textbox', { name: 'Username' }).fill(username);
    await this.dialog.getByRole('textbox', { name: 'Password' }).fill(password);
  }
  async submit() {
    await this.dialog.getByRole('button', { name: 'Log in', exact: true }).click();
  }
  alert() {
    return this.dialog.getByRole('alert');
  }
}

/** The registration popup (registerModal). */
export class RegisterPopup {
  constructor(readonly page: Page) {}
  get dialog() {
    return this.page.getByTestId('registerModal');
  }
  async open() {
    const button = new SiteHeader(this.page).banner.getByRole('button', { name: 'Sign up' });
    await openFromHeader(button, this.dialog, this.dialog.getByRole('heading', { name: 'Sign up' }));
  }
  field(name: string) {
    return this.dialog.getByRole('textbox', { name, exact: true });
  }
  /** The error shown under a field (linked to it by aria-describedby). */
  async errorOf(name: string): Promise<string> {
    const ids = (await this.field(name).getAttribute('aria-describedby')) ?? '';
    const errorId = ids.split(' ').find((id) => id.endsWith('-error'));
    if (!errorId) return '';
    return (await this.page.locator(`[id="${errorId}"]`).textContent()) ?? '';
  }
  async submit() {
    await this.dialog.getByRole('button', { name: 'Create account' }).click();
  }
}

/**
 * Signs a brand-new member up through the registration popup (English labels): username `<prefix><8 digits>`, an
 * e-mail of the test domain, the captcha read, the terms accepted; returns the username once the header shows it.
 */
export async function signUpNewMember(
  page: Page,
  prefix: string,
  password: string,
  options: { popupOpen?: boolean } = {},
): Promise<string> {
  const username = `${prefix}${Date.now().toString().slice(-8)}`;
  const register = new RegisterPopup(page);
  // A referral link (/register?…) opens the popup itself.
  if (options.popupOpen) await register.dialog.getByRole('heading', { name: 'Sign up' }).waitFor();
  else await register.open();
  await register.field('Username').fill(username);
  await register.field('Password').fill(password);
  await register.field('Confirm password').fill(password);
  await register.field('E-mail').fill(`${username}@example.test`);
  await solveCaptcha(register.dialog);
  await register.dialog.getByRole('checkbox', { name: /years of age or older/ }).check();
  await register.dialog.getByRole('checkbox', { name: /accept the Terms and Conditions/ }).check();
  await register.submit();
  await new SiteHeader(page).accountButton(username).waitFor();
  return username;
}

import { Secret, TOTP } from 'otpauth';
import type { Page } from 'playwright-core';
import { expect } from 'vitest';

/**
 * A staff member's authenticator: codes from the secret the console shows, each for a time step above the last one
 * used (the server refuses a replayed step), as a phone would give a new code every 30 s.
 */
export class Authenticator {
  private lastStep = 0;
  constructor(private readonly secret: string) {}
  code(): string {
    const totp = new TOTP({ secret: Secret.fromBase32(this.secret), algorithm: 'SHA1', digits: 6, period: 30 });
    const step = Math.max(Math.floor(Date.now() / 30_000), this.lastStep + 1);
    this.lastStep = step;
    return totp.generate({ timestamp: step * 30_000 });
  }
}

/** The console, as a staff member uses it (English). */
export class Console {
  constructor(readonly page: Page) {}
  nav(name: string) {
    return this.page.getByRole('navigation', { name: 'Console pages' }).getByRole('link', { name, exact: true });
  }
  async open(name: string) {
    await this.nav(name).click();
    await this.page.getByRole('heading', { level: 1, name }).waitFor();
  }
  /** Follows an enrolment link: password, QR + secret, recovery codes, first code → signed in. */
  async enrol(link: string, password: string): Promise<Authenticator> {
    await this.page.goto(link);
    await this.page.getByRole('heading', { name: 'Set up two-factor sign-in' }).waitFor();
    await this.page.getByLabel('New password').fill(password);
    await this.page.getByLabel('Repeat the password').fill(password);
    await this.page.getByRole('button', { name: 'Continue' }).click();
    await this.page.getByRole('img', { name: 'QR code for your authenticator app' }).waitFor();
    const secret = (await this.page.getByTestId('totp-secret').innerText()).trim();
    const codes = await this.page.getByTestId('recovery-codes').locator('li').allInnerTexts();
    expect(codes.length).toBe(10);
    const authenticator = new Authenticator(secret);
    // The codes must be kept before going on.
    await this.page.getByLabel('3. Enter the 6-digit code the app shows').fill(authenticator.code());
    await this.page.getByRole('button', { name: 'Confirm and sign in' }).click();
    await this.page.getByText('Confirm that you saved the recovery codes.').waitFor();
    await this.page.getByLabel('I have saved my recovery codes').check();
    await this.page.getByRole('button', { name: 'Confirm and sign in' }).click();
    await this.page.getByTestId('staff-who').waitFor();
    return authenticator;
  }
  async logIn(username: string, password: string, authenticator: Authenticator) {
    await this.page.goto('/console/login');
    await this.page.getByLabel('Username').fill(username);
    await this.page.getByLabel('Password').fill(password);
    await this.page.getByRole('button', { name: 'Sign in' }).click();
    await this.page.getByLabel('Authenticator code').fill(authenticator.code());
    await this.page.getByRole('button', { name: 'Verify' }).click();
    await this.page.getByTestId('staff-who').waitFor();
  }
  async logOut() {
    await this.page.getByRole('button', { name: 'Log out' }).click();
    await this.page.getByRole('heading', { name: 'Staff sign-in' }).waitFor();
  }
}

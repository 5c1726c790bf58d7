import { MESSAGES_PATHS } from '@playfront/contract/funds-paths';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, newVisitor, operator } from '../support/browser.ts';
import { closeNoticesWhenShown, LoginPopup, SiteHeader, solveCaptcha } from '../support/pages/account.ts';
import { MemberCentre, minorOf } from '../support/pages/member-centre.ts';

const DEMO_PASSWORD = 'demo1234';
const PAYMENT_PASSWORD = '246810';
/** A 1×1 PNG: a real image by its bytes, as the server checks content, not names. */
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');
async function logIn(page: Page, username: string) {
  await page.goto('/');
  const login = new LoginPopup(page);
  await login.open();
  await login.fill(username, DEMO_PASSWORD);
  await login.submit();
  const header = new SiteHeader(page);
  // A wrong password typed for this account anywhere (another journey does that on purpose) turns the account's
  // captcha on for a while: answer it, as the member would.
  const captcha = login.dialog.getByRole('textbox', { name: 'Captcha' });
  await header.accountButton().or(captcha).first().waitFor();
  if (await captcha.isVisible()) {
    await solveCaptcha(login.dialog);
    await login.submit();
  }
  await header.accountButton().waitFor();
}

/** Sets the payment password when the page asks for it first (a member who never set one). */
async function paymentPasswordIfAsked(page: Page, ready: RegExp) {
  await page
    .getByRole('form', { name: ready })
    .or(page.getByRole('form', { name: 'Set your payment password' }))
    .first()
    .waitFor();
  const setUp = page.getByRole('form', { name: 'Set your payment password' });
  if (await setUp.isVisible()) {
    await setUp.getByLabel('Login password').fill(DEMO_PASSWORD);
    await setUp.getByLabel('New payment password').fill(PAYMENT_PASSWORD);
    await setUp.getByLabel('Repeat the payment password').fill(PAYMENT_PASSWORD);
    await setUp.getByRole('button', { name: 'Save payment password' }).click();
  }
}

const money = (minor: bigint) => `৳${(minor / 100n).toLocaleString('en-US')}.${(minor % 100n).toString().padStart(2, '0')}`;

describe('the wallet of a member', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(() => browser?.close());

  it('deposits through the payment page, sees it arrive live, withdraws, and confirms receipt once the operator pays', async () => {
    const { context, page } = await newVisitor(browser, { locale: 'en-GB', ip: '10.99.0.10' });
    await closeNoticesWhenShown(page);
    await logIn(page, 'demodown2');
    const centre = new MemberCentre(page);
    await expect.poll(() => centre.headerBalance().textContent()).toMatch(/^৳[\d,]+\.\d{2}$/);
    const start = await centre.headerBalanceMinor();
    // Everything below happens without a reload: this mark would be gone after one.
    await page.evaluate(() => Object.assign(window, { __sameDocument: true }));
    // What is unread before the deposit, as the server counts it: a login from a device this demo account has not
    // used before (another journey signs it in from Node) leaves a security message, so it is not always 0.
    const unreadBefore = await page.evaluate(async (path) => {
      const res = await fetch(path, { headers: { authorization: sessionStorage.getItem('token') ?? '' } });
      return ((await res.json()) as { value: { unread: number } }).value.unread;
    }, MESSAGES_PATHS.unreadCount);

    // Deposit ৳1,000.00 through the sandbox gateway, paid in its own tab.
    await page.getByRole('banner').getByRole('link', { name: 'Deposit' }).click();
    await page.getByRole('heading', { level: 2, name: 'Deposit' }).waitFor();
    await page.getByRole('button', { name: '৳1,000.00' }).click();
    const [gateway] = await Promise.all([context.waitForEvent('page'), page.getByRole('button', { name: 'Continue to payment' }).click()]);
    await page.getByRole('heading', { name: 'Waiting for your payment' }).waitFor();
    await gateway.getByRole('button', { name: 'Pay now' }).click();
    // The gateway sends the payer back to the deposit page, which shows the order paid.
    await gateway.getByRole('heading', { name: 'Deposit received' }).waitFor();
    expect(new URL(gateway.url()).searchParams.get('page')).toBe('depositv2');
    await gateway.close();

    // The first tab hears it live: the notice, the new balance, the order's state, the unread badge.
    const notice = centre.toasts().filter({ hasText: 'Deposit arrived' });
    await notice.waitFor();
    expect(await notice.innerText()).toContain(`Your deposit of ${money(100_000n)} arrived at`);
    await expect.poll(() => centre.headerBalanceMinor()).toBe(start + 100_000n);
    await page.getByRole('heading', { name: 'Deposit received' }).waitFor();
    expect(await page.getByText(`${money(100_000n)} has been added to your wallet.`).count()).toBe(1);
    await expect.poll(() => centre.messagesBadge().innerText()).toMatch(new RegExp(`^${unreadBefore + 1}\\b`));

    // Withdraw ৳500.00: the payment password first (a new member has none), then the request; the amount is held.
    await centre.open('Withdraw');
    await paymentPasswordIfAsked(page, /^New withdrawal$/);
    const form = page.getByRole('form', { name: 'New withdrawal' });
    await form.waitFor();
    await form.getByLabel('Account holder’s name').fill('Downline Two');
    await form.getByLabel('Wallet number').fill('01711000003');
    await form.getByLabel('Amount').fill('500');
    // A wrong payment password is refused in words the member understands, and nothing is held.
    await form.getByLabel('Payment password').fill('999999');
    await form.getByRole('button', { name: 'Request withdrawal' }).click();
    await form.getByText('The payment password is not correct.').waitFor();
    await form.getByLabel('Payment password').fill(PAYMENT_PASSWORD);
    await form.getByRole('button', { name: 'Request withdrawal' }).click();
    const requested = form.getByText(/^Withdrawal of ৳500\.00 requested \(order (\w+)\)/);
    await requested.waitFor();
    const orderNo = /\(order (\w+)\)/.exec(await requested.innerText())?.[1] ?? '';
    const item = centre.withdrawal(orderNo);
    await expect.poll(() => item.locator('.wl-badge').innerText()).toBe('Under review');
    await expect.poll(async () => minorOf(await page.getByTestId('withdraw-held').textContent())).toBe(50_000n);
    await expect.poll(() => centre.headerBalanceMinor()).toBe(start + 50_000n);

    // The operator pays it out: the member is told live and is asked to confirm receipt.
    await operator('POST', `/ops/withdrawals/${orderNo}/approve`);
    const approved = centre.toasts().filter({ hasText: 'Withdrawal approved' });
    await approved.waitFor();
    expect(await approved.innerText()).toContain(`Your withdrawal of ${money(50_000n)} was approved at`);
    await expect.poll(() => item.locator('.wl-badge').innerText()).toBe('Approved');
    await expect.poll(async () => minorOf(await page.getByTestId('withdraw-held').textContent())).toBe(0n);

    // Confirming: "not received" needs a proof image; the member received it, and adds the screenshot anyway.
    await item.getByRole('button', { name: 'Confirm receipt' }).click();
    const confirm = item.getByRole('form', { name: 'Confirm receipt' });
    await confirm.getByLabel('Not received').check();
    await confirm.getByRole('button', { name: 'Send confirmation' }).click();
    await confirm.getByText('Add at least one proof image when the money did not arrive.').waitFor();
    await confirm.getByLabel('Received', { exact: true }).check();
    await confirm.getByLabel('Proof images (optional)').setInputFiles({ name: 'bkash-receipt.png', mimeType: 'image/png', buffer: PNG });
    await confirm.getByRole('img', { name: 'Proof image bkash-receipt.png' }).waitFor();
    await confirm.getByRole('button', { name: 'Send confirmation' }).click();
    await expect.poll(() => item.getByTestId('withdrawal-confirmation').innerText()).toMatch(/^Received · .+ · 1 proof image$/);
    expect(await item.getByRole('button', { name: 'Confirm receipt' }).count()).toBe(0);

    // The messages page holds the three new messages on top, unread until the member reads them: the deposit, the
    // payment password set on the way to the withdrawal (sent whenever it is set or changed), the approval.
    await centre.open('Messages');
    await expect.poll(() => page.getByTestId('messages-unread').innerText()).toBe(`${unreadBefore + 3} unread messages`);
    const titles = await page.getByTestId('message').locator('.msg-title').allInnerTexts();
    expect(titles.slice(0, 3).map((t) => t.replace(/\s*New$/, ''))).toEqual([
      'Withdrawal approved',
      'Payment password changed',
      'Deposit arrived',
    ]);
    await page.getByRole('button', { name: 'Mark all as read' }).click();
    await expect.poll(() => page.getByTestId('messages-unread').innerText()).toBe('All messages read.');
    await expect.poll(() => centre.messagesBadge().count()).toBe(0);

    // The account record lists the movements of the window, newest first.
    await centre.open('Account record');
    const rows = page.locator('.wl-table tbody tr');
    await expect.poll(() => rows.count()).toBeGreaterThanOrEqual(4);
    const types = (await rows.locator('td:nth-child(2)').allInnerTexts()).slice(0, 4).map((t) => t.split('\n')[0]);
    expect(types).toEqual(['Withdrawal paid', 'Withdrawal held', 'Withdrawal held', 'Deposit']);

    expect(await page.evaluate(() => (window as { __sameDocument?: boolean }).__sameDocument)).toBe(true);
    await context.close();
  }, 120_000);

  it('moves money to a game wallet and back, sends some to the upline, and finds each move in the account record', async () => {
    const { context, page } = await newVisitor(browser, { locale: 'en-GB', ip: '10.99.0.11' });
    await closeNoticesWhenShown(page);
    await logIn(page, 'demodown1');
    const centre = new MemberCentre(page);
    await expect.poll(() => centre.headerBalance().textContent()).toMatch(/^৳[\d,]+\.\d{2}$/);
    const start = await centre.headerBalanceMinor();

    await page.getByRole('banner').getByRole('link', { name: 'Deposit' }).click();
    await page.getByRole('button', { name: '৳1,000.00' }).click();
    const [gateway] = await Promise.all([context.waitForEvent('page'), page.getByRole('button', { name: 'Continue to payment' }).click()]);
    await gateway.getByRole('button', { name: 'Pay now' }).click();
    await page.getByRole('heading', { name: 'Deposit received' }).waitFor();
    await gateway.close();

    // Main wallet → a game wallet, then all of it back.
    await centre.open('Wallet and transfer');
    const transfer = page.getByRole('form', { name: 'Transfer' });
    const vendor = await transfer.getByLabel('Game wallet', { exact: true }).inputValue();
    await transfer.getByLabel('Main wallet → game wallet').check();
    await transfer.getByLabel(/^Amount from Main wallet/).fill('300');
    await transfer.getByRole('button', { name: 'Transfer', exact: true }).click();
    await transfer.getByText(`Done. Main wallet ${money(start + 70_000n)}, ${vendor} wallet ${money(30_000n)}.`).waitFor();
    await expect.poll(() => centre.headerBalanceMinor()).toBe(start + 70_000n);
    await transfer.getByLabel('Game wallet → main wallet').check();
    await transfer.getByRole('button', { name: 'All' }).click();
    expect(await transfer.getByLabel(/^Amount from/).inputValue()).toBe('300');
    await transfer.getByRole('button', { name: 'Transfer', exact: true }).click();
    await transfer.getByText(`Done. Main wallet ${money(start + 100_000n)}, ${vendor} wallet ${money(0n)}.`).waitFor();

    // More than the balance is refused before anything is sent.
    await centre.open('Transfer to upline');
    await paymentPasswordIfAsked(page, /^Transfer to upline$/);
    const send = page.getByRole('form', { name: 'Transfer to upline' });
    await send.getByLabel('Amount').fill(String(Number((start + 100_000n) / 100n) + 1));
    await send.getByLabel('Payment password').fill(PAYMENT_PASSWORD);
    await send.getByRole('button', { name: 'Send to upline' }).click();
    await send.getByText(`That is more than your balance of ${money(start + 100_000n)}.`).waitFor();
    await send.getByLabel('Amount').fill('100');
    await send.getByRole('button', { name: 'Send to upline' }).click();
    await send.getByText(`Sent ${money(10_000n)} to demoagent. Your balance is now ${money(start + 90_000n)}.`).waitFor();

    await centre.open('Account record');
    const first = page.locator('.wl-table tbody tr').first();
    // The record says what the move was and, from the sender's side, to whom.
    await expect.poll(() => first.locator('td').nth(1).innerText()).toBe('Transfer to upline\nTo demoagent');
    expect(await first.locator('td').nth(3).innerText()).toBe(`-${money(10_000n)}`);
    expect(minorOf(await first.locator('td').nth(4).innerText())).toBe(start + 90_000n);
    await context.close();
  }, 120_000);
});

import { CONSOLE_ENROL_PAGE, OPS_STAFF_PATH, type StaffEnrolmentLink } from '@playfront/contract/console';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, newVisitor, operator, site } from '../support/browser.ts';
import { closeNoticesWhenShown, signUpNewMember } from '../support/pages/account.ts';
import { Console } from '../support/pages/console.ts';
import { MemberCentre, minorOf } from '../support/pages/member-centre.ts';

const MEMBER_PASSWORD = 'console1234';
const PAYMENT_PASSWORD = '246810';
const STAFF_PASSWORD = 'correct-horse-battery';
const suffix = Date.now().toString().slice(-6);
/** Waits for what the server does in its own time (a live push, a list refresh). */
const poll = <T>(read: () => T | Promise<T>, message?: string) => expect.poll(read, { timeout: 20_000, interval: 250, message });

/** The member's payment password, set when the withdrawal page asks for it first. */
async function paymentPasswordIfAsked(page: Page) {
  const setUp = page.getByRole('form', { name: 'Set your payment password' });
  await page
    .getByRole('form', { name: /^New withdrawal$/ })
    .or(setUp)
    .first()
    .waitFor();
  if (await setUp.isVisible()) {
    await setUp.getByLabel('Login password').fill(MEMBER_PASSWORD);
    await setUp.getByLabel('New payment password').fill(PAYMENT_PASSWORD);
    await setUp.getByLabel('Repeat the payment password').fill(PAYMENT_PASSWORD);
    await setUp.getByRole('button', { name: 'Save payment password' }).click();
  }
}

describe('the operator console', () => {
  let browser: Browser;
  const contexts: BrowserContext[] = [];
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    for (const c of contexts) await c.close().catch(() => undefined);
    await browser?.close();
  });
  const visitor = async (ip: string) => {
    const v = await newVisitor(browser, { locale: 'en-GB', ip });
    contexts.push(v.context);
    return v;
  };

  it('the owner enrols and makes staff; finance pays a member’s withdrawal; content publishes a banner members see; the audit log lists it all', async () => {
    // The first owner comes from the operator tool (`npm run ops -- staff create … --role owner` calls this).
    const ownerName = `owner${suffix}`;
    const made = (await operator('POST', OPS_STAFF_PATH, { username: ownerName, role: 'owner' })) as { value: StaffEnrolmentLink };
    expect(made.value.enrolmentLink.startsWith(`${CONSOLE_ENROL_PAGE}?token=`)).toBe(true);

    const owner = new Console((await visitor('10.77.0.1')).page);
    await owner.enrol(made.value.enrolmentLink, STAFF_PASSWORD);
    expect(await owner.page.getByTestId('staff-who').innerText()).toContain(ownerName);
    for (const page of ['Dashboard', 'Members', 'Payments', 'Manual adjustments', 'Content', 'Staff', 'Audit log'])
      await owner.nav(page).waitFor();

    // The owner creates a finance and a content staff member; each gets a one-time enrolment link.
    await owner.open('Staff');
    const createStaff = async (username: string, role: string) => {
      await owner.page.getByLabel('Username', { exact: true }).fill(username);
      await owner.page.getByLabel('Role', { exact: true }).selectOption({ label: role });
      await owner.page.getByRole('button', { name: 'Create and get the enrolment link' }).click();
      const link = owner.page.getByTestId('enrolment-link');
      await poll(() => link.innerText()).toContain('/console/enrol?token=');
      const url = new URL((await link.innerText()).trim());
      await owner.page.getByRole('button', { name: 'Close' }).click();
      return `${url.pathname}${url.search}`;
    };
    const financeName = `finance${suffix}`;
    const contentName = `content${suffix}`;
    const financeLink = await createStaff(financeName, 'Finance');
    const contentLink = await createStaff(contentName, 'Content editor');
    const staffRows = owner.page.getByRole('table', { name: 'Staff' }).getByRole('row');
    await poll(() => staffRows.filter({ hasText: financeName }).innerText()).toMatch(/Finance[\s\S]*Not set up/);

    // A new member signs up on the site; the owner credits ৳1,000.00 by hand (under the threshold: posted at once).
    const { page: memberPage } = await visitor('10.77.0.2');
    await closeNoticesWhenShown(memberPage);
    await memberPage.goto('/');
    // Whatever the home page opens on arrival (a popup announcement, a prompt) is closed with Escape, as a visitor would.
    await memberPage.waitForLoadState('networkidle');
    for (let i = 0; i < 5 && (await memberPage.locator('#root[inert]').count()) > 0; i++) {
      await memberPage.keyboard.press('Escape');
      await memberPage.waitForTimeout(400);
    }
    const memberName = await signUpNewMember(memberPage, 'con', MEMBER_PASSWORD);
    await owner.open('Members');
    await owner.page.getByLabel('Search', { exact: true }).fill(memberName);
    await owner.page.getByRole('button', { name: 'Search', exact: true }).click();
    await owner.page.getByRole('link', { name: memberName, exact: true }).click();
    await owner.page.getByRole('heading', { level: 1, name: new RegExp(`^${memberName}`) }).waitFor();
    await owner.page.getByRole('button', { name: 'Manual adjustment' }).click();
    const adjust = owner.page.getByRole('dialog', { name: 'Manual adjustment' });
    await adjust.getByLabel(/^Amount/).fill('1,000');
    await adjust.getByLabel('Reason').fill('Goodwill credit for the console journey');
    await adjust.getByRole('button', { name: 'Submit adjustment' }).click();
    await owner.page.getByText("The adjustment was posted to the member's wallet.").waitFor();

    // The member withdraws ৳500.00 of it.
    const centre = new MemberCentre(memberPage);
    await memberPage.reload();
    await poll(() => centre.headerBalance().textContent()).toBe('৳1,000.00');
    await memberPage.getByRole('banner').getByRole('link', { name: 'Deposit' }).click();
    await memberPage.getByRole('heading', { level: 2, name: 'Deposit' }).waitFor();
    await centre.open('Withdraw');
    await paymentPasswordIfAsked(memberPage);
    const form = memberPage.getByRole('form', { name: 'New withdrawal' });
    await form.getByLabel('Account holder’s name').fill('Console Journey');
    await form.getByLabel('Wallet number').fill('01711000009');
    await form.getByLabel('Amount').fill('500');
    await form.getByLabel('Payment password').fill(PAYMENT_PASSWORD);
    await form.getByRole('button', { name: 'Request withdrawal' }).click();
    const requested = form.getByText(/^Withdrawal of ৳500\.00 requested \(order (\w+)\)/);
    await requested.waitFor();
    const orderNo = /\(order (\w+)\)/.exec(await requested.innerText())?.[1] ?? '';
    expect(orderNo).not.toBe('');

    // Finance enrols, signs out, and signs in again with a password and a fresh authenticator code.
    const finance = new Console((await visitor('10.77.0.3')).page);
    const financeCodes = await finance.enrol(financeLink, STAFF_PASSWORD);
    expect(await finance.nav('Staff').count()).toBe(0);
    expect(await finance.nav('Content').count()).toBe(0);
    await finance.logOut();
    await finance.logIn(financeName, STAFF_PASSWORD, financeCodes);
    await finance.open('Payments');
    const row = finance.page.getByRole('row').filter({ hasText: orderNo });
    await poll(() => row.innerText()).toContain(memberName);
    // The member's 30-day risk figures stand beside the request.
    expect(await row.innerText()).toMatch(/Deposits .+ · Withdrawals .+ · Bets .+ · Wins/);
    await row.getByRole('button', { name: `Approve withdrawal ${orderNo}` }).click();
    await finance.page.getByText(`Withdrawal ${orderNo} approved and paid out.`).waitFor();

    // The member is told live.
    await centre.toasts().filter({ hasText: 'Withdrawal approved' }).waitFor();
    await poll(() => centre.withdrawal(orderNo).locator('.wl-badge').innerText()).toBe('Approved');
    await poll(async () => minorOf(await memberPage.getByTestId('withdraw-held').textContent())).toBe(0n);

    // The content editor enrols and publishes a home banner in EN and BN.
    const editor = new Console((await visitor('10.77.0.4')).page);
    await editor.enrol(contentLink, STAFF_PASSWORD);
    await editor.open('Content');
    const homeBanners = editor.page.getByRole('table', { name: 'Banners' });
    await homeBanners.getByRole('row').nth(1).waitFor();
    const bannerImage = await homeBanners.getByRole('row').nth(1).locator('img').getAttribute('src');
    const imagePath = new URL(bannerImage ?? '', site().baseUrl).pathname.replace(/^\/cdn\/img-[ab]/, '');
    await editor.page.getByRole('button', { name: 'New banner' }).click();
    const dialog = editor.page.getByRole('dialog', { name: 'New banner' });
    const title = `Console banner ${suffix}`;
    await dialog.getByRole('group', { name: 'English' }).getByLabel('Title').fill(title);
    await dialog.getByRole('group', { name: 'English' }).getByLabel('Image').fill(imagePath);
    await dialog.getByRole('group', { name: 'Bengali' }).getByLabel('Title').fill(`কনসোল ব্যানার ${suffix}`);
    await dialog.getByRole('group', { name: 'Bengali' }).getByLabel('Image').fill(imagePath);
    // The preview shows the banner as a member sees it.
    await dialog.getByRole('img', { name: title }).waitFor();
    await dialog.getByRole('button', { name: 'Publish' }).click();
    await homeBanners.getByRole('row').filter({ hasText: title }).waitFor();

    // A member sees it on the home page. The banner list is a public read browsers may keep for 60 s (publicCache),
    // and this member loaded the home page a moment ago: the journey plays the member coming back after that minute
    // by emptying the browser's cache, instead of waiting it out.
    const cdp = await memberPage.context().newCDPSession(memberPage);
    await cdp.send('Network.clearBrowserCache');
    await cdp.detach();
    await memberPage.goto('/');
    await expect
      .poll(
        async () => {
          const found = await memberPage.locator('.banner-frame').getByRole('img', { name: title }).count();
          if (!found) await memberPage.reload();
          return found;
        },
        { timeout: 90_000, interval: 3_000 },
      )
      .toBeGreaterThan(0);

    // The owner's audit log lists every one of those actions, with who did it.
    await owner.open('Audit log');
    const audit = owner.page.getByRole('table', { name: 'Audit log' });
    const rowsOf = (staff: string, action: string) =>
      audit
        .getByRole('row')
        .filter({ has: owner.page.getByRole('cell', { name: staff, exact: true }) })
        .filter({ has: owner.page.getByRole('cell', { name: action, exact: true }) });
    for (const [who, action] of [
      [ownerName, 'staff.enrol'],
      [ownerName, 'staff.create'],
      [ownerName, 'adjustment.request'],
      [financeName, 'staff.enrol'],
      [financeName, 'staff.login'],
      [financeName, 'withdrawal.approve'],
      [contentName, 'banner.create'],
    ] as const) {
      await poll(() => rowsOf(who, action).count(), `${who} ${action}`).toBeGreaterThan(0);
    }
    expect(await rowsOf(ownerName, 'staff.create').count()).toBe(2);
    // Searching narrows it: the finance member's actions only.
    await owner.page.getByLabel('Staff member').selectOption({ label: financeName });
    await owner.page.getByRole('button', { name: 'Apply' }).click();
    await poll(() =>
      audit
        .getByRole('row')
        .filter({ has: owner.page.getByRole('cell', { name: ownerName, exact: true }) })
        .count(),
    ).toBe(0);
    await poll(() => rowsOf(financeName, 'withdrawal.approve').count()).toBe(1);
    // And exports as CSV.
    const [download] = await Promise.all([
      owner.page.waitForEvent('download'),
      owner.page.getByRole('button', { name: 'Export CSV' }).click(),
    ]);
    const csv = await (await download.createReadStream()).toArray();
    const text = Buffer.concat(csv as Buffer[]).toString('utf8');
    expect(text).toContain('withdrawal.approve');
    expect(text).toContain(financeName);
    expect(text).not.toContain('banner.create');
  }, 300_000);
});

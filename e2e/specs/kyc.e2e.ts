import {
  CONSOLE_PATHS,
  OPS_STAFF_PATH,
  STAFF_SESSION_HEADER,
  STAFF_SESSION_STORAGE_KEY,
  type StaffEnrolmentLink,
} from '@playfront/contract/console';
import { KYC_CONSOLE_PATHS } from '@playfront/contract/kyc-paths';
import { Secret, TOTP } from 'otpauth';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, newVisitor, operator, site } from '../support/browser.ts';
import { closeNoticesWhenShown, signUpNewMember } from '../support/pages/account.ts';
import { MemberCentre } from '../support/pages/member-centre.ts';
import { balanceBecomes, sandboxDeposit } from '../support/pages/play-page.ts';

const MEMBER_PASSWORD = 'kycjourney1';
const PAYMENT_PASSWORD = '246810';
const STAFF_PASSWORD = 'correct-horse-battery-kyc';
const RULES_OFF = {
  kycWithdrawalAbove: null,
  kycFirstWithdrawal: false,
  turnoverBps: 0,
  littlePlayBps: 1000,
  largeWinAbove: '10000000',
  sharedIpMembers: 3,
  travelKmh: 900,
};
// The smallest real PNG and PDF: what a phone photo and a scan are, by their bytes.
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==', 'base64');
const PDF = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');

/** A risk staff member signed in through the console API (enrolment link, password, authenticator code). */
async function riskStaffSession(): Promise<string> {
  const base = site().baseUrl;
  const made = (await operator('POST', OPS_STAFF_PATH, { username: `kycrisk${Date.now().toString().slice(-6)}`, role: 'owner' })) as {
    value: StaffEnrolmentLink;
  };
  const token = new URL(made.value.enrolmentLink, base).searchParams.get('token');
  const post = async (path: string, body: unknown, session?: string) => {
    const res = await fetch(`${base}${path}`, {
      method: path === KYC_CONSOLE_PATHS.riskRules ? 'PUT' : 'POST',
      headers: { 'content-type': 'application/json', merchant: 'PFBD', ...(session ? { [STAFF_SESSION_HEADER]: session } : {}) },
      body: JSON.stringify(body),
    });
    const json = (await res.json()) as { value: Record<string, unknown> };
    if (!res.ok) throw new Error(`${path} → ${res.status} ${JSON.stringify(json)}`);
    return json.value;
  };
  const started = await post(CONSOLE_PATHS.enrolStart, { token, password: STAFF_PASSWORD });
  const totp = new TOTP({ secret: Secret.fromBase32(String(started.secret)), algorithm: 'SHA1', digits: 6, period: 30 });
  const confirmed = await post(CONSOLE_PATHS.enrolConfirm, { token, code: totp.generate() });
  return String(confirmed.sessionToken);
}

async function putRules(
  session: string,
  rules: typeof RULES_OFF | (Omit<typeof RULES_OFF, 'kycWithdrawalAbove'> & { kycWithdrawalAbove: string }),
) {
  const res = await fetch(`${site().baseUrl}${KYC_CONSOLE_PATHS.riskRules}`, {
    method: 'PUT',
    headers: { 'content-type': 'application/json', [STAFF_SESSION_HEADER]: session },
    body: JSON.stringify(rules),
  });
  expect(res.status, await res.clone().text()).toBe(200);
}

async function withdraw(page: Page, name: string, amount: string) {
  const form = page.getByRole('form', { name: 'New withdrawal' });
  await form.getByLabel('Account holder’s name').fill(name);
  await form.getByLabel('Wallet number').fill('01711000777');
  await form.getByLabel('Amount').fill(amount);
  await form.getByLabel('Payment password').fill(PAYMENT_PASSWORD);
  await form.getByRole('button', { name: 'Request withdrawal' }).click();
  return form;
}

describe('identity verification', () => {
  let browser: Browser;
  let staff: string;
  const contexts: BrowserContext[] = [];
  beforeAll(async () => {
    browser = await launchBrowser();
    staff = await riskStaffSession();
    // Withdrawals above ৳600.00 need a verified identity (restored afterwards: the other journeys share the server).
    await putRules(staff, { ...RULES_OFF, kycWithdrawalAbove: '60000' });
  });
  afterAll(async () => {
    if (staff) await putRules(staff, RULES_OFF).catch(() => undefined);
    for (const c of contexts) await c.close().catch(() => undefined);
    await browser?.close();
  });

  it('a member is asked to verify, sends the documents, staff approve them in the console, and the withdrawal goes through', async () => {
    const member = await newVisitor(browser, { locale: 'en-GB', ip: '10.78.0.2' });
    contexts.push(member.context);
    const page = member.page;
    // The first visit builds nothing but can be slow on a busy machine: a minute for each navigation.
    page.setDefaultNavigationTimeout(60_000);
    await closeNoticesWhenShown(page);
    await page.goto('/');
    await page.waitForLoadState('networkidle');
    for (let i = 0; i < 5 && (await page.locator('#root[inert]').count()) > 0; i++) {
      await page.keyboard.press('Escape');
      await page.waitForTimeout(400);
    }
    const username = await signUpNewMember(page, 'kyc', MEMBER_PASSWORD);
    await sandboxDeposit(page, 100_000n);
    await balanceBecomes(page, 100_000n);

    // Above the threshold: refused, with the way to fix it.
    const centre = new MemberCentre(page);
    await page.goto('/member?page=withdraw');
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
    const refused = await withdraw(page, 'Rahima Khatun', '700');
    await refused.getByText(/This withdrawal needs a verified identity/).waitFor();

    // The documents, from the member centre.
    await centre.open('Identity verification');
    await page.getByText('Not started').waitFor();
    await page.getByLabel('Full name, exactly as on your ID').fill('Rahima Khatun');
    await page.getByLabel('ID document, front').setInputFiles({ name: 'front.png', mimeType: 'image/png', buffer: PNG });
    await page.getByLabel('ID document, back').setInputFiles({ name: 'back.png', mimeType: 'image/png', buffer: PNG });
    await page.getByLabel('Selfie holding your ID').setInputFiles({ name: 'selfie.png', mimeType: 'image/png', buffer: PNG });
    await page.getByLabel('Proof of address').setInputFiles({ name: 'bill.pdf', mimeType: 'application/pdf', buffer: PDF });
    await page.getByRole('button', { name: 'Send for verification' }).click();
    await page.getByText('Being checked').waitFor();

    // Staff review them on the console's page.
    const desk = await newVisitor(browser, { locale: 'en-GB', ip: '10.78.0.3' });
    contexts.push(desk.context);
    await desk.page.addInitScript(
      ([key, value]) => sessionStorage.setItem(key as string, value as string),
      [STAFF_SESSION_STORAGE_KEY, JSON.stringify({ token: staff, secondFactor: 'passed' })],
    );
    await desk.page.goto('/console/kyc');
    await desk.page.getByRole('heading', { level: 1, name: 'Identity checks' }).waitFor();
    await desk.page.getByRole('button', { name: `Review the documents of ${username}` }).click();
    await desk.page.getByRole('heading', { name: `Documents of ${username}` }).waitFor();
    await desk.page.getByRole('img', { name: 'ID document, front' }).waitFor();
    await desk.page.getByRole('link', { name: 'Open Proof of address (PDF)' }).waitFor();
    await desk.page.getByRole('button', { name: 'Approve', exact: true }).click();
    await desk.page.getByText(`The identity of ${username} is verified.`).waitFor();

    // The member is verified and withdraws above the threshold to an account in the verified name.
    await page.reload();
    await page.getByText('Verified', { exact: true }).waitFor();
    await centre.open('Withdraw');
    const form = await withdraw(page, 'Rahima Khatun', '700');
    await form.getByText(/^Withdrawal of ৳700\.00 requested/).waitFor();
    await balanceBecomes(page, 30_000n);
    // A whole journey through two apps (site and console): longer than the default minute on a busy machine.
  }, 180_000);
});

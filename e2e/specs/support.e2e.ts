import { FEEDBACK_OPS_PATHS } from '@playfront/contract/support-paths';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, newVisitor, operator } from '../support/browser.ts';
import { closeNoticesWhenShown, signUpNewMember } from '../support/pages/account.ts';

/** A 1×1 png, and an executable that calls itself a png. */
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==', 'base64');
const EXE = Buffer.concat([Buffer.from('4d5a90000300000004000000ffff0000', 'hex'), Buffer.alloc(256, 0)]);
const MESSAGE = 'The withdrawal page did not show my bKash account after I added it.';
const REPLY = 'Thank you: the account list is fixed, please look again.';

describe('feedback and the help centre (issue 15)', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('a member sends feedback with an image, is refused a disguised file, and reads the operator’s reply', async () => {
    const { context, page } = await newVisitor(browser, { locale: 'en-GB', ip: '10.98.0.41' });
    await closeNoticesWhenShown(page);
    await page.goto('/');
    const username = await signUpNewMember(page, 'fb', 'feedback1234');
    await page.goto('/member?page=feedback');
    await page.getByRole('heading', { level: 2, name: 'Feedback' }).waitFor();
    const form = page.getByRole('form', { name: 'Send feedback' });

    // Too short, no topic: refused in place before anything is sent.
    await form.getByLabel('Your message').fill('Too short');
    await form.getByRole('button', { name: 'Send feedback' }).click();
    await form.getByText('Choose what your feedback is about.').waitFor();
    await form.getByText('Write at least 10 characters.').waitFor();

    await form.getByLabel('What is it about?').selectOption({ label: 'Deposit or withdrawal problem' });
    await form.getByLabel('Your message').fill(MESSAGE);
    expect(await page.getByTestId('feedback-counter').textContent()).toBe(`${MESSAGE.length} / 1000`);
    const picker = form.locator('input[type=file]');
    await picker.setInputFiles({ name: 'statement.png', mimeType: 'image/png', buffer: EXE });
    await form.getByText('statement.png is not a png or jpg image.').waitFor();
    await picker.setInputFiles({ name: 'screen.png', mimeType: 'image/png', buffer: PNG });
    await form.getByRole('img', { name: 'Preview of screen.png' }).waitFor();
    await form.getByRole('button', { name: 'Send feedback' }).click();
    await form.getByText('Thank you. Your feedback has been sent.').waitFor();

    const item = page.getByTestId('feedback-item').first();
    await item.getByText(MESSAGE).waitFor();
    await item.getByText('Waiting for a reply').waitFor();
    await item.getByRole('img', { name: 'Image 1 of your feedback' }).waitFor();

    // The operator answers from the queue; the member sees the reply when the page is shown again.
    const queue = (await operator('GET', `${FEEDBACK_OPS_PATHS.list}?status=OPEN&pageSize=50`)) as {
      value: { list: { id: string; username: string }[] };
    };
    const mine = queue.value.list.find((f) => f.username === username);
    expect(mine).toBeTruthy();
    await operator('POST', FEEDBACK_OPS_PATHS.reply.replace(':feedbackId', mine!.id), { content: REPLY });
    await page.reload();
    const answered = page.getByTestId('feedback-item').first();
    await answered.getByText(REPLY).waitFor();
    await answered.getByText('Answered').waitFor();
    await context.close();
  });

  it('a visitor opens a help article from its deep link and finds another by searching', async () => {
    const { context, page } = await newVisitor(browser, { locale: 'en-GB', ip: '10.98.0.42', viewport: { width: 360, height: 740 } });
    await closeNoticesWhenShown(page);
    await page.goto('/help#withdrawal-help');
    await page.getByRole('heading', { level: 1, name: 'Help centre' }).waitFor();
    const withdrawal = page.locator('[data-testid="help-article"][data-slug="withdrawal-help"]');
    await expect.poll(() => withdrawal.getByRole('button').getAttribute('aria-expanded')).toBe('true');
    await page.getByRole('heading', { level: 2, name: 'Deposits and withdrawals' }).waitFor();

    await page.getByLabel('Search help articles').fill('payment password');
    await expect.poll(() => page.getByTestId('help-article').count()).toBeGreaterThan(0);
    for (const title of await page.locator('.help-entry-toggle').allInnerTexts()) expect(title.length).toBeGreaterThan(0);
    await page.getByLabel('Search help articles').fill('zzzz-nothing');
    await page.getByText('No article matches “zzzz-nothing”.').waitFor();
    // Nothing is wider than a 360 px phone.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    await context.close();
  });
});

import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, newVisitor, operator } from '../support/browser.ts';
import { closeNoticesWhenShown, signUpNewMember } from '../support/pages/account.ts';
import { balanceBecomes, headerBalance, openFirstSlot, sandboxDeposit } from '../support/pages/play-page.ts';
import { PointsMall, pointsOf } from '../support/pages/points-page.ts';

const PASSWORD = 'play1234';
const PAYMENT_PASSWORD = '246810';
/** The demo brand's rates (seed/demo-points.ts): points per ৳100.00 of valid bet on slots, and of deposit. */
const SLOT_RATE = 100n;
const DEPOSIT_RATE = 50n;
const RATE_BASE = 10_000n;

const signUp = (page: Page) => signUpNewMember(page, 'pm', PASSWORD);

describe('the points mall', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(() => browser?.close());

  it('a member earns points playing house slots, sees them in the details, redeems cash, and the operator approves it', async () => {
    const { context, page } = await newVisitor(browser, { locale: 'en-GB', ip: '10.77.0.10' });
    await closeNoticesWhenShown(page);
    await page.goto('/');
    await signUp(page);
    const start = 100_000n;
    await sandboxDeposit(page, start);
    await balanceBecomes(page, start);

    // Five spins of a PG Soft slot, played for real money on the house game server.
    const game = await openFirstSlot(page, 'PG');
    let bets = 0n;
    let wins = 0n;
    let slotPoints = 0n;
    for (let round = 1; round <= 5; round++) {
      const { bet, win } = await game.spin();
      bets += bet;
      wins += win;
      slotPoints += (bet * SLOT_RATE) / RATE_BASE;
    }
    expect(slotPoints).toBeGreaterThan(0n);
    const afterPlay = start - bets + wins;
    await balanceBecomes(page, afterPlay);

    // The points mall: the deposit and every settled round earned, each listed with its type and source.
    await page.goto('/');
    const mall = new PointsMall(page);
    const depositPoints = (start * DEPOSIT_RATE) / RATE_BASE;
    await mall.open('details');
    await expect.poll(() => mall.entries().count(), { timeout: 15_000 }).toBe(6);
    await expect.poll(() => mall.balance()).toBe(depositPoints + slotPoints);
    const slots = mall.entries().filter({ has: page.getByRole('cell', { name: 'Slots', exact: true }) });
    expect(await slots.count()).toBe(5);
    let shown = 0n;
    for (const row of await slots.all()) {
      expect(await row.locator('td').nth(2).innerText()).toMatch(/^PG · valid bet ৳[\d,]+\.\d{2} · round \S+$/);
      shown += pointsOf(await row.locator('td').nth(3).innerText());
    }
    expect(shown).toBe(slotPoints);
    const depositRow = mall.entries().filter({ has: page.getByRole('cell', { name: 'Deposit', exact: true }) });
    expect(await depositRow.locator('td').nth(3).innerText()).toBe(`+${depositPoints}`);

    // The rules page says how those were earned.
    await mall.tab('rules').click();
    await page.getByRole('heading', { level: 3, name: mall.t('rules.earnTitle') }).waitFor();
    expect(await page.locator('[data-testid="points-rate"][data-type="slots"] strong').innerText()).toBe(`${SLOT_RATE} points`);

    // Redeeming asks for the payment password, which a new member sets first.
    await mall.tab('rewards').click();
    const cash = mall.reward('cash-10');
    await cash.getByRole('button', { name: /^(Redeem|View): / }).click();
    const dialog = mall.redeemDialog();
    await dialog.getByText(mall.t('redeem.needPassword')).waitFor();
    await dialog.getByRole('link', { name: mall.t('redeem.setPassword') }).click();
    const setUp = page.getByRole('form', { name: 'Set your payment password' });
    await setUp.getByLabel('Login password').fill(PASSWORD);
    await setUp.getByLabel('New payment password').fill(PAYMENT_PASSWORD);
    await setUp.getByLabel('Repeat the payment password').fill(PAYMENT_PASSWORD);
    await setUp.getByRole('button', { name: 'Save payment password' }).click();
    await page.getByRole('form', { name: 'New withdrawal' }).waitFor();

    // The ৳10 cash reward: a wrong payment password spends nothing; the right one reserves the points.
    await mall.open();
    await mall
      .reward('cash-10')
      .getByRole('button', { name: /^(Redeem|View): / })
      .click();
    await dialog.getByRole('heading', { name: '৳10 cash to your wallet' }).waitFor();
    await dialog.getByLabel(mall.t('redeem.paymentPassword')).fill('999999');
    await dialog.getByRole('button', { name: mall.t('redeem.submit') }).click();
    await dialog.getByText('The payment password is not correct.').waitFor();
    expect(await mall.balance()).toBe(depositPoints + slotPoints);
    await dialog.getByLabel(mall.t('redeem.paymentPassword')).fill(PAYMENT_PASSWORD);
    await dialog.getByRole('button', { name: mall.t('redeem.submit') }).click();
    const done = dialog.getByText(/^৳10 cash to your wallet: order (P\w+) is in process\.$/);
    await done.waitFor();
    const orderNo = /order (P\w+)/.exec(await done.innerText())?.[1] ?? '';
    await expect.poll(() => mall.balance()).toBe(depositPoints + slotPoints - 500n);
    await dialog.getByRole('link', { name: mall.t('redeem.viewHistory') }).click();
    const item = mall.redemption(orderNo);
    await expect.poll(() => item.locator('.pm-badge').innerText()).toBe('In process');
    // Nothing reaches the wallet before the operator decides.
    expect(await headerBalance(page)).toBe(afterPlay);

    // The operator approves through the operator API: ৳10.00 reach the wallet, the history says approved.
    await operator('POST', `/ops/points/redemptions/${orderNo}/approve`, {});
    await balanceBecomes(page, afterPlay + 1_000n);
    await page.reload();
    await page.getByRole('heading', { level: 2, name: mall.t('tabs.history') }).waitFor();
    await expect.poll(() => item.locator('.pm-badge').innerText(), { timeout: 15_000 }).toBe('Approved');
    expect(await item.innerText()).toContain('৳10.00');
    expect(await item.innerText()).toMatch(/Transaction reference\s+TR\d{8}/);
    await context.close();
  }, 240_000);
});

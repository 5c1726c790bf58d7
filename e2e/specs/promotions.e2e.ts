import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, newVisitor, site } from '../support/browser.ts';
import { closeNoticesWhenShown, signUpNewMember } from '../support/pages/account.ts';
import { MemberCentre, minorOf } from '../support/pages/member-centre.ts';
import { headerBalance, openFirstSlot } from '../support/pages/play-page.ts';
import { BonusDetailsPage, PromotionsPage, promoText, setWageringMultiplier } from '../support/pages/promotions.ts';

const PASSWORD = 'promo1234';
const PAYMENT_PASSWORD = '135790';
const WELCOME = 'welcome-bonus';
/** PG Soft: a seamless-wallet slot vendor, played for real money on the house game server. */
const SLOT_VENDOR = 'PG';
/** The smallest slot stake above the minimum: ৳20.00, well under the welcome bonus's maximum bet of ৳500. */
const STAKE = 2_000n;

const money = (minor: bigint) => `৳${(minor / 100n).toLocaleString('en-US')}.${(minor % 100n).toString().padStart(2, '0')}`;

const signUp = (page: Page) => signUpNewMember(page, 'pr', PASSWORD);

describe('promotions and bonus money', () => {
  let browser: Browser;
  let originalMultiplier: string | undefined;
  beforeAll(async () => {
    browser = await launchBrowser();
    // The demo welcome offer asks 20× the bonus: for a journey of a few spins, this brand asks 0.2× (৳100 on ৳500).
    originalMultiplier = await setWageringMultiplier(site().baseUrl, WELCOME, '0.2');
  });
  afterAll(async () => {
    if (originalMultiplier) await setWageringMultiplier(site().baseUrl, WELCOME, originalMultiplier);
    await browser?.close();
  });

  it('arrives with its cards drawn by the server, in the visit’s language, and the page takes their place once', async () => {
    const { context, page } = await newVisitor(browser, { locale: 'en-GB', ip: '10.98.0.12', viewport: { width: 412, height: 823 } });
    try {
      // Before any script: the title, the category chips and every card, the first banners asked at once.
      const sent = await (await page.request.get('/promotions', { headers: { 'accept-language': 'en-GB' } })).text();
      expect(sent).toContain('<h1 class="promos-title">Promotions</h1>');
      expect(sent).toMatch(/<link rel="stylesheet" crossorigin href="\/assets\/promotions-screen-[\w-]+\.css">/);
      const fromHtml = (html: string) =>
        html.replace(/&(amp|lt|gt|quot|#39);/g, (_, e: string) => ({ amp: '&', lt: '<', gt: '>', quot: '"', '#39': "'" })[e] ?? _);
      const titles = [...sent.matchAll(/<button type="button" class="promo-open">([^<]*)<\/button>/g)].map((m) => fromHtml(m[1] ?? ''));
      expect(titles.length).toBeGreaterThan(1);
      expect(sent).toMatch(/<img src="[^"]+" alt="" loading="eager" fetchpriority="high"/);
      const inBengali = await (await page.request.get('/promotions', { headers: { 'accept-language': 'bn-BD' } })).text();
      expect(inBengali).toContain('<h1 class="promos-title">প্রোমোশন</h1>');

      await page.goto('/promotions');
      const cards = page.getByTestId('promotion-card');
      await expect.poll(() => cards.count(), { timeout: 15_000 }).toBe(titles.length);
      // The app's page replaced the server's: one title, the same cards in the same order with their periods filled
      // in, and nothing left busy.
      expect(await page.locator('h1').count()).toBe(1);
      expect(await page.locator('.promo-card .promo-open').allInnerTexts()).toEqual(titles);
      expect(await page.locator('.promo-period time').first().innerText()).toMatch(/\d{4}/);
      expect(await page.locator('[aria-busy="true"]').count()).toBe(0);
    } finally {
      await context.close();
    }
  });

  it('a guest browses the promotions by category, reads an offer’s terms, and gets the login popup on joining', async () => {
    const { context, page } = await newVisitor(browser, { locale: 'en-GB', ip: '10.98.0.11' });
    await closeNoticesWhenShown(page);
    const promotions = new PromotionsPage(page);
    await promotions.open();
    const cards = page.getByTestId('promotion-card');
    await expect.poll(() => cards.count(), { timeout: 15_000 }).toBeGreaterThan(1);
    const all = await cards.count();

    // A category tab shows its promotions only, and is kept in the address.
    const tabs = page.getByRole('group', { name: promotions.t('categories.label') });
    await tabs.getByRole('button', { name: new RegExp(`^${promotions.t('categories.CASHBACK')}`) }).click();
    await expect.poll(() => cards.count()).toBeLessThan(all);
    for (const category of await page.locator('.promo-card .promo-category').allInnerTexts())
      expect(category.toLowerCase()).toBe(promotions.t('categories.CASHBACK').toLowerCase());
    expect(new URL(page.url()).searchParams.get('category')).toBe('CASHBACK');
    await tabs.getByRole('button', { name: new RegExp(`^${promotions.t('categories.all')}`) }).click();
    await expect.poll(() => cards.count()).toBe(all);

    // The welcome offer's terms, then its button: a guest is asked to log in first.
    const dialog = await promotions.openDetail(WELCOME);
    await dialog.getByRole('table', { name: promotions.t('terms.contribution') }).waitFor();
    await dialog.getByRole('heading', { level: 3, name: promotions.t('detail.rules') }).waitFor();
    await promotions.action('actions.join').click();
    await page.getByTestId('loginPopupModal').getByRole('heading', { name: 'Log in' }).waitFor();
    await context.close();
  });

  it('a new member takes the welcome offer with a deposit, wagers the bonus on slot spins, sees it convert, and withdraws', async () => {
    const { context, page } = await newVisitor(browser, { locale: 'en-GB', ip: '10.98.0.10' });
    await closeNoticesWhenShown(page);
    await page.goto('/');
    await signUp(page);
    const centre = new MemberCentre(page);
    const promotions = new PromotionsPage(page);
    const bonus = new BonusDetailsPage(page);

    // The welcome offer on /promotions: join it, then the popup sends the member to deposit with the offer picked.
    await promotions.open();
    const dialog = await promotions.openDetail(WELCOME);
    await dialog.getByRole('heading', { level: 2, name: /Welcome Bonus/ }).waitFor();
    expect(await dialog.getByText(promotions.t('terms.wageringBonus', { multiplier: '0.2' })).count()).toBe(1);
    await promotions.action('actions.join').click();
    await dialog.getByText(promotions.t('done.joinedDeposit')).waitFor();
    await promotions.action('actions.deposit').click();
    await page.getByRole('heading', { level: 2, name: 'Deposit' }).waitFor();
    expect(new URL(page.url()).searchParams.get('promotion')).toBe(WELCOME);

    // ৳500 with the welcome offer (picked already): it shows the bonus this amount brings, then the gateway pays.
    await page.getByLabel('Amount').fill('500');
    const offer = page.getByRole('radio', { name: /Welcome Bonus/ });
    await expect.poll(() => offer.isChecked()).toBe(true);
    const offerLabel = page.locator(`.wl-offer[data-code="${WELCOME}"]`);
    await offerLabel.getByText(`+${money(50_000n)}`).waitFor();
    const [gateway] = await Promise.all([context.waitForEvent('page'), page.getByRole('button', { name: 'Continue to payment' }).click()]);
    await gateway.getByRole('button', { name: 'Pay now' }).click();
    await gateway.getByRole('heading', { name: 'Deposit received' }).waitFor();
    await gateway.close();
    await page.getByRole('heading', { name: 'Deposit received' }).waitFor();
    await expect.poll(() => headerBalance(page), { timeout: 15_000 }).toBe(50_000n);

    // Bonus details: ৳500 of bonus, locked, nothing wagered yet.
    await centre.open('Bonus details');
    await bonus.active().waitFor({ timeout: 15_000 });
    expect(minorOf(await bonus.remaining().innerText())).toBe(50_000n);
    expect(await bonus.wagering().innerText()).toBe(`${money(0n)} / ${money(10_000n)}`);
    expect(await bonus.percent().innerText()).toBe('0%');
    expect(await bonus.progressBar().getAttribute('aria-valuenow')).toBe('0');
    await bonus.active().getByText(promoText('en', 'bonus.locked')).waitFor();

    // While the bonus is locked, the withdraw page warns that a withdrawal forfeits it and asks for a tick.
    await centre.open('Withdraw');
    await page.getByRole('form', { name: 'Set your payment password' }).waitFor();
    const setUp = page.getByRole('form', { name: 'Set your payment password' });
    await setUp.getByLabel('Login password').fill(PASSWORD);
    await setUp.getByLabel('New payment password').fill(PAYMENT_PASSWORD);
    await setUp.getByLabel('Repeat the payment password').fill(PAYMENT_PASSWORD);
    await setUp.getByRole('button', { name: 'Save payment password' }).click();
    const form = page.getByRole('form', { name: 'New withdrawal' });
    await form.waitFor();
    const warning = form.getByTestId('withdraw-bonus-warning');
    await warning.waitFor();
    expect(await warning.innerText()).toContain(money(50_000n));

    // Slot spins of ৳20 on a PG Soft game until the ৳100 of wagering is met (slots count 100%).
    const game = await openFirstSlot(page, SLOT_VENDOR);
    await game.chooseStake(STAKE);
    let bets = 0n;
    let wins = 0n;
    while (bets < 10_000n) {
      const round = await game.spin();
      bets += round.bet;
      wins += round.win;
    }

    // The requirement is met: the bonus converts, bonus details says so, and the cash balance grew by it.
    await page.goto('/member?page=bonusDetails');
    await bonus.heading().waitFor();
    await expect.poll(() => bonus.none().isVisible(), { timeout: 20_000 }).toBe(true);
    const ended = bonus.history().first();
    await ended.getByText(promoText('en', 'bonus.states.converted'), { exact: true }).waitFor();
    await ended.getByText(promoText('en', 'bonus.reasons.wagered')).waitFor();
    expect(minorOf(await ended.getByTestId('bonus-converted').innerText())).toBe(50_000n);
    const cash = 50_000n - bets + wins + 50_000n;
    await expect.poll(() => headerBalance(page), { timeout: 15_000 }).toBe(cash);

    // The reward centre lists the welcome offer as claimed.
    await centre.open('Reward centre');
    const entry = page.locator(`[data-testid="reward-entry"][data-code="${WELCOME}"]`);
    await expect.poll(() => entry.locator('.rw-item-state').innerText(), { timeout: 15_000 }).toBe(promoText('en', 'states.claimed'));

    // Withdraw ৳500 (the brand's minimum): no bonus is active now, so no warning and no tick.
    await centre.open('Withdraw');
    const again = page.getByRole('form', { name: 'New withdrawal' });
    await again.waitFor();
    expect(await again.getByTestId('withdraw-bonus-warning').count()).toBe(0);
    await again.getByLabel('Account holder’s name').fill('Promo Member');
    await again.getByLabel('Wallet number').fill('01711000099');
    await again.getByLabel('Amount').fill('500');
    await again.getByLabel('Payment password').fill(PAYMENT_PASSWORD);
    await again.getByRole('button', { name: 'Request withdrawal' }).click();
    await again.getByText(/^Withdrawal of ৳500\.00 requested \(order \w+\)/).waitFor();
    await expect.poll(() => headerBalance(page), { timeout: 15_000 }).toBe(cash - 50_000n);
    await context.close();
  }, 240_000);
});

import { OPS_STAFF_PATH, type StaffEnrolmentLink } from '@playfront/contract/console';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, newVisitor, operator } from '../support/browser.ts';
import { closeNoticesWhenShown, signUpNewMember } from '../support/pages/account.ts';
import { Console } from '../support/pages/console.ts';
import { balanceBecomes, openFirstSlot, sandboxDeposit } from '../support/pages/play-page.ts';

const STAFF_PASSWORD = 'correct-horse-battery';
const suffix = Date.now().toString().slice(-6);
/** Waits for what the server does in its own time (an outbox consumer, a list refresh). */
const poll = <T>(read: () => T | Promise<T>, message?: string) => expect.poll(read, { timeout: 20_000, interval: 250, message });
/** "৳ 1,234.50" / "1,234.50" as the console shows money. */
const taka = (minor: bigint) => `${(minor / 100n).toLocaleString('en-US')}.${String(minor % 100n).padStart(2, '0')}`;

/** The cells of a table row as the operator reads them, left to right. */
const cellsOf = (row: Locator) => row.locator('td').allInnerTexts();
/** "1,234.50" / "−12.00" (the console's minus sign) → minor units. */
const minorOf = (shown: string) => (shown.startsWith('−') ? -1n : 1n) * BigInt(shown.replace(/[−,.]/g, ''));
const signedTaka = (minor: bigint) => (minor < 0n ? `−${taka(-minor)}` : taka(minor));

/** Reports → Bets by game, as figures: the Slots row (bets, wins, GGR, rounds, bets, players) and PG Soft's bets. */
type SlotReport = { slots: [bigint, bigint, bigint, bigint, bigint, bigint]; pgBets: bigint };
const slotRowOf = (page: Page) =>
  page
    .getByRole('table', { name: 'By game category' })
    .getByRole('row')
    .filter({ has: page.getByRole('cell', { name: 'Slots', exact: true }) });

/**
 * The report before this journey's member plays: journeys that ran earlier on the same site may have played slots
 * today, and the report counts the whole brand (zero when nothing is in it yet).
 */
async function slotReportNow(owner: Console): Promise<SlotReport> {
  const { page } = owner;
  await owner.open('Reports');
  const table = page.getByRole('table', { name: 'By game category' });
  await table.or(page.getByText('No bets in these days.')).first().waitFor();
  const row = slotRowOf(page);
  const slots: SlotReport['slots'] =
    (await row.count()) === 0
      ? [0n, 0n, 0n, 0n, 0n, 0n]
      : ((await cellsOf(row)).slice(1, 7).map((cell, i) => (i < 3 ? minorOf(cell) : BigInt(cell))) as SlotReport['slots']);
  await page.getByLabel('Show').selectOption({ label: 'By vendor' });
  const byVendor = page.getByRole('table', { name: 'By vendor' });
  await byVendor.or(page.getByText('No bets in these days.')).first().waitFor();
  const pg = byVendor.getByRole('row').filter({ has: page.getByRole('cell', { name: 'PG Soft', exact: true }) });
  const pgBets = (await pg.count()) === 0 ? 0n : minorOf((await cellsOf(pg))[1] as string);
  await page.getByLabel('Show').selectOption({ label: 'By game category' });
  return { slots, pgBets };
}

/**
 * A new member deposits and plays three spins of a PG Soft slot on the house game server; returns the stakes and wins
 * the game showed.
 */
async function memberPlaysASlot(page: Page, spinAfter: Promise<unknown>): Promise<{ bets: bigint; wins: bigint; rounds: number }> {
  await closeNoticesWhenShown(page);
  await page.goto('/');
  await signUpNewMember(page, 'ops', 'play1234');
  await sandboxDeposit(page, 50_000n);
  await balanceBecomes(page, 50_000n);
  await spinAfter;
  const game = await openFirstSlot(page, 'PG');
  let bets = 0n;
  let wins = 0n;
  const rounds = 3;
  for (let round = 1; round <= rounds; round++) {
    const { bet, win } = await game.spin();
    bets += bet;
    wins += win;
  }
  await balanceBecomes(page, 50_000n - bets + wins);
  return { bets, wins, rounds };
}

describe('running the brand from the console', () => {
  let browser: Browser;
  const contexts: BrowserContext[] = [];
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    for (const c of contexts) await c.close().catch(() => undefined);
    await browser?.close();
  });

  it('the owner adds a deposit channel, a mall item, a wheel prize, a raffle and a sign-in provider, reads the game report in EN and BN, and finds every change in the audit log', async () => {
    // A member plays meanwhile (on the member site, in their own browser).
    const member = await newVisitor(browser, { locale: 'en-GB', ip: '10.78.0.2' });
    contexts.push(member.context);
    let reportRead: (report: SlotReport) => void = () => {};
    const reportBefore = new Promise<SlotReport>((resolve) => {
      reportRead = resolve;
    });
    const played = memberPlaysASlot(member.page, reportBefore);
    // Settled whichever way it goes, so a failure on the console side never leaves it unhandled.
    played.catch(() => undefined);

    const ownerName = `opsowner${suffix}`;
    const made = (await operator('POST', OPS_STAFF_PATH, { username: ownerName, role: 'owner' })) as { value: StaffEnrolmentLink };
    const staff = await newVisitor(browser, { locale: 'en-GB', ip: '10.78.0.1', viewport: { width: 1366, height: 900 } });
    contexts.push(staff.context);
    const owner = new Console(staff.page);
    const page = owner.page;
    await owner.enrol(made.value.enrolmentLink, STAFF_PASSWORD);
    // The game report as it stands before the member spins (they sign up and deposit meanwhile).
    reportRead(await slotReportNow(owner));

    // Brand: a new deposit channel on the sandbox gateway, listed with its limits.
    await owner.open('Brand');
    const channels = page.getByRole('table', { name: 'Payment channels and limits' });
    await channels.getByRole('row').nth(1).waitFor();
    await page.getByRole('button', { name: 'New channel' }).click();
    const channelDialog = page.getByRole('dialog', { name: 'New channel' });
    await channelDialog.getByLabel('Code').fill(`OPS${suffix}`);
    expect(await channelDialog.getByLabel('Gateway').inputValue()).not.toBe('');
    const gateway = await channelDialog.getByLabel('Gateway').inputValue();
    await channelDialog.getByLabel('Name', { exact: true }).fill(`Ops Wallet ${suffix}`);
    await channelDialog.getByLabel('Name in Bengali').fill(`অপস ওয়ালেট ${suffix}`);
    await channelDialog.getByLabel('Minimum deposit').fill('250');
    await channelDialog.getByLabel('Maximum deposit').fill('25,000');
    await channelDialog.getByRole('button', { name: 'Save' }).click();
    await channelDialog.waitFor({ state: 'detached' });
    const channelRow = channels.getByRole('row').filter({ hasText: `Ops Wallet ${suffix}` });
    await poll(() => cellsOf(channelRow)).toEqual([
      `Ops Wallet ${suffix} / অপস ওয়ালেট ${suffix}`,
      gateway,
      '250.00',
      '25,000.00',
      'On',
      'Edit',
    ]);

    // Brand: a sign-in provider, saved and listed; the secret is stored, never shown back.
    const secret = `s3cret-${suffix}-never-shown`;
    await page.getByRole('button', { name: 'New provider' }).click();
    const providerDialog = page.getByRole('dialog', { name: 'New sign-in provider' });
    await providerDialog.getByLabel('Short name').fill(`acme${suffix}`);
    await providerDialog.getByLabel('Name on the button').fill(`Acme ID ${suffix}`);
    await providerDialog.getByLabel('Issuer URL').fill('https://id.acme.example');
    await providerDialog.getByLabel('Client ID').fill(`playfront-${suffix}`);
    await providerDialog.getByLabel('Client secret').fill(secret);
    await providerDialog.getByLabel('Members can sign in with it').check();
    await providerDialog.getByRole('button', { name: 'Save' }).click();
    await providerDialog.waitFor({ state: 'detached' });
    const providers = page.getByRole('table', { name: 'Sign-in providers (OpenID Connect)' });
    const providerRow = providers.getByRole('row').filter({ hasText: `Acme ID ${suffix}` });
    await poll(() => cellsOf(providerRow)).toEqual([
      `Acme ID ${suffix} (acme${suffix})`,
      'https://id.acme.example',
      'Stored',
      'On',
      'Off',
      '0',
      'Edit',
    ]);
    // Editing it shows an empty secret field (the stored one is kept unless a new one is typed).
    await providerRow.getByRole('button', { name: `Edit Acme ID ${suffix}` }).click();
    const editProvider = page.getByRole('dialog', { name: `Edit Acme ID ${suffix}` });
    expect(await editProvider.getByLabel('Client secret').inputValue()).toBe('');
    expect(await editProvider.getByLabel('Client ID').inputValue()).toBe(`playfront-${suffix}`);
    await editProvider.getByRole('button', { name: 'Cancel' }).click();
    expect(await page.content()).not.toContain(secret);

    // VIP and rewards → Points: a new mall item, listed with its price and stock.
    await owner.open('VIP and rewards');
    await page.getByRole('tab', { name: 'Points' }).click();
    const mall = page.getByRole('table', { name: 'Points mall' });
    await mall.getByRole('row').nth(1).waitFor();
    await page.getByRole('button', { name: 'New item' }).click();
    const itemDialog = page.getByRole('dialog', { name: 'New item' });
    await itemDialog.getByLabel('Code').fill(`ops-mug-${suffix}`);
    await itemDialog.getByLabel('Name (English)').fill(`Team mug ${suffix}`);
    await itemDialog.getByLabel('Name (Bengali)').fill(`দলের মগ ${suffix}`);
    await itemDialog.getByLabel('Description (English)').fill('A mug in the team colours.');
    await itemDialog.getByLabel('Description (Bengali)').fill('দলের রঙে একটি মগ।');
    await itemDialog.getByLabel('Price (points)').fill('1200');
    await itemDialog.getByLabel('Stock').fill('40');
    await itemDialog.getByRole('button', { name: 'Save' }).click();
    await itemDialog.waitFor({ state: 'detached' });
    const itemRow = mall.getByRole('row').filter({ hasText: `Team mug ${suffix}` });
    await poll(() => cellsOf(itemRow)).toEqual([`Team mug ${suffix}`, 'Goods', '1200', '40', '0', 'On sale', 'Edit']);

    // Lucky wheel and raffles: one more prize on the wheel, its chance from the weights, saved.
    await owner.open('Lucky wheel and raffles');
    const wheel = page.getByRole('form', { name: 'Prize wheel' });
    const prizeRows = wheel.getByRole('table', { name: 'Prizes' }).locator('tbody tr');
    await prizeRows.first().waitFor();
    const before = await prizeRows.count();
    const n = before + 1;
    await wheel.getByRole('button', { name: 'Add prize' }).click();
    await wheel.getByLabel(`Prize ${n}: Label (English)`).fill(`Ops ৳7 ${suffix}`);
    await wheel.getByLabel(`Prize ${n}: Label (Bangla)`).fill(`অপস ৳৭ ${suffix}`);
    await wheel.getByLabel(`Prize ${n}: Amount (৳)`).fill('7');
    const weights = await Promise.all(
      Array.from({ length: before }, (_, i) =>
        wheel
          .getByLabel(`Prize ${i + 1}: Weight`)
          .inputValue()
          .then(Number),
      ),
    );
    await wheel.getByLabel(`Prize ${n}: Weight`).fill('25');
    const chance = ((25 * 100) / (weights.reduce((a, b) => a + b, 0) + 25)).toFixed(2);
    expect(
      (
        await prizeRows
          .nth(n - 1)
          .locator('td')
          .nth(7)
          .innerText()
      ).trim(),
    ).toBe(`${chance}%`);
    await wheel.getByRole('button', { name: 'Save' }).click();
    await wheel.getByRole('status').filter({ hasText: 'Saved.' }).waitFor();
    await page.reload();
    await page.getByRole('heading', { level: 1, name: 'Lucky wheel and raffles' }).waitFor();
    await poll(() => prizeRows.count()).toBe(n);
    expect(await wheel.getByLabel(`Prize ${n}: Label (English)`).inputValue()).toBe(`Ops ৳7 ${suffix}`);

    // …and a raffle, listed as scheduled with its prize total.
    await page.getByRole('tab', { name: 'Raffles' }).click();
    const raffles = page.getByRole('table', { name: 'Raffles' });
    await raffles.getByRole('row').nth(1).waitFor();
    await page.getByRole('button', { name: 'New raffle' }).click();
    const raffleDialog = page.getByRole('dialog', { name: 'New raffle' });
    await raffleDialog.getByLabel('Title (English)').fill(`Ops raffle ${suffix}`);
    await raffleDialog.getByLabel('Title (Bangla)').fill(`অপস র‍্যাফেল ${suffix}`);
    await raffleDialog.getByLabel('Amount (৳)').fill('2,500');
    await raffleDialog.getByRole('button', { name: 'Save' }).click();
    await raffleDialog.waitFor({ state: 'detached' });
    const raffleRow = raffles.getByRole('row').filter({ hasText: `Ops raffle ${suffix}` });
    await poll(async () => (await cellsOf(raffleRow)).filter((_, i) => i !== 2 && i !== 6)).toEqual([
      `Ops raffle ${suffix}`,
      'Scheduled',
      '0',
      '0',
      '৳ 2,500.00',
    ]);
    // Not started yet: it can still be changed.
    await raffleRow.getByRole('button', { name: `Edit Ops raffle ${suffix}` }).waitFor();

    // Reports → Bets by game: once the member's spins are in, the slot category shows them (the game-report outbox
    // consumer fills the rollup in its own time: the page is reloaded until it has).
    const { bets, wins, rounds } = await played;
    const reportThen = await reportBefore;
    const [betsBefore, winsBefore, ggrBefore, roundsBefore, betCountBefore, playersBefore] = reportThen.slots;
    await owner.open('Reports');
    const byCategory = page.getByRole('table', { name: 'By game category' });
    const slots = slotRowOf(page);
    await poll(async () => {
      if ((await slots.count()) === 0) {
        await page.reload();
        await byCategory.waitFor();
        return [];
      }
      return cellsOf(slots);
    }, 'the slot row of the game report').toEqual([
      'Slots',
      taka(betsBefore + bets),
      taka(winsBefore + wins),
      signedTaka(ggrBefore + bets - wins),
      String(roundsBefore + BigInt(rounds)),
      String(betCountBefore + BigInt(rounds)),
      String(playersBefore + 1n),
    ]);
    await page.getByLabel('Show').selectOption({ label: 'By vendor' });
    const byVendor = page.getByRole('table', { name: 'By vendor' });
    const pgRow = byVendor.getByRole('row').filter({ has: page.getByRole('cell', { name: 'PG Soft', exact: true }) });
    await poll(async () => (await cellsOf(pgRow)).slice(0, 2)).toEqual(['PG Soft', taka(reportThen.pgBets + bets)]);

    // The same report in Bengali.
    await page.getByRole('button', { name: 'Switch language' }).click();
    await page.getByRole('heading', { level: 1, name: 'রিপোর্ট' }).waitFor();
    await page.getByRole('heading', { level: 2, name: 'গেম অনুযায়ী বাজি' }).waitFor();
    await page.getByLabel('দেখান').selectOption({ label: 'গেমের ধরন অনুযায়ী' });
    const bnRow = page
      .getByRole('table', { name: 'গেমের ধরন অনুযায়ী' })
      .getByRole('row')
      .filter({ has: page.getByRole('cell', { name: 'স্লট', exact: true }) });
    await poll(async () => (await cellsOf(bnRow)).slice(0, 2)).toEqual(['স্লট', taka(betsBefore + bets)]);
    await page.getByRole('button', { name: 'ভাষা বদলান' }).click();
    await page.getByRole('heading', { level: 1, name: 'Reports' }).waitFor();

    // The audit log has each change, by the owner; the provider's secret is in none of them.
    await owner.open('Audit log');
    const audit = page.getByRole('table', { name: 'Audit log' });
    const rowsOf = (action: string) =>
      audit
        .getByRole('row')
        .filter({ has: page.getByRole('cell', { name: ownerName, exact: true }) })
        .filter({ has: page.getByRole('cell', { name: action, exact: true }) });
    for (const action of ['brand.channel_create', 'social_provider.create', 'points.reward_create', 'lucky.game', 'raffle.create'])
      await poll(() => rowsOf(action).count(), action).toBe(1);
    const providerChange = rowsOf('social_provider.create');
    await providerChange.getByText('Before and after').click();
    const shownChange = await providerChange.innerText();
    expect(shownChange).toContain(`acme${suffix}`);
    expect(shownChange).toContain(`playfront-${suffix}`);
    expect(shownChange).not.toContain(secret);
    const channelChange = rowsOf('brand.channel_create');
    await channelChange.getByText('Before and after').click();
    expect(await channelChange.innerText()).toContain(`OPS${suffix}`);
  }, 150_000);
});

import type { Browser, FrameLocator } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, newVisitor } from '../support/browser.ts';
import { closeNoticesWhenShown, signUpNewMember } from '../support/pages/account.ts';
import { BettingRecordPage, balanceBecomes, moneyToMinor, sandboxDeposit } from '../support/pages/play-page.ts';

/**
 * The lottery (issue 16): a new member bets on a 1-minute fast draw inside the platform's game frame, waits for
 * the draw, and finds the same money in the lottery's slip, the platform balance and the betting record; then the
 * verify page recomputes the draw in the browser from the revealed seed.
 */

let nextIp = 10;
const freshIp = () => `10.77.0.${nextIp++}`;

/** The fast draw every minute (contract LOTTERY_GAME_CODES) and its shortcut bets, gross odds 1.95 (stake included). */
const FAST_GAME = 'ELOTT_1';

/** Seconds left on the lottery's countdown, or -1 while betting is closed. */
async function secondsLeft(frame: FrameLocator): Promise<number> {
  const text = await frame.getByTestId('lotto-countdown').innerText();
  const match = /^(?:(\d+):)?(\d{2}):(\d{2})$/.exec(text.trim());
  if (!match) return -1;
  return Number(match[1] ?? 0) * 3600 + Number(match[2]) * 60 + Number(match[3]);
}

describe('the lottery', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(() => browser?.close());

  it('a member bets on a 1-minute draw, sees the result, the win or loss in the balance and the record, and verifies the draw', async () => {
    const { context, page } = await newVisitor(browser, { locale: 'en-GB', ip: freshIp() });
    await closeNoticesWhenShown(page);
    await page.goto('/');
    await signUpNewMember(page, 'lt', 'lott1234');
    await sandboxDeposit(page, 100_000n);
    await balanceBecomes(page, 100_000n, 30_000);

    // /lottert, the spec's lottery game page: no side menu, the lottery's betting view on the fast draw.
    const frameElement = page.locator('iframe.game-frame');
    await page.goto('/lottert?vassalage=ELOTT');
    await expect.poll(() => frameElement.getAttribute('src'), { timeout: 20_000 }).toMatch(/\/lotto\/play\?.*view=betting/);
    expect(await page.locator('.site').count()).toBe(1);
    expect(await page.locator('.site-with-menu').count()).toBe(0);
    await page.frameLocator('iframe.game-frame').getByTestId('lotto-betting').waitFor({ timeout: 20_000 });

    // /lottery (with the side menu) launches the lottery's lobby into the game frame.
    await page.goto('/lottery?vassalage=ELOTT');
    await page.locator('.site-with-menu').waitFor();
    await expect.poll(() => frameElement.getAttribute('src'), { timeout: 20_000 }).toMatch(/\/lotto\/play\?.*view=lobby/);
    const frame = page.frameLocator('iframe.game-frame');
    await frame.getByTestId('lotto-balance').or(frame.getByTestId('lotto-fatal')).waitFor({ timeout: 20_000 });
    // A refused launch shows its reason instead of the lottery: say which.
    expect(await frame.getByTestId('lotto-fatal').allInnerTexts()).toEqual([]);
    expect(moneyToMinor(await frame.getByTestId('lotto-balance').innerText())).toBe(100_000n);

    // Lobby → the fast draw; two shortcut lines of ৳10.00: BIG and ODD.
    await frame.getByTestId('lotto-tab-lobby').click();
    await frame.getByTestId(`lotto-game-${FAST_GAME}`).click();
    await frame.getByTestId('lotto-draw-number').filter({ hasText: /Draw / }).waitFor();
    await frame.getByTestId('lotto-bettype-P3_BIG_SMALL').click();
    await frame.getByTestId('lotto-choice-BIG').click();
    await frame.getByTestId('lotto-stake').fill('10');
    await frame.getByTestId('lotto-add').click();
    await frame.getByTestId('lotto-bettype-P3_ODD_EVEN').click();
    await frame.getByTestId('lotto-choice-ODD').click();
    await frame.getByTestId('lotto-stake').fill('10');
    await frame.getByTestId('lotto-add').click();
    expect(await frame.getByTestId('lotto-slip-line').count()).toBe(2);
    expect(moneyToMinor(await frame.getByTestId('lotto-slip-total').innerText())).toBe(2_000n);

    // Bet with a few seconds to spare (betting closes before the draw); a closed draw reopens with the next one.
    await expect.poll(() => secondsLeft(frame), { timeout: 90_000, interval: 500 }).toBeGreaterThanOrEqual(6);
    await frame.getByTestId('lotto-place').click();
    const dialog = frame.getByTestId('lotto-confirm-dialog');
    await dialog.waitFor();
    expect(await frame.getByTestId('lotto-confirm-text').innerText()).toContain('৳20.00');
    await frame.getByTestId('lotto-confirm').click();
    const placed = frame.getByTestId('lotto-message');
    await expect.poll(() => placed.innerText(), { timeout: 15_000 }).toMatch(/Slip placed on draw (\S+)\./);
    const drawNumber = /Slip placed on draw (\S+)\./.exec(await placed.innerText())?.[1] as string;
    expect(moneyToMinor(await frame.getByTestId('lotto-balance').innerText())).toBe(98_000n);
    expect(await frame.getByTestId('lotto-slip-line').count()).toBe(0);

    // The slip waits for its draw, then settles (a draw every minute: at most ~70 s).
    await frame.getByTestId('lotto-tab-slips').click();
    const openSlip = frame.getByTestId('lotto-open-slips').locator(`[data-draw-number="${drawNumber}"]`);
    await openSlip.waitFor({ timeout: 15_000 });
    const settled = frame.getByTestId('lotto-settled-slips').locator(`[data-draw-number="${drawNumber}"]`);
    await expect
      .poll(
        async () => {
          await frame.getByTestId('lotto-tab-slips').click();
          await frame.getByTestId('lotto-settled-slips').waitFor({ timeout: 10_000 });
          return settled.count();
        },
        { timeout: 110_000, interval: 3_000 },
      )
      .toBe(1);
    const payout = BigInt((await settled.getAttribute('data-payout')) ?? 'x');
    const settledText = await settled.innerText();
    const settledBalls = (await settled.locator('.slip-result .ball').allInnerTexts()).map(Number);

    // The results board shows the draw; its digits decide the two lines (BIG: sum 14–27, ODD: odd sum; ×1.95 each).
    await frame.getByTestId('lotto-tab-results').click();
    const row = frame.getByTestId('lotto-result-row').filter({ hasText: `Draw ${drawNumber}` });
    await row.waitFor({ timeout: 15_000 });
    const digits = (await row.getByTestId('lotto-result').locator('.ball').allInnerTexts()).map(Number);
    expect(digits).toHaveLength(3);
    // The settled slip showed the same draw result.
    expect(settledBalls).toEqual(digits);
    const sum = digits.reduce((a, b) => a + b, 0);
    const expectedPayout = (sum >= 14 ? 1_950n : 0n) + (sum % 2 === 1 ? 1_950n : 0n);
    expect(payout).toBe(expectedPayout);
    expect(settledText).toContain(expectedPayout > 0n ? 'Won ' : 'No win');

    // The platform balance and the betting record hold the same money.
    const verifyHref = await row.getByTestId('lotto-verify-link').getAttribute('href');
    await balanceBecomes(page, 98_000n + expectedPayout, 30_000);
    const record = new BettingRecordPage(page);
    await record.open();
    await expect.poll(() => record.totalRounds().innerText(), { timeout: 20_000 }).toBe('1');
    expect(await record.total('bet')).toBe(2_000n);
    expect(await record.total('win')).toBe(expectedPayout);

    // The verify page recomputes the draw in the browser from the revealed seed and the public data.
    expect(verifyHref).toMatch(/^\/lotto\/verify\?draw=/);
    await page.goto(verifyHref as string);
    await page.getByTestId('lotto-verify-result').waitFor({ timeout: 15_000 });
    expect(await page.getByTestId('lotto-verify-draw').innerText()).toBe(drawNumber);
    expect(await page.getByTestId('lotto-verify-hash').getAttribute('data-match')).toBe('true');
    expect(await page.getByTestId('lotto-verify-result').getAttribute('data-match')).toBe('true');
    const published = await page.getByTestId('lotto-verify-published').locator('.ball').allInnerTexts();
    expect(published.map(Number)).toEqual(digits);
    // A different seed does not give the published result.
    const seed = page.getByTestId('verify-seed');
    const original = await seed.inputValue();
    await seed.fill(`${original.slice(0, 63)}${original.endsWith('0') ? '1' : '0'}`);
    await page.getByTestId('lotto-verify-compute').click();
    expect(await page.getByTestId('lotto-verify-hash').getAttribute('data-match')).toBe('false');
    await context.close();
  }, 300_000);
});

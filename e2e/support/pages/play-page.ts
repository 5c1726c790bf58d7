import type { Locator, Page } from 'playwright-core';
import { expect } from 'vitest';
import { text } from '../catalogue.ts';

type Lang = 'en' | 'bn';

/** A catalogue string of the playing feature with its `{{placeholders}}` filled in. */
export const playText = (lang: Lang, key: string, vars: Record<string, string | number> = {}) =>
  Object.entries(vars).reduce((s, [k, v]) => s.replaceAll(`{{${k}}}`, String(v)), text(lang, 'play', key));

/** "৳1,234.50" or "-৳12.00" → minor units, without a float. */
export function moneyToMinor(shown: string): bigint {
  const cleaned = shown.replace(/[^\d.-]/g, '');
  const match = /^(-?)(\d+)\.(\d{2})$/.exec(cleaned);
  if (!match) throw new Error(`not an amount: ${shown}`);
  const [, sign, whole, cents] = match;
  const minor = BigInt(whole ?? '0') * 100n + BigInt(cents ?? '0');
  return sign ? -minor : minor;
}

/** The header balance of a logged-in member, in minor units. */
export async function headerBalance(page: Page): Promise<bigint> {
  return moneyToMinor(await page.getByRole('banner').locator('.balance-amount').innerText());
}

/**
 * Deposits through the sandbox payment gateway: the deposit order is made with the member's session (the call the
 * deposit page makes), then paid on the gateway's own page, which sends the payer back to the site.
 */
export async function sandboxDeposit(page: Page, amountMinor: bigint): Promise<void> {
  const payUrl = await page.evaluate(async (amount) => {
    const res = await fetch('/wps/funds/deposit/orders', {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        authorization: sessionStorage.getItem('token') ?? '',
        merchant: sessionStorage.getItem('merchantCode') ?? '',
        device: 'WEB',
        language: 'EN',
      },
      body: JSON.stringify({ channelCode: 'BKASH', amount }),
    });
    const answer = (await res.json()) as { value?: { payUrl?: string } };
    return answer.value?.payUrl ?? null;
  }, amountMinor.toString());
  if (!payUrl) throw new Error('no deposit order');
  await page.goto(payUrl);
  await page.getByRole('button', { name: 'Pay now' }).click();
  await page.waitForURL((url) => !url.pathname.startsWith('/sandbox'));
}

/** Refreshes the header balance until it shows `expected` (the webhook and the live push are asynchronous). */
export async function balanceBecomes(page: Page, expected: bigint, timeoutMs = 20_000): Promise<void> {
  const refresh = page.getByRole('banner').getByRole('button', { name: 'Refresh balance' });
  await expect
    .poll(
      async () => {
        if (await refresh.isEnabled()) await refresh.click();
        return headerBalance(page);
      },
      { timeout: timeoutMs, interval: 500 },
    )
    .toBe(expected);
}

/** The /seamless game page: the bar above the game and the game's own page in the iframe. */
export class GamePage {
  constructor(
    readonly page: Page,
    readonly lang: Lang = 'en',
  ) {}
  t(key: string, vars?: Record<string, string | number>) {
    return playText(this.lang, key, vars);
  }
  backLink(): Locator {
    return this.page.getByRole('link', { name: this.t('player.back') }).first();
  }
  frameElement(): Locator {
    return this.page.locator('iframe.game-frame');
  }
  /** The game itself, inside the iframe. */
  get game() {
    return this.page.frameLocator('iframe.game-frame');
  }
  /** The house slot's spin button, inside the game. */
  spinButton(): Locator {
    return this.game.getByRole('button', { name: 'Spin', exact: true });
  }
  /** Waits until the house slot inside the frame can spin. */
  async slotReady(): Promise<void> {
    await this.spinButton().waitFor({ timeout: 20_000 });
  }
  /** Chooses the house slot's stake (minor units). */
  async chooseStake(stake: bigint): Promise<void> {
    await this.game.getByTestId('house-bet').selectOption(stake.toString());
  }
  /** One round of the house slot: spins and waits for its result; the stake, the win and the message the game showed. */
  async spin(): Promise<{ bet: bigint; win: bigint; message: string }> {
    const bet = BigInt(await this.game.getByTestId('house-bet').inputValue());
    const spin = this.spinButton();
    const message = this.game.getByTestId('house-message');
    await spin.click();
    // The message empties when a round starts and tells the result when it ends; free spins can take a while.
    await expect.poll(async () => (await spin.isEnabled()) && (await message.innerText()).length > 0, { timeout: 30_000 }).toBe(true);
    return { bet, win: moneyToMinor(await this.game.getByTestId('house-last-win').innerText()), message: await message.innerText() };
  }
}

/** Opens the first game of a vendor's slot list (`/rng?vassalage=…`) for real money and waits until it can spin. */
export async function openFirstSlot(page: Page, vendor: string): Promise<GamePage> {
  await page.goto(`/rng?vassalage=${vendor}`);
  const tile = page.locator('.game-grid[aria-busy="false"]').first().locator('.game-tile:not(.game-tile-skeleton)').first();
  await tile.waitFor({ timeout: 15_000 });
  await tile.locator('.game-tile-main').click();
  await page.waitForURL((url) => url.pathname === '/seamless');
  const game = new GamePage(page);
  await game.slotReady();
  return game;
}

/** The betting record page of the member centre (personalHistoryCopy). */
export class BettingRecordPage {
  constructor(
    readonly page: Page,
    readonly lang: Lang = 'en',
  ) {}
  t(key: string, vars?: Record<string, string | number>) {
    return playText(this.lang, key, vars);
  }
  async open() {
    await this.page.goto('/member?page=personalHistoryCopy');
    await this.heading().waitFor();
  }
  heading(): Locator {
    return this.page.getByRole('heading', { level: 2, name: this.t('records.title') });
  }
  rows(): Locator {
    return this.page.locator('.br-table tbody tr');
  }
  totalRounds(): Locator {
    return this.page.getByTestId('total-rounds');
  }
  /** A total by its label (bet, win, valid bet, profit) in minor units. */
  async total(key: 'bet' | 'win' | 'validBet' | 'profit'): Promise<bigint> {
    const box = this.page.locator('.br-totals > div').filter({ has: this.page.getByText(this.t(`records.${key}`), { exact: true }) });
    return moneyToMinor(await box.locator('dd').innerText());
  }
}

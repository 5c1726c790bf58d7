import { randomBytes } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import {
  drawResult,
  LOTTERY_PREFIX,
  LOTTERY_SESSION_HEADER,
  type LotteryDrawView,
  type LotteryGameView,
  type LotteryResult,
  lotteryPublicData,
  lotterySeedHash,
} from '@playfront/contract/lottery';
import Fastify from 'fastify';
import { type Browser, chromium, type Page } from 'playwright-core';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { lotteryPages } from './pages.ts';

/**
 * The game client in Chromium against a scripted lottery API (the real provider's API is tested by its own
 * tests): what the player sees and what the page sends — the same request id on a repeat after no answer,
 * a new one after a refusal, translated refusals, the closed state, and the verify page's own recomputation.
 */

const GAME: LotteryGameView = {
  code: 'ELOTT_1',
  kind: 'ELOTT',
  format: 'PICK3',
  name: { en: 'Fast 3 · 1 min', bn: 'ফাস্ট 3 · 1 মিনিট' },
  schedule: { every: 'minutes', minutes: 1 },
  closeBeforeSeconds: 10,
  maxLines: 3,
  betTypes: [
    {
      code: 'P3_BIG_SMALL',
      name: { en: 'Big / Small', bn: 'বড় / ছোট' },
      selection: { select: 'choice', choices: ['BIG', 'SMALL'] },
      odds: '1.95',
      oddsByChoice: null,
      paytable: null,
      rtp: '97.50',
      limits: { minStake: '1000', maxStake: '1000000', maxPerNumber: '2000000' },
    },
    {
      code: 'P3_EXACT',
      name: { en: 'Pick 3 exact', bn: 'পিক 3 হুবহু' },
      selection: { select: 'digits', digits: 3 },
      odds: '950',
      oddsByChoice: null,
      paytable: null,
      rtp: '95.00',
      limits: { minStake: '1000', maxStake: '200000', maxPerNumber: '400000' },
    },
  ],
};

const seed = randomBytes(32).toString('hex');
const publicData = lotteryPublicData('ELOTT_1', '20261126-0001', 'genesis');
const trueResult = drawResult('PICK3', seed, publicData);

type SlipAnswer = { status: number; body: unknown };
const state = {
  closesInMs: 50_000,
  slipRequests: [] as { requestId: string; drawId: string; lines: unknown[]; session: string | undefined }[],
  slipAnswers: [] as SlipAnswer[],
  publishedResult: trueResult as LotteryResult,
};

function currentDraw(): LotteryDrawView {
  const now = Date.now();
  return {
    drawId: 'ELOTT_1-2',
    gameCode: 'ELOTT_1',
    drawNumber: '20261126-0002',
    status: state.closesInMs > 0 ? 'open' : 'closed',
    closesAt: new Date(now + state.closesInMs).toISOString(),
    drawsAt: new Date(now + state.closesInMs + 10_000).toISOString(),
    serverSeedHash: 'ab'.repeat(32),
    publicData: lotteryPublicData('ELOTT_1', '20261126-0002', lotterySeedHash(seed)),
    serverSeed: null,
    result: null,
    verifyUrl: null,
  };
}

const app = Fastify();
let base = '';
let browser: Browser;

beforeAll(async () => {
  await app.register(
    async (lotto) => {
      await lotto.register(lotteryPages);
      lotto.post('/api/session', async () => ({
        ok: true,
        session: 'session-1',
        displayName: 'member',
        currency: 'BDT',
        symbol: '৳',
        language: 'en',
        balance: '100000',
        games: ['ELOTT_1'],
      }));
      lotto.get('/api/balance', async () => ({ ok: true, balance: '100000' }));
      lotto.get('/api/games', async () => ({ ok: true, games: [GAME] }));
      lotto.get('/api/games/:code/draws/current', async () => ({ ok: true, draw: currentDraw(), serverTime: new Date().toISOString() }));
      lotto.get('/api/games/:code/results', async () => ({ ok: true, draws: [] }));
      lotto.get('/api/slips', async () => ({ ok: true, slips: [] }));
      lotto.post('/api/slips', async (request, reply) => {
        const body = request.body as { requestId: string; drawId: string; lines: unknown[] };
        state.slipRequests.push({ ...body, session: request.headers[LOTTERY_SESSION_HEADER] as string | undefined });
        const answer = state.slipAnswers.shift() ?? { status: 500, body: {} };
        return reply.status(answer.status).send(answer.body);
      });
      lotto.get('/api/verify/:id', async () => ({
        ok: true,
        drawId: 'ELOTT_1-1',
        gameCode: 'ELOTT_1',
        format: 'PICK3',
        drawNumber: '20261126-0001',
        serverSeedHash: lotterySeedHash(seed),
        serverSeed: seed,
        publicData,
        result: state.publishedResult,
        derivation: 'HMAC-SHA256',
      }));
    },
    { prefix: LOTTERY_PREFIX },
  );
  await app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
  browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--headless', '--no-sandbox', '--disable-gpu'],
  });
});

afterAll(async () => {
  await browser?.close();
  await app.close();
});

beforeEach(() => {
  state.closesInMs = 50_000;
  state.slipRequests = [];
  state.slipAnswers = [];
  state.publishedResult = trueResult;
});

async function open(lang: 'en' | 'bn', view = 'betting&game=ELOTT_1'): Promise<Page> {
  const page = await browser.newPage({ viewport: { width: 360, height: 780 } });
  await page.goto(`${base}/lotto/play?vendor=ELOTT&token=launch-token-0123456789&lang=${lang}&view=${view}&backUrl=%2Flottery`);
  await page.getByTestId('lotto-betting').or(page.getByTestId('lotto-lobby')).waitFor();
  return page;
}

async function addBigLine(page: Page) {
  await page.getByTestId('lotto-bettype-P3_BIG_SMALL').click();
  await page.getByTestId('lotto-choice-BIG').click();
  await page.getByTestId('lotto-stake').fill('10');
  await page.getByTestId('lotto-add').click();
}

async function confirmSlip(page: Page) {
  await page.getByTestId('lotto-place').click();
  await page.getByTestId('lotto-confirm').click();
}

const slipOk = (status = 'open') => ({
  status: 200,
  body: {
    ok: true,
    balance: '99000',
    slip: {
      slipId: 's1',
      gameCode: 'ELOTT_1',
      drawId: 'ELOTT_1-2',
      drawNumber: '20261126-0002',
      status,
      totalStake: '1000',
      totalPayout: null,
      placedAt: new Date().toISOString(),
      settledAt: null,
      lines: [],
    },
  },
});

describe('the lottery game client', () => {
  it('repeats a slip that got no clear answer with the same request id, and shows the placed slip and the new balance', async () => {
    const page = await open('en');
    await addBigLine(page);
    expect(await page.getByTestId('lotto-slip-total').innerText()).toBe('৳10.00');
    // A gateway in front of the provider answers 503 without JSON: the slip may or may not have been taken.
    state.slipAnswers.push({ status: 503, body: 'upstream unavailable' }, slipOk());
    await confirmSlip(page);
    await page.getByTestId('lotto-error').filter({ hasText: 'The wallet is not answering.' }).waitFor();
    // The lines stay on the slip; the repeat carries the same id, so the provider charges once.
    expect(await page.getByTestId('lotto-slip-line').count()).toBe(1);
    await confirmSlip(page);
    await page.getByTestId('lotto-message').filter({ hasText: 'Slip placed on draw 20261126-0002.' }).waitFor();
    expect(state.slipRequests).toHaveLength(2);
    expect(state.slipRequests[0]?.requestId).toMatch(/^[A-Za-z0-9_-]{8,64}$/);
    expect(state.slipRequests[1]?.requestId).toBe(state.slipRequests[0]?.requestId);
    expect(state.slipRequests[0]).toMatchObject({
      drawId: 'ELOTT_1-2',
      session: 'session-1',
      lines: [{ betType: 'P3_BIG_SMALL', numbers: ['BIG'], stake: '1000' }],
    });
    expect(await page.getByTestId('lotto-balance').innerText()).toBe('৳990.00');
    expect(await page.getByTestId('lotto-slip-line').count()).toBe(0);

    // The next slip is a new request.
    await addBigLine(page);
    state.slipAnswers.push(slipOk());
    await confirmSlip(page);
    await expect.poll(() => state.slipRequests.length).toBe(3);
    expect(state.slipRequests[2]?.requestId).not.toBe(state.slipRequests[0]?.requestId);
    await page.close();
  });

  it('shows a refusal in the player language, keeps the slip, and asks again with a new request id', async () => {
    const page = await open('bn');
    await addBigLine(page);
    state.slipAnswers.push(
      { status: 402, body: { ok: false, code: 'INSUFFICIENT_FUNDS', message: 'x', balance: '500' } },
      { status: 422, body: { ok: false, code: 'EXPOSURE_LIMIT', message: 'x' } },
    );
    await confirmSlip(page);
    await page.getByTestId('lotto-error').filter({ hasText: 'এই স্লিপের জন্য যথেষ্ট ব্যালেন্স নেই।' }).waitFor();
    expect(await page.getByTestId('lotto-balance').innerText()).toBe('৳5.00');
    expect(await page.getByTestId('lotto-slip-line').count()).toBe(1);
    await confirmSlip(page);
    await page.getByTestId('lotto-error').filter({ hasText: 'এই ড্রয়ে সংখ্যাটি আর নেওয়া যাচ্ছে না।' }).waitFor();
    expect(state.slipRequests).toHaveLength(2);
    expect(state.slipRequests[1]?.requestId).not.toBe(state.slipRequests[0]?.requestId);
    await page.close();
  });

  it('refuses a line without numbers or with a stake outside the limits, and sends nothing', async () => {
    const page = await open('en');
    await page.getByTestId('lotto-bettype-P3_EXACT').click();
    await page.getByTestId('lotto-add').click();
    await page.getByTestId('lotto-error').filter({ hasText: 'Pick the number(s) for this line first.' }).waitFor();
    await page.getByTestId('lotto-number').fill('12a7');
    expect(await page.getByTestId('lotto-number').inputValue()).toBe('127');
    await page.getByTestId('lotto-stake').fill('5000');
    await page.getByTestId('lotto-add').click();
    await page.getByTestId('lotto-error').filter({ hasText: 'Enter a stake between ৳10.00 and ৳2,000.00.' }).waitFor();
    expect(await page.getByTestId('lotto-slip-line').count()).toBe(0);
    await page.getByTestId('lotto-stake').fill('2000');
    await page.getByTestId('lotto-add').click();
    expect(await page.getByTestId('lotto-slip-line').innerText()).toContain('127');
    expect(state.slipRequests).toHaveLength(0);
    await page.close();
  });

  it('counts down to the close and shows betting closed with the place button off', async () => {
    state.closesInMs = 3_000;
    const page = await open('en');
    await addBigLine(page);
    expect(await page.getByTestId('lotto-place').isEnabled()).toBe(true);
    expect(await page.getByTestId('lotto-countdown').innerText()).toMatch(/^00:0[1-3]$/);
    await page.getByTestId('lotto-countdown').filter({ hasText: 'Betting closed' }).waitFor({ timeout: 8_000 });
    expect(await page.getByTestId('lotto-place').isDisabled()).toBe(true);
    expect(state.slipRequests).toHaveLength(0);
    await page.close();
  });

  it('opens the lobby grouped by kind, and the back link leads to the platform page', async () => {
    const page = await open('en', 'lobby');
    expect(await page.getByRole('heading', { name: 'Fast lottery (1, 3 and 5 minutes)' }).count()).toBe(1);
    expect(await page.getByTestId('lotto-back').getAttribute('href')).toBe('/lottery');
    await page.getByTestId('lotto-game-ELOTT_1').click();
    await page.getByTestId('lotto-draw-number').filter({ hasText: 'Draw 20261126-0002' }).waitFor();
    // Keyboard: the tabs move with the arrow keys.
    await page.getByTestId('lotto-tab-bet').focus();
    await page.keyboard.press('ArrowRight');
    expect(await page.getByTestId('lotto-tab-slips').getAttribute('aria-selected')).toBe('true');
    await page.close();
  });

  it('verifies a draw in the browser, and says so when the published result does not match the seed', async () => {
    const page = await browser.newPage();
    await page.goto(`${base}/lotto/verify?draw=ELOTT_1-1&lang=en`);
    await page.getByTestId('lotto-verify-result').waitFor();
    expect(await page.getByTestId('lotto-verify-hash').getAttribute('data-match')).toBe('true');
    expect(await page.getByTestId('lotto-verify-result').getAttribute('data-match')).toBe('true');
    if (trueResult.kind !== 'ELOTT') throw new Error('pick-3 result expected');
    expect((await page.getByTestId('lotto-verify-computed').locator('.ball').allInnerTexts()).map(Number)).toEqual(trueResult.digits);

    const [a, b, c] = trueResult.digits;
    state.publishedResult = { kind: 'ELOTT', digits: [(a + 1) % 10, b, c], sum: trueResult.sum };
    await page.reload();
    await page.getByTestId('lotto-verify-result').waitFor();
    expect(await page.getByTestId('lotto-verify-hash').getAttribute('data-match')).toBe('true');
    expect(await page.getByTestId('lotto-verify-result').getAttribute('data-match')).toBe('false');
    expect(await page.getByTestId('lotto-verify-result').innerText()).toContain('does NOT match');
    await page.close();
  });
});

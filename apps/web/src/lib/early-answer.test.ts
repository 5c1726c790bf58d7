import { BETTING_RECORD_FIRST_PRESET, memberPageEarlyCall } from '@playfront/contract/early-calls';
import { FUNDS_PATHS } from '@playfront/contract/funds-paths';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { EarlyCall } from './early-answer.ts';

// The calls' language header, without starting i18next (it needs a document).
vi.mock('./i18n.ts', () => ({ currentLanguage: () => 'EN', serverKey: (k: string) => k }));

const { api } = await import('./api-client.ts');
const { EARLY_ANSWER_MS } = await import('./early-answer.ts');
const { getMessages } = await import('../features/messages/api/get-messages.ts');
const { getProtection } = await import('../features/protection/api/get-protection.ts');
const { getWithdrawInfo } = await import('../features/wallet/api/get-withdraw-info.ts');
const { getBettingRecord } = await import('../features/records/api/get-betting-record.ts');
const { getLuckyGame } = await import('../features/lucky/api/get-lucky-game.ts');
const { getMemberInfo } = await import('../features/auth/api/get-member-info.ts');

const ORIGIN = 'https://site.test';
const TOKEN = 'member-token';
/** The headers the boot script sends (server boot-screen.ts MEMBER_BOOT_SCRIPT) for an English page of this tab. */
const BOOT_HEADERS = { device: 'WEB', language: 'EN', authorization: TOKEN };

const answer = (value: unknown) => new Response(JSON.stringify({ success: true, value }), { status: 200 });

/** The addresses the client asked the network for, each answered with `value`. */
function network(value: unknown) {
  const asked: string[] = [];
  vi.stubGlobal('fetch', (url: URL) => {
    asked.push(`${url.pathname}${url.search}`);
    return Promise.resolve(answer(value));
  });
  return asked;
}

/** A call as the boot script leaves it, answered with `value`. */
const bootCall = (url: string, value: unknown): EarlyCall => ({
  url,
  headers: BOOT_HEADERS,
  at: Date.now(),
  response: Promise.resolve(answer(value)),
});

function openTab(early?: Partial<EarlyCall>) {
  const storage = new Map<string, string>([['token', TOKEN]]);
  vi.stubGlobal('sessionStorage', { getItem: (k: string) => storage.get(k) ?? null, setItem: () => {}, removeItem: () => {} });
  vi.stubGlobal('window', {
    location: { origin: ORIGIN },
    __pfEarly: early && [
      bootCall('/wps/member/info', { from: 'boot', member: true }),
      { ...bootCall('/wps/messages?pageNo=1&pageSize=10', { from: 'boot' }), ...early },
    ],
  });
}

describe("a member page's first call asked by its boot script", () => {
  afterEach(() => vi.unstubAllGlobals());

  describe('the early address of each page is the very call its page asks first', () => {
    beforeEach(() => openTab());
    const pages: [string, () => Promise<unknown>][] = [
      ['messageV2', () => getMessages(1)],
      ['responsibleGaming', () => getProtection()],
      ['transferUpline', () => getWithdrawInfo()],
      ['personalHistoryCopy', () => getBettingRecord('EN', { preset: BETTING_RECORD_FIRST_PRESET }, 1)],
      ['luckyWheel', () => getLuckyGame('wheel')],
    ];
    for (const [page, firstCall] of pages)
      it(page, async () => {
        const asked = network({});
        await firstCall();
        expect(asked).toEqual([memberPageEarlyCall(page, 'EN')]);
      });
    it('a page without data to wait for has none', () => {
      expect(memberPageEarlyCall('transferFund', 'EN')).toBeUndefined();
    });
  });

  it("is taken once by the app's first call of that address, which then asks nothing", async () => {
    openTab({});
    const asked = network({ from: 'network' });
    expect(await getMessages(1)).toEqual({ from: 'boot' });
    expect(asked).toEqual([]);
    // The next call of the same address (a refresh) goes to the network.
    expect(await getMessages(1)).toEqual({ from: 'network' });
    expect(asked).toEqual(['/wps/messages?pageNo=1&pageSize=10']);
  });

  it('matches the address whatever the order of its query', async () => {
    openTab({ url: '/wps/messages?pageSize=10&pageNo=1' });
    const asked = network({ from: 'network' });
    expect(await getMessages(1)).toEqual({ from: 'boot' });
    expect(asked).toEqual([]);
  });

  const refused: [string, Partial<EarlyCall>][] = [
    ['another page of the list', { url: '/wps/messages?pageNo=2&pageSize=10' }],
    ["another member's token", { headers: { ...BOOT_HEADERS, authorization: 'someone-else' } }],
    ['another language', { headers: { ...BOOT_HEADERS, language: 'BN' } }],
    ['an answer older than the first screen', { at: Date.now() - EARLY_ANSWER_MS - 1 }],
    ['a call the network failed', { response: Promise.resolve(null) }],
  ];
  for (const [what, early] of refused)
    it(`is not used for ${what}: the app asks the network, and the early answer is dropped`, async () => {
      openTab(early);
      const asked = network({ from: 'network' });
      expect(await getMessages(1)).toEqual({ from: 'network' });
      expect(asked).toHaveLength(1);
      expect((window as Window).__pfEarly?.map((call) => call.url)).toEqual(['/wps/member/info']);
    });

  it("lets a dropped answer's body go, so the browser does not hold the request until it times out", async () => {
    let cancelled = false;
    const body = new ReadableStream({
      cancel: () => {
        cancelled = true;
      },
    });
    openTab({ url: '/wps/messages?pageNo=2&pageSize=10', response: Promise.resolve(new Response(body, { status: 200 })) });
    network({ from: 'network' });
    expect(await getMessages(1)).toEqual({ from: 'network' });
    await vi.waitFor(() => expect(cancelled).toBe(true));
  });

  it('is left for its own address by a call of another one, and never taken by a write', async () => {
    openTab({});
    const asked = network({ from: 'network' });
    await api(FUNDS_PATHS.withdrawInfo);
    await api('/wps/messages', { method: 'POST', query: { pageNo: 1, pageSize: 10 }, body: {} });
    expect(asked).toHaveLength(2);
    expect(await getMessages(1)).toEqual({ from: 'boot' });
  });

  it("member info, asked for every page of a tab with a session, is taken by the app's member info call", async () => {
    openTab({});
    const asked = network({ from: 'network' });
    expect(await getMemberInfo()).toEqual({ from: 'boot', member: true });
    expect(await getMessages(1)).toEqual({ from: 'boot' });
    expect(asked).toEqual([]);
    expect((window as Window).__pfEarly).toEqual([]);
  });
});

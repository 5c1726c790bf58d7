import { FUNDS_PATHS } from '@playfront/contract/funds-paths';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

// The calls' language header, without starting i18next (it needs a document).
vi.mock('../lib/i18n.ts', () => ({ currentLanguage: () => 'EN', serverKey: (k: string) => k }));

const { askMemberBadges } = await import('./member-first-screen.ts');
const { useSession } = await import('../lib/session-store.ts');
const { queryClient } = await import('./query-client.ts');

const ORIGIN = 'https://site.test';
const BADGES = ['/wps/messages/unread-count', '/wps/support/chat/current', '/wps/promotions/summary', '/wps/missions/summary'];

/** The calls the boot made (paths), answering each at once except `held`, which never answers. */
function serve(held: string | null) {
  const asked: string[] = [];
  vi.stubGlobal('fetch', (url: URL) => {
    asked.push(url.pathname);
    if (url.pathname === held) return new Promise(() => {});
    return Promise.resolve(new Response(JSON.stringify({ success: true, value: {} }), { status: 200 }));
  });
  return asked;
}

function openTab(search: string) {
  vi.stubGlobal('window', { location: { origin: ORIGIN, pathname: '/member', search } });
  vi.stubGlobal('sessionStorage', { getItem: () => null, setItem: () => {}, removeItem: () => {} });
  useSession.setState({ token: 'member-token', loggedIn: true, isTrial: false });
}

describe("a member page's first data at boot (decision 070)", () => {
  beforeEach(() => queryClient.clear());
  afterEach(() => vi.unstubAllGlobals());

  const pages: [string, string][] = [
    ['messageV2', '/wps/messages'],
    ['responsibleGaming', '/wps/protection'],
    ['transferUpline', '/wps/funds/withdraw/info'],
  ];
  for (const [page, call] of pages)
    it(`${page}: its own call goes out beside the badges, and a slow answer does not hold them`, async () => {
      openTab(`?page=${page}`);
      const asked = serve(call);
      // Resolves with the page's call still unanswered: the first render is not held behind it.
      await askMemberBadges();
      expect(asked).toContain(call);
      for (const badge of BADGES) expect(asked).toContain(badge);
      // The page reads this very query: it is in the cache, fetching.
      expect(queryClient.isFetching()).toBe(1);
    });

  it('the transfer page waits for its wallet mode and funds, which draw its lead (the one page that does)', async () => {
    openTab('?page=transferFund');
    const asked = serve(FUNDS_PATHS.merchantWallet);
    let done = false;
    void askMemberBadges().then(() => {
      done = true;
    });
    await vi.waitFor(() => expect(asked.length).toBeGreaterThanOrEqual(6));
    await new Promise((r) => setTimeout(r, 20));
    expect(done).toBe(false);
  });

  it('another page asks only the badges, and a trial account nothing at all', async () => {
    openTab('?page=vip');
    const asked = serve(null);
    await askMemberBadges();
    expect([...asked].sort()).toEqual([...BADGES].sort());

    useSession.setState({ isTrial: true });
    const trial = serve(null);
    await askMemberBadges();
    expect(trial).toEqual([]);
  });
});

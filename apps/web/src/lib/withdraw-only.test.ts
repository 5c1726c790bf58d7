import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError, api } from './api-client.ts';
import { blockedLoginOf, readWithdrawOnly, timeLeft, useWithdrawOnly, WITHDRAW_ONLY_MS } from './withdraw-only.ts';

// The client's language header and catalogue keys, without starting i18next (it needs a document).
vi.mock('./i18n.ts', () => ({ currentLanguage: () => 'EN', serverKey: (key: string) => key.replace('.', ':') }));

/** Browser storage as the browser keeps it, for node: one map per kind, to see which one was written. */
function fakeStorage() {
  const make = () => {
    const items = new Map<string, string>();
    return {
      items,
      api: {
        getItem: (k: string) => items.get(k) ?? null,
        setItem: (k: string, v: string) => items.set(k, String(v)),
        removeItem: (k: string) => items.delete(k),
        clear: () => items.clear(),
      },
    };
  };
  const session = make();
  const local = make();
  Object.assign(globalThis, { sessionStorage: session.api, localStorage: local.api });
  return { session: session.items, local: local.items };
}

const TOKEN = 'wO_restricted-token-0123456789abcdefghijklmnopqrstuv';
const T0 = Date.UTC(2026, 10, 26, 18, 0, 0);

describe('a refused login’s withdrawal-only access (decision 056)', () => {
  let storage: ReturnType<typeof fakeStorage>;
  beforeEach(() => {
    storage = fakeStorage();
    useWithdrawOnly.setState({ access: null });
  });

  it('is offered only for a cool-off or self-exclusion that carries a well-formed token', () => {
    const until = '2027-05-26T18:00:00.000Z';
    expect(blockedLoginOf('PROTECTION_SELF_EXCLUDED', { kind: 'SELF_EXCLUSION', until, withdrawalToken: TOKEN })).toEqual({
      token: TOKEN,
      kind: 'SELF_EXCLUSION',
      until,
    });
    // A permanent exclusion has no end.
    expect(blockedLoginOf('PROTECTION_COOL_OFF', { until: null, withdrawalToken: TOKEN })).toEqual({
      token: TOKEN,
      kind: 'COOL_OFF',
      until: null,
    });
    // Other refusals, a missing or odd token: no offer.
    expect(blockedLoginOf('LOGIN_FAILED', { withdrawalToken: TOKEN })).toBeNull();
    expect(blockedLoginOf('PROTECTION_COOL_OFF', { until })).toBeNull();
    expect(blockedLoginOf('PROTECTION_COOL_OFF', { withdrawalToken: 'short' })).toBeNull();
    expect(blockedLoginOf('PROTECTION_COOL_OFF', { withdrawalToken: `${TOKEN}<script>` })).toBeNull();
  });

  it('is kept in this tab’s session storage (never local storage), apart from the session token, for 30 minutes', () => {
    const access = useWithdrawOnly.getState().start({ token: TOKEN, kind: 'COOL_OFF', until: null }, T0);
    expect(access.expiresAt).toBe(T0 + 30 * 60_000);
    expect(WITHDRAW_ONLY_MS).toBe(30 * 60_000);
    expect(JSON.parse(storage.session.get('withdrawOnly') ?? '{}')).toMatchObject({ token: TOKEN, kind: 'COOL_OFF' });
    expect(storage.session.has('token')).toBe(false);
    expect([...storage.local.values()].some((v) => v.includes(TOKEN))).toBe(false);

    // A reload in the same tab finds it while its time lasts…
    expect(readWithdrawOnly(T0 + WITHDRAW_ONLY_MS - 1)?.token).toBe(TOKEN);
    // …and forgets it once the 30 minutes are over.
    expect(readWithdrawOnly(T0 + WITHDRAW_ONLY_MS)).toBeNull();
    expect(storage.session.has('withdrawOnly')).toBe(false);
  });

  it('is forgotten on log out, and a tampered entry is not used', () => {
    useWithdrawOnly.getState().start({ token: TOKEN, kind: 'SELF_EXCLUSION', until: null }, Date.now());
    useWithdrawOnly.getState().end();
    expect(useWithdrawOnly.getState().access).toBeNull();
    expect(storage.session.has('withdrawOnly')).toBe(false);

    storage.session.set('withdrawOnly', JSON.stringify({ token: TOKEN, kind: 'ADMIN', expiresAt: Date.now() + 60_000 }));
    expect(readWithdrawOnly()).toBeNull();
    storage.session.set('withdrawOnly', '{not json');
    expect(readWithdrawOnly()).toBeNull();
  });

  it('counts down in minutes and seconds and ends at zero', () => {
    expect(timeLeft(T0 + WITHDRAW_ONLY_MS, T0)).toEqual({ minutes: 30, seconds: 0, ended: false });
    expect(timeLeft(T0 + 61_500, T0)).toEqual({ minutes: 1, seconds: 2, ended: false });
    expect(timeLeft(T0, T0)).toEqual({ minutes: 0, seconds: 0, ended: true });
    expect(timeLeft(T0, T0 + 5_000).ended).toBe(true);
  });
});

describe('the API client with a token of its own', () => {
  let storage: ReturnType<typeof fakeStorage>;
  const fetchMock = vi.fn();
  beforeEach(() => {
    storage = fakeStorage();
    Object.assign(globalThis, { window: { location: { origin: 'http://site.test' } } });
    vi.stubGlobal('fetch', fetchMock);
    // A body is read once: a new answer for every call.
    fetchMock.mockImplementation(
      async () => new Response(JSON.stringify({ success: true, message: 'ok', value: { balance: '100' } }), { status: 200 }),
    );
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    fetchMock.mockReset();
  });
  const sentToken = () => ((fetchMock.mock.calls.at(-1)?.[1] as RequestInit | undefined)?.headers ?? {}) as Record<string, string>;

  it('sends the withdrawal-only token only on the calls given it; the others go as the stored session (a guest)', async () => {
    await api('/wps/v2/wallets/balance', { token: TOKEN });
    expect(sentToken().authorization).toBe(TOKEN);
    await api('/wps/lobby');
    expect(sentToken().authorization).toBeUndefined();
    storage.session.set('token', 'member-session-token-0123456789');
    await api('/wps/lobby');
    expect(sentToken().authorization).toBe('member-session-token-0123456789');
  });

  it('turns the block refusal into an ApiError with its catalogue key', async () => {
    fetchMock.mockResolvedValue(
      new Response(JSON.stringify({ success: false, code: 'PROTECTION_SELF_EXCLUDED', message: 'errors.protectionSelfExcluded' }), {
        status: 403,
      }),
    );
    const refused = await api('/wps/funds/deposit/orders', { token: TOKEN }).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(ApiError);
    expect(refused).toMatchObject({ code: 'PROTECTION_SELF_EXCLUDED', messageKey: 'errors:protectionSelfExcluded', status: 403 });
  });
});

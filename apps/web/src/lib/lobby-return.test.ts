import { beforeEach, describe, expect, it } from 'vitest';
import {
  armLobbyRestore,
  finishLobbyRestore,
  isLobbyPath,
  lobbyReturn,
  noteLobbyPlace,
  rememberLobbyPlace,
  restoringPlace,
} from './lobby-return.ts';

/** Session storage as the browser keeps it, for node. */
function fakeSessionStorage() {
  const items = new Map<string, string>();
  Object.assign(globalThis, {
    sessionStorage: {
      getItem: (k: string) => items.get(k) ?? null,
      setItem: (k: string, v: string) => items.set(k, String(v)),
      removeItem: (k: string) => items.delete(k),
      clear: () => items.clear(),
    },
  });
  return items;
}

describe('"Back to the lobby" returns where the player left (issue 22)', () => {
  let items: Map<string, string>;
  beforeEach(() => {
    items = fakeSessionStorage();
    finishLobbyRestore();
  });

  it('keeps the lobby page, its section, vendor, page and scroll at launch, and goes back there', () => {
    noteLobbyPlace('/', { section: 'RNG' });
    noteLobbyPlace('/', { vendor: 'JILI', page: 3 });
    rememberLobbyPlace('/', '', 1480.6);
    expect(lobbyReturn()).toEqual({ path: '/', section: 'RNG', vendor: 'JILI', page: 3, scrollY: 1481 });
    // Nothing restores until the back link is pressed; then a lobby at that path starts from it, once.
    expect(restoringPlace('/')).toBeNull();
    armLobbyRestore();
    expect(restoringPlace('/')).toMatchObject({ section: 'RNG', vendor: 'JILI', page: 3 });
    expect(restoringPlace('/rng')).toBeNull();
    finishLobbyRestore();
    expect(restoringPlace('/')).toBeNull();
  });

  it('restores on the browser’s Back to the very history entry the game was opened from, once', () => {
    noteLobbyPlace('/', { section: 'RNG', page: 2 });
    rememberLobbyPlace('/', '', 900, 'k1');
    // Another entry of the same page (a link to it), or another page: fresh.
    expect(restoringPlace('/', 'k2')).toBeNull();
    expect(restoringPlace('/rng', 'k1')).toBeNull();
    // Back to that entry: its place, for every part of the page mounting until the restore is done.
    expect(restoringPlace('/', 'k1')).toMatchObject({ section: 'RNG', page: 2, scrollY: 900 });
    expect(restoringPlace('/', 'k1')).toMatchObject({ section: 'RNG', page: 2 });
    finishLobbyRestore();
    // A section remounting later (another tab and back) starts fresh, until the next launch from that entry.
    expect(restoringPlace('/', 'k1')).toBeNull();
    rememberLobbyPlace('/', '', 300, 'k1');
    expect(restoringPlace('/', 'k1')).toMatchObject({ scrollY: 300 });
  });

  it('keeps a list page with its query, and does not mix in another page’s notes', () => {
    noteLobbyPlace('/', { section: 'LIVE' });
    noteLobbyPlace('/rng?vassalage=PG', { page: 2 });
    rememberLobbyPlace('/rng', '?vassalage=PG', 300);
    expect(lobbyReturn()).toEqual({ path: '/rng?vassalage=PG', page: 2, scrollY: 300 });
  });

  it('does not take a game page for a lobby, and goes home without a kept place or with a bad one', () => {
    expect(isLobbyPath('/seamless')).toBe(false);
    expect(isLobbyPath('/vnLottery')).toBe(false);
    expect(isLobbyPath('/fish')).toBe(true);
    rememberLobbyPlace('/seamless', '?nodeId=1', 50);
    expect(items.size).toBe(0);
    expect(lobbyReturn()).toEqual({ path: '/', scrollY: 0 });
    items.set('lobbyReturn', '{not json');
    expect(lobbyReturn().path).toBe('/');
    // Never off the site: a kept "//evil.example" is not followed.
    items.set('lobbyReturn', JSON.stringify({ path: '//evil.example/x', scrollY: 0 }));
    expect(lobbyReturn().path).toBe('/');
  });
});

import { session } from './storage.ts';

/**
 * "Back to the lobby" returns where the player left it (issue 22): the lobby page (with its query), the section, the
 * vendor filter, the page and the scroll position. The lobby notes its place as it changes (`noteLobbyPlace`); a
 * launch keeps a copy in session storage (`rememberLobbyPlace`, so a reload of the game page keeps it too); the back
 * link arms it (`armLobbyRestore`) and the lobby, mounting, starts from it (`restoringPlace`) and scrolls back. The
 * browser's own Back does the same: the copy names the lobby's history entry (React Router's location key), and a
 * lobby mounting on that very entry again starts from it (decision 057).
 */
export type LobbyPlace = {
  /** Pathname and search of the lobby page: `/`, `/rng?vassalage=JILI`. */
  path: string;
  section?: string | undefined;
  vendor?: string | null | undefined;
  /** The paginator's page, or for HOME how many "More" pages were shown. */
  page?: number | undefined;
  scrollY: number;
  /** The history entry the launch left (React Router's `location.key`): the browser's Back returns to it. */
  key?: string | undefined;
};

type Place = Omit<LobbyPlace, 'path' | 'scrollY' | 'key'>;
let noted: { path: string; place: Place } = { path: '', place: {} };
let armed: LobbyPlace | null = null;
/** The history entry whose restore is done: a section remounting later on it starts fresh, until the next launch. */
let finishedKey: string | null = null;

/** The lobby's own section/vendor/page, as it changes. Merged: each component says what it knows. */
export function noteLobbyPlace(path: string, place: Place): void {
  noted = { path, place: noted.path === path ? { ...noted.place, ...place } : place };
}

/** Pages a launch leaves from that are lobbies (a game page itself is not one to go back to). */
export const isLobbyPath = (pathname: string) => !/^\/(seamless|lottert|lottery|vnlottery|sealottery|member|agent)/i.test(pathname);

/** On a launch from a lobby page: keep where it was, for the game page's back link. */
export function rememberLobbyPlace(pathname: string, search: string, scrollY: number, key?: string): void {
  if (!isLobbyPath(pathname)) return;
  const path = `${pathname}${search}`;
  const place: LobbyPlace = {
    path,
    scrollY: Math.max(0, Math.round(scrollY)),
    ...(noted.path === path ? noted.place : {}),
    ...(key ? { key } : {}),
  };
  finishedKey = null;
  session.set('lobbyReturn', JSON.stringify(place));
}

/** The lobby place the back link leads to; the home lobby when none was kept or it is unreadable. */
export function lobbyReturn(): LobbyPlace {
  const text = session.get('lobbyReturn');
  if (text) {
    try {
      const place = JSON.parse(text) as LobbyPlace;
      if (typeof place.path === 'string' && place.path.startsWith('/') && !place.path.startsWith('//')) return place;
    } catch {
      // fall through to home
    }
  }
  return { path: '/', scrollY: 0 };
}

/** The back link was pressed: the next lobby mount at that path starts from the kept place. */
export function armLobbyRestore(): LobbyPlace {
  armed = lobbyReturn();
  return armed;
}

/**
 * The place a lobby at `path` should start from: while the back link's navigation is restoring it, or when the lobby
 * mounts on the history entry a launch left (`key`: the browser's Back or Forward to it).
 */
export function restoringPlace(path: string, key?: string): LobbyPlace | null {
  if (armed) return armed.path === path ? armed : null;
  if (!key || key === finishedKey) return null;
  const kept = lobbyReturn();
  if (kept.key !== key || kept.path !== path) return null;
  // Armed like the back link's: the page's parts mounting meanwhile start from it too, until it is finished.
  armed = kept;
  return kept;
}

/** Done (scrolled back, or the player moved on): later mounts start fresh. */
export function finishLobbyRestore(): void {
  if (armed?.key) finishedKey = armed.key;
  armed = null;
}

/**
 * Scrolls back to `y` once the page is tall enough (games load after the mount), trying for up to `ms`; a scroll by
 * the player meanwhile wins. Returns a cancel function.
 */
export function scrollBackTo(y: number, ms = 3000): () => void {
  const until = Date.now() + ms;
  let frame = 0;
  let cancelled = false;
  const userScrolled = () => {
    cancelled = true;
  };
  window.addEventListener('wheel', userScrolled, { once: true, passive: true });
  window.addEventListener('touchmove', userScrolled, { once: true, passive: true });
  const step = () => {
    if (cancelled) return;
    const reachable = document.documentElement.scrollHeight - window.innerHeight >= y;
    if (reachable || Date.now() > until) {
      window.scrollTo({ top: y, behavior: 'instant' as ScrollBehavior });
      if (reachable) return;
    }
    if (Date.now() <= until) frame = window.requestAnimationFrame(step);
  };
  frame = window.requestAnimationFrame(step);
  return () => {
    cancelled = true;
    window.cancelAnimationFrame(frame);
    window.removeEventListener('wheel', userScrolled);
    window.removeEventListener('touchmove', userScrolled);
  };
}

import { useEffect, useState } from 'react';
import { useLocation } from 'react-router';
import { finishLobbyRestore, type LobbyPlace, noteLobbyPlace, restoringPlace, scrollBackTo } from '../../../lib/lobby-return.ts';

/** This lobby page's path as "Back to the lobby" keeps it: pathname and query. */
export function useLobbyPath(): string {
  const { pathname, search } = useLocation();
  return `${pathname}${search}`;
}

/** The place a back navigation (the back link, or the browser's Back to this entry) restores here (read once, at mount), or null. */
export function useRestoredPlace(): LobbyPlace | null {
  const path = useLobbyPath();
  const { key } = useLocation();
  const [place] = useState(() => restoringPlace(path, key));
  return place;
}

/** Notes the section/vendor/page of this lobby page whenever they change (issue 22). */
export function useNoteLobbyPlace(place: { section?: string; vendor?: string | null; page?: number }): void {
  const path = useLobbyPath();
  const { section, vendor, page } = place;
  useEffect(() => {
    noteLobbyPlace(path, {
      ...(section !== undefined ? { section } : {}),
      ...(vendor !== undefined ? { vendor } : {}),
      ...(page !== undefined ? { page } : {}),
    });
  }, [path, section, vendor, page]);
}

/** The page's own scroll position comes back once its games are there; then the restore is over. */
export function useScrollRestore(place: LobbyPlace | null): void {
  useEffect(() => {
    if (!place) return;
    const cancel = scrollBackTo(place.scrollY);
    const done = window.setTimeout(finishLobbyRestore, 3000);
    return () => {
      cancel();
      window.clearTimeout(done);
      finishLobbyRestore();
    };
  }, [place]);
}

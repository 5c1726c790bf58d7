import { LIMITS } from '@playfront/contract/constants';
import type { Game } from '@playfront/contract/games';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useRef } from 'react';
import { ApiError } from '../../../lib/api-client.ts';
import { useSession } from '../../../lib/session-store.ts';
import { openModal, showDialog } from '../../../ui/modals/modal-store.ts';
import { addFavGame, removeFavGame } from '../api/change-favourite.ts';
import { useFavIds } from '../api/get-favourites.ts';
import { lobbyKeys } from '../api/lobby-keys.ts';

/**
 * Favourite ids and the heart toggle (spec section 4): adding is skipped when
 * present, a toggle runs at most once a second per game, removal is optimistic
 * and rolled back with a message when the call fails.
 */
export function useFavourites() {
  const token = useSession((s) => s.token);
  const loggedIn = useSession((s) => s.loggedIn);
  const isTrial = useSession((s) => s.isTrial);
  const enabled = loggedIn && !isTrial && Boolean(token);
  const client = useQueryClient();
  const ids = useFavIds(token, enabled);
  const lastToggle = useRef(new Map<string, number>());
  const key = lobbyKeys.favIds(token);

  const toggle = useCallback(
    async (game: Game) => {
      if (!loggedIn) {
        openModal('loginPopupModal');
        return;
      }
      const now = Date.now();
      const last = lastToggle.current.get(game.nodeId) ?? 0;
      if (now - last < LIMITS.favouriteToggleThrottleMs) return;
      lastToggle.current.set(game.nodeId, now);

      const current = client.getQueryData<string[]>(key) ?? [];
      const present = current.includes(game.nodeId);
      const payload = { nodeId: game.nodeId, vendor: game.vassalage, gameType: game.gameType };
      try {
        if (present) {
          client.setQueryData<string[]>(
            key,
            current.filter((id) => id !== game.nodeId),
          );
          client.setQueriesData<{ content: Game[] }>({ queryKey: ['member-games', 'fav-list'] }, (page) =>
            page ? { ...page, content: page.content.filter((g) => g.nodeId !== game.nodeId) } : page,
          );
          client.setQueryData(key, await removeFavGame(payload));
        } else {
          client.setQueryData(key, await addFavGame(payload));
        }
        void client.invalidateQueries({ queryKey: ['member-games', 'fav-list'] });
      } catch (err) {
        // Roll back to what the server last said, and say why.
        client.setQueryData(key, current);
        void client.invalidateQueries({ queryKey: ['member-games', 'fav-list'] });
        void showDialog({
          icon: 'error',
          messageKey: present ? 'lobby:favourite.removeFailed' : 'lobby:favourite.addFailed',
          ...(err instanceof ApiError ? { params: { reason: err.code } } : {}),
        });
      }
    },
    [client, key, loggedIn],
  );

  return { ids: ids.data ?? [], enabled, toggle };
}

import type { FavouritePayload } from '@playfront/contract/games';
import { GAMES_PATHS } from '@playfront/contract/games-paths';
import { api } from '../../../lib/api-client.ts';

/** POST addFavGame { nodeId, vendor, gameType }: answers the favourite ids after the change. */
export const addFavGame = (payload: FavouritePayload) => api<string[]>(GAMES_PATHS.addFavGame, { method: 'POST', body: payload });

/** DELETE removeFavGame { nodeId, vendor, gameType }. */
export const removeFavGame = (payload: FavouritePayload) => api<string[]>(GAMES_PATHS.removeFavGame, { method: 'DELETE', body: payload });

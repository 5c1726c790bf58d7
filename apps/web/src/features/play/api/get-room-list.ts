import type { LanguageCode } from '@playfront/contract/constants';
import type { Room } from '@playfront/contract/play';
import { PLAY_PATHS } from '@playfront/contract/play-paths';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

/** GET /wps/relay/GLS2_roomList: a PVP vendor's rooms with their stakes and seats (spec section 7, room list). */
export const getRoomList = (language: LanguageCode, vendor: string, signal?: AbortSignal) =>
  api<{ vendor: string; list: Room[] }>(PLAY_PATHS.roomList, { query: { vendor, language }, signal }).then((v) => v.list);

export const roomListQueryOptions = (language: LanguageCode, vendor: string) =>
  queryOptions({
    queryKey: ['play', 'rooms', language, vendor],
    queryFn: ({ signal }) => getRoomList(language, vendor, signal),
    staleTime: 60_000,
  });

/** Only for PVP vendors (`enabled`): other vendors have no rooms. */
export const useRoomList = (language: LanguageCode, vendor: string, enabled: boolean) =>
  useQuery({ ...roomListQueryOptions(language, vendor), enabled });

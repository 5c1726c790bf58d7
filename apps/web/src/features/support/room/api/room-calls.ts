import { ROOM_POLL_MS, type RoomMessage, SUPPORT_ROOM_PATHS } from '@playfront/contract/support-chat-paths';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../../lib/api-client.ts';

/** The chat room's two calls (issue 15): the latest messages (anyone), and a member's post. */
export const ROOM_KEY = ['support', 'room'] as const;

export type RoomList = { list: RoomMessage[]; mutedUntil: string | null };

export const getRoomMessages = (signal?: AbortSignal) => api<RoomList>(SUPPORT_ROOM_PATHS.messages, signal ? { signal } : {});

/** Refreshed every few seconds while the popup is open: new messages arrive and removed ones go, for members and guests alike. */
export const roomQueryOptions = (token: string | null) =>
  queryOptions({
    queryKey: [...ROOM_KEY, token],
    queryFn: ({ signal }) => getRoomMessages(signal),
    refetchInterval: ROOM_POLL_MS,
  });

export const useRoomMessages = (token: string | null) => useQuery(roomQueryOptions(token));

export function usePostToRoom() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (text: string) => api<RoomMessage>(SUPPORT_ROOM_PATHS.messages, { method: 'POST', body: { text } }),
    onSuccess: () => client.invalidateQueries({ queryKey: ROOM_KEY }),
  });
}

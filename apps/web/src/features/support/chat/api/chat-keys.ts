import type { LiveEvent } from '@playfront/contract/live';
import { CHAT_GUEST_HEADER } from '@playfront/contract/support-chat-paths';
import type { QueryClient } from '@tanstack/react-query';
import { session } from '../../../../lib/storage.ts';
import { CHAT_KEY } from './chat-current-key.ts';

// The keys live in chat-current-key.ts, which the frame's badge reads without this module's calls.
export { CHAT_KEY, chatCurrentKey } from './chat-current-key.ts';

/** The guest's conversation token (a visitor without an account), kept for the tab's life. */
export const guestTokenStore = {
  get: () => session.get('supportChatGuest'),
  set: (token: string) => session.set('supportChatGuest', token),
  remove: () => session.remove('supportChatGuest'),
};

/** A member's calls carry the session token (api-client); a guest's carry the chat token instead. */
export function chatHeaders(): Record<string, string> {
  if (session.get('token')) return {};
  const guest = guestTokenStore.get();
  return guest ? { [CHAT_GUEST_HEADER]: guest } : {};
}

type Listener = (event: LiveEvent) => void;
const listeners = new Set<Listener>();

/** The open chat panel listens here for the member's live CHAT_* events. */
export function onChatLiveEvent(listener: Listener): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

export const isChatEvent = (event: LiveEvent) => event.type.startsWith('CHAT_');

/** Called by the app's live bridge for CHAT_* events: the panel (if open) merges them, the badge refreshes. */
export function applyChatLiveEvent(client: QueryClient, event: LiveEvent): void {
  for (const listener of listeners) listener(event);
  if (event.type === 'CHAT_MESSAGE' || event.type === 'CHAT_STATUS') void client.invalidateQueries({ queryKey: CHAT_KEY });
}

import type { LiveEvent } from '@playfront/contract/live';
import type { QueryClient } from '@tanstack/react-query';
import { SUPPORT_KEY } from './support-keys.ts';

/** Support's live events that are not the chat's own (those go through chat-keys.ts). */
export const isSupportEvent = (event: LiveEvent) => event.type === 'FEEDBACK_REPLIED' || event.type === 'ROOM_MESSAGE_REMOVED';

/**
 * Called by the app's live bridge: a feedback reply refreshes the member's feedback list at once; a removed room message
 * leaves every open room at once. Both answers sit under SUPPORT_KEY (feedback) and ['support', 'room'] (the room).
 */
export function applySupportLiveEvent(client: QueryClient, event: LiveEvent): void {
  if (event.type === 'FEEDBACK_REPLIED') void client.invalidateQueries({ queryKey: [...SUPPORT_KEY, 'feedback'] });
  if (event.type === 'ROOM_MESSAGE_REMOVED') {
    const removed = event.room?.messageId;
    // Drop it from what is on screen now, then ask again (the list may have room for an older message).
    if (removed)
      client.setQueriesData<{ list: { id: string }[] }>({ queryKey: [...SUPPORT_KEY, 'room'] }, (old) => withoutMessage(old, removed));
    void client.invalidateQueries({ queryKey: [...SUPPORT_KEY, 'room'] });
  }
}

/** The room answer without one message (the same object when it was not there, so nothing re-renders). */
export function withoutMessage<T extends { list: { id: string }[] }>(answer: T | undefined, messageId: string): T | undefined {
  if (!answer || !Array.isArray(answer.list) || !answer.list.some((m) => m.id === messageId)) return answer;
  return { ...answer, list: answer.list.filter((m) => m.id !== messageId) };
}

/** Query keys of the messages feature; a live event refreshes everything under `messages`. */
export const MESSAGES_KEY = ['messages'] as const;
export const messagesKey = (...parts: (string | number | null | undefined)[]) => [...MESSAGES_KEY, ...parts] as const;

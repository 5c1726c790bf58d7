/** Every chat answer's query key starts here, so one invalidation refreshes the badge and the panel. */
export const CHAT_KEY = ['support', 'chat'] as const;
export const chatCurrentKey = (who: string | null) => [...CHAT_KEY, 'current', who] as const;

/** Query keys of the feedback calls. Everything starts with `support`, so sending refreshes the list with one invalidation. */
export const SUPPORT_KEY = ['support'] as const;
export const supportKey = (...parts: (string | number | null | undefined)[]) => [...SUPPORT_KEY, ...parts] as const;

/** Query keys of player protection. Everything starts with `protection`, so one invalidation refreshes it all. */
export const PROTECTION_KEY = ['protection'] as const;
export const protectionKey = (...parts: (string | number | null | undefined)[]) => [...PROTECTION_KEY, ...parts] as const;

/** Query keys of the security centre. Everything starts with `security`, so one invalidation refreshes it all. */
export const SECURITY_KEY = ['security'] as const;
export const securityKey = (...parts: (string | number | null | undefined)[]) => [...SECURITY_KEY, ...parts] as const;

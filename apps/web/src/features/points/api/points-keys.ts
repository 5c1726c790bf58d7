/**
 * Query keys of the points feature. Everything starts with `points`, so a redeem, a convert or an operator's
 * decision refreshes all of it with one invalidation.
 */
export const POINTS_KEY = ['points'] as const;
export const pointsKey = (...parts: (string | number | null | undefined)[]) => [...POINTS_KEY, ...parts] as const;

/**
 * Red envelope rain (issue 12 "Red envelopes"), zod-free so the header's live bridge and the overlay can import
 * paths and vocabulary without the schemas (envelopes.ts re-exports this and adds them). The spec names the feature
 * without calls; the paths were chosen here, under `/wps/envelopes/` and `/ops/envelopes/`.
 */
export const ENVELOPE_PATHS = {
  /** GET (no token needed; with one, says whether the member opened / may open): the running rain and the next one. */
  rain: '/wps/envelopes/rain',
  /** POST (token): open one envelope of the running rain. */
  open: '/wps/envelopes/open',
} as const;

/** Operator calls (operator key), until the console exists. */
export const OPS_ENVELOPE_PATHS = {
  /** GET the brand's rains; POST a new one. */
  rains: '/ops/envelopes/rains',
  /** PUT: replace a rain's settings (a running occurrence keeps the settings it started with). */
  rain: '/ops/envelopes/rains/:rainId',
  /** GET: the rain's latest occurrences with what was opened and paid. */
  occurrences: '/ops/envelopes/rains/:rainId/occurrences',
} as const;

/** Bounds of a rain's settings. */
export const ENVELOPE_LIMITS = {
  minDurationSeconds: 10,
  maxDurationSeconds: 3_600,
  maxCount: 10_000,
  /** A recurring rain repeats every 5 minutes at the most often, once a week at the least. */
  minRepeatMinutes: 5,
  maxRepeatMinutes: 10_080,
} as const;

/** What a member's envelope tap came to, for the overlay. */
export const ENVELOPE_OPEN_REFUSALS = [
  'ENVELOPE_RAIN_NOT_RUNNING',
  'ENVELOPE_ALREADY_OPENED',
  'ENVELOPE_RAIN_EMPTY',
  'ENVELOPE_NOT_ELIGIBLE',
] as const;

import { DATE_PRESETS, type DatePreset } from '@playfront/contract/funds-paths';

/** The window and member of a team record: a spec preset, or explicit brand days. */
export type RecordFilter = { preset?: DatePreset; from?: string; to?: string; member?: string };

/** Team records look back: the spec's previous 7 and 30 days ("next" windows would always be empty). */
export const RECORD_PRESETS = DATE_PRESETS.filter((p) => p.startsWith('last')) as DatePreset[];

/**
 * Merge a change into a filter the way the server reads it: a preset and explicit days exclude each other, a blank
 * member or option is dropped (so the query key and the URL stay canonical).
 */
export function mergeFilter<F extends RecordFilter>(current: F, change: Partial<F>): F {
  const next = { ...current, ...change } as F & Record<string, unknown>;
  if (change.preset) {
    delete next.from;
    delete next.to;
  } else if (change.from !== undefined || change.to !== undefined) delete next.preset;
  for (const [k, v] of Object.entries(next)) if (v === undefined || (typeof v === 'string' && v.trim() === '')) delete next[k];
  if (typeof next.member === 'string') next.member = next.member.trim();
  if (!next.preset && !next.from && !next.to) next.preset = RECORD_PRESETS[0];
  return next;
}

/** Pages of a list of `total` rows. */
export const pageCount = (total: number, pageSize: number) => Math.max(1, Math.ceil(total / Math.max(1, pageSize)));

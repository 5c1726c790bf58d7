/**
 * When a rain happens, as pure functions of its settings: the first start, then every `repeatMinutes` (none: once).
 * The operator's `durationSeconds` is shorter than the repeat (checked on save), so occurrences never overlap.
 */
export type RainTiming = { startsAt: Date; durationSeconds: number; repeatMinutes: number | null };

/** The start of the occurrence running at `now`, if one is. */
export function runningStart(rain: RainTiming, now: Date): Date | null {
  const start = latestStart(rain, now);
  if (!start) return null;
  return now.getTime() < start.getTime() + rain.durationSeconds * 1000 ? start : null;
}

/** The first start strictly after `now`, if any is left. */
export function nextStart(rain: RainTiming, now: Date): Date | null {
  if (now < rain.startsAt) return rain.startsAt;
  if (rain.repeatMinutes === null) return null;
  const latest = latestStart(rain, now)!;
  return new Date(latest.getTime() + rain.repeatMinutes * 60_000);
}

/** The latest start at or before `now`. */
function latestStart(rain: RainTiming, now: Date): Date | null {
  const first = rain.startsAt.getTime();
  if (now.getTime() < first) return null;
  if (rain.repeatMinutes === null) return rain.startsAt;
  const every = rain.repeatMinutes * 60_000;
  return new Date(first + Math.floor((now.getTime() - first) / every) * every);
}

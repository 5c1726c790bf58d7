// Every benchmark prints its own tables for a person, and each headline figure once more as a
// machine-readable line, so `npm run bench` (run-all.ts) can gather them into one table.
export const FIGURE_PREFIX = 'BENCH_FIGURE ';

export type Figure = {
  /** What is measured, e.g. "wallet transfer over HTTP (PostgreSQL)". */
  name: string;
  value: number;
  unit: string;
  /** The aim the issue names, as text (e.g. "≥ 0.5"), when there is one. */
  aim?: string;
  /** Whether the aim is met, when there is one. */
  met?: boolean;
};

export function reportFigure(figure: Figure): void {
  console.log(`${FIGURE_PREFIX}${JSON.stringify(figure)}`);
}

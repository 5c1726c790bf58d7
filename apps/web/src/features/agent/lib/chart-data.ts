import type { TeamSeriesPoint } from '@playfront/contract/agent-team';
import { minorToChartNumber } from './figures.ts';

/** The lines of the team chart, in legend order. */
export const CHART_METRICS = ['deposits', 'withdrawals', 'validBets', 'profitLoss'] as const;
export type ChartMetric = (typeof CHART_METRICS)[number];

/**
 * The overview series as uPlot's columnar data: x is the point's index (labels are `HH:00` or days, shown by the axis),
 * one column per metric in major units. An empty series gives empty columns (the page shows its empty state instead).
 */
export function toChartData(series: TeamSeriesPoint[], metrics: readonly ChartMetric[] = CHART_METRICS) {
  return {
    labels: series.map((p) => p.label),
    data: [series.map((_, i) => i), ...metrics.map((m) => series.map((p) => minorToChartNumber(p[m])))] as number[][],
  };
}

/** Axis labels: at most `max` of them, evenly spaced, always the first; the rest blank so a phone axis stays legible. */
export function sparseLabels(labels: string[], max: number): string[] {
  if (labels.length <= max) return labels;
  const step = Math.ceil(labels.length / Math.max(1, max));
  return labels.map((l, i) => (i % step === 0 ? l : ''));
}

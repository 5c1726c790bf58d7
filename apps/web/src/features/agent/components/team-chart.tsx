import 'uplot/dist/uPlot.min.css';
import type { TeamSeriesPoint } from '@playfront/contract/agent-team';
import { useEffect, useRef } from 'react';
import uPlot from 'uplot';
import { CHART_METRICS, type ChartMetric, sparseLabels, toChartData } from '../lib/chart-data.ts';

/** Line colours from the theme's custom properties (light and dark), read when the chart draws. */
const COLOUR_VARS: Record<ChartMetric, [string, string]> = {
  deposits: ['--ag-chart-1', '#2f80ed'],
  withdrawals: ['--ag-chart-2', '#f2994a'],
  validBets: ['--ag-chart-3', '#27ae60'],
  profitLoss: ['--ag-chart-4', '#bb6bd9'],
};

/** The plot's size: the box's width (260 at least) and a height by width; agent.css reserves the same for the stand-in. */
const width = (el: HTMLElement) => Math.max(260, Math.floor(el.clientWidth));
const height = (el: HTMLElement) => (el.clientWidth < 520 ? 220 : 300);

/**
 * The team chart (uPlot, loaded with this module only when the overview shows a chart). Decorative for assistive
 * technology: the overview always offers the same figures as a table (the "Table" toggle), and the figure's
 * caption says so.
 */
export default function TeamChart({
  series,
  names,
  label,
  timeLabel,
  formatValue,
  formatAxis,
}: {
  series: TeamSeriesPoint[];
  names: Record<ChartMetric, string>;
  label: string;
  timeLabel: string;
  /** Legend values: the brand's full money format. */
  formatValue: (v: number) => string;
  /** Axis ticks: short numbers (12.5K), no symbol, so the axis stays narrow and any font draws it. */
  formatAxis: (v: number) => string;
}) {
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const el = box.current;
    if (!el) return;
    let plot: uPlot | undefined;
    let resize: ResizeObserver | undefined;
    const draw = () => {
      const { labels, data } = toChartData(series);
      const style = getComputedStyle(el);
      const colour = (m: ChartMetric) => style.getPropertyValue(COLOUR_VARS[m][0]).trim() || COLOUR_VARS[m][1];
      const ink = style.getPropertyValue('--text-muted').trim() || '#666';
      const grid = style.getPropertyValue('--border').trim() || '#ddd';
      // The canvas does not inherit the page's fonts: name them, so Bengali digits and labels are drawn, not boxes.
      const font = `12px ${style.fontFamily}`;
      const axisLabels = (count: number) => sparseLabels(labels, count);
      return new uPlot(
        {
          width: width(el),
          height: height(el),
          cursor: { points: { size: 6 } },
          legend: { live: true },
          scales: { x: { time: false } },
          axes: [
            {
              stroke: ink,
              font,
              grid: { stroke: grid, width: 1 },
              ticks: { stroke: grid },
              splits: () => labels.map((_, i) => i),
              values: () => axisLabels(el.clientWidth < 520 ? 4 : 8),
            },
            {
              stroke: ink,
              font,
              grid: { stroke: grid, width: 1 },
              ticks: { stroke: grid },
              size: 60,
              values: (_u, vals) => vals.map((v) => formatAxis(v)),
            },
          ],
          series: [
            { label: timeLabel, value: (_u, v) => (v == null ? '' : (labels[v] ?? '')) },
            ...CHART_METRICS.map((m) => ({
              label: names[m],
              stroke: colour(m),
              width: 2,
              points: { show: series.length < 40 },
              value: (_u: uPlot, v: number | null) => (v == null ? '' : formatValue(v)),
            })),
          ],
        },
        data as uPlot.AlignedData,
        el,
      );
    };
    // uPlot's first draw (a forced layout, the axes, the lines) runs in a task of its own after the commit that
    // mounted the box, so React's commit and the draw are two shorter tasks instead of one long one.
    const timer = window.setTimeout(() => {
      plot = draw();
      const drawn = plot;
      resize = new ResizeObserver(() => drawn.setSize({ width: width(el), height: height(el) }));
      resize.observe(el);
    }, 0);
    return () => {
      window.clearTimeout(timer);
      resize?.disconnect();
      plot?.destroy();
    };
  }, [series, names, timeLabel, formatValue, formatAxis]);
  return <div ref={box} className="ag-chart" aria-hidden="true" data-label={label} />;
}

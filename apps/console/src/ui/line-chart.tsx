import { useEffect, useRef } from 'react';
import uPlot from 'uplot';

export type LineChartProps = {
  /** Accessible name of the chart; the same figures are offered as a table beside it. */
  label: string;
  /** x values: day starts as unix seconds. */
  x: number[];
  series: { label: string; values: number[]; color: string }[];
  height?: number;
};

const cssVar = (name: string) => getComputedStyle(document.documentElement).getPropertyValue(name).trim() || '#888';

/** A uPlot line chart that follows its container's width and the theme's colours. */
export function LineChart({ label, x, series, height = 260 }: LineChartProps) {
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const el = box.current;
    if (!el) return;
    const axis = { stroke: cssVar('--muted'), grid: { stroke: cssVar('--border'), width: 1 }, ticks: { stroke: cssVar('--border') } };
    const plot = new uPlot(
      {
        width: Math.max(280, el.clientWidth),
        height,
        scales: { x: { time: true } },
        axes: [
          // Days, not hours: each point is one day of the brand.
          {
            ...axis,
            incrs: [86_400, 7 * 86_400, 30 * 86_400],
            values: (_u: uPlot, splits: number[]) => splits.map((s) => new Date(s * 1000).toISOString().slice(5, 10)),
          },
          { ...axis, size: 70 },
        ],
        series: [{}, ...series.map((s) => ({ label: s.label, stroke: s.color, width: 2, points: { show: x.length < 40 } }))],
        legend: { live: false },
      },
      [x, ...series.map((s) => s.values)],
      el,
    );
    const resize = new ResizeObserver(() => plot.setSize({ width: Math.max(280, el.clientWidth), height }));
    resize.observe(el);
    return () => {
      resize.disconnect();
      plot.destroy();
    };
  }, [x, series, height]);
  return <div ref={box} className="chart" role="img" aria-label={label} />;
}

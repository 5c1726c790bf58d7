import type { TeamSeriesPoint } from '@playfront/contract/agent-team';
import { describe, expect, it } from 'vitest';
import { sparseLabels, toChartData } from './chart-data.ts';

const point = (label: string, deposits: string, profitLoss: string): TeamSeriesPoint => ({
  at: `2026-11-25T${label.slice(0, 2)}:00:00Z`,
  label,
  newMembers: 0,
  activeMembers: null,
  deposits,
  withdrawals: '0',
  bets: '0',
  wins: '0',
  validBets: '250',
  bonuses: '0',
  profitLoss,
});

describe('team chart data', () => {
  it('turns the series into uPlot columns in major units, x by index', () => {
    const { labels, data } = toChartData([point('00:00', '10000', '-500'), point('01:00', '0', '1250')]);
    expect(labels).toEqual(['00:00', '01:00']);
    expect(data).toEqual([
      [0, 1],
      [100, 0],
      [0, 0],
      [2.5, 2.5],
      [-5, 12.5],
    ]);
  });

  it('an empty series gives empty columns', () => {
    expect(toChartData([]).data).toEqual([[], [], [], [], []]);
  });

  it('thins axis labels on narrow charts, keeping the first', () => {
    const labels = Array.from({ length: 24 }, (_, h) => `${String(h).padStart(2, '0')}:00`);
    const shown = sparseLabels(labels, 4).filter(Boolean);
    expect(shown.length).toBeLessThanOrEqual(4);
    expect(shown[0]).toBe('00:00');
    expect(sparseLabels(labels.slice(0, 3), 4)).toEqual(labels.slice(0, 3));
  });
});

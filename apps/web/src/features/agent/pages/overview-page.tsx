import { TEAM_OVERVIEW_RANGES, type TeamOverviewRange } from '@playfront/contract/agent-team-paths';
import { lazy, Suspense, useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSession } from '../../../lib/session-store.ts';
import { useTeamOverview } from '../api/get-team-overview.ts';
import { AgentEmpty, AgentLoadError, AgentLoading, Choices, FigureCards, Money, useMoney } from '../components/parts.tsx';
import { CHART_METRICS, type ChartMetric } from '../lib/chart-data.ts';
import { pageSettled } from '../lib/page-settled.ts';

/**
 * Axis ticks as short numbers in the reader's language (12.5K; Bengali digits in BN). The formatter is made at the
 * first tick, when the chart draws after the first screen: a page's first Intl.NumberFormat loads the locale's data,
 * 90 ms of main thread measured in Chromium on this machine (several times that on a phone).
 */
const compactNumber = (language: string) => {
  let format: Intl.NumberFormat | undefined;
  return (v: number) => {
    format ??= new Intl.NumberFormat(language, { notation: 'compact', maximumFractionDigits: 1 });
    return format.format(v);
  };
};

/**
 * The chart's chunk (uPlot) is asked only once the page has loaded and the main thread has a quiet moment: the first
 * screen (the agent bar, the nav, the title, the figures) never waits for it or shares a task with it. Until then a
 * stand-in of the chart's size holds its place, so nothing moves when it draws.
 */
const TeamChart = lazy(() => pageSettled().then(() => import('../components/team-chart.tsx')));

/**
 * agentTeamOverview: the team's figures for today / yesterday / this week / this month, and a chart over time (per
 * hour or per day). The chart has a table twin behind the "Table" toggle, which is also what screen readers are
 * pointed to.
 */
export default function OverviewPage() {
  const { t, i18n } = useTranslation('agent');
  const token = useSession((s) => s.token);
  const [range, setRange] = useState<TeamOverviewRange>('today');
  const [asTable, setAsTable] = useState(false);
  const query = useTeamOverview(token, range);
  const money = useMoney();
  const chartId = useId();
  const names = useMemo(
    () => Object.fromEntries(CHART_METRICS.map((m) => [m, t(`overview.figures.${m}`)])) as Record<ChartMetric, string>,
    [t],
  );
  const formatValue = useMemo(() => (v: number) => money(String(Math.round(v * 100))), [money]);
  const formatAxis = useMemo(() => compactNumber(i18n.resolvedLanguage ?? 'en'), [i18n.resolvedLanguage]);

  return (
    <div className="ag-stack">
      <Choices
        label={t('overview.range')}
        options={TEAM_OVERVIEW_RANGES}
        value={range}
        onChange={setRange}
        text={(r) => t(`overview.ranges.${r}`)}
      />
      {query.isPending ? (
        <AgentLoading />
      ) : query.isError ? (
        <AgentLoadError error={query.error} onRetry={() => void query.refetch()} />
      ) : (
        <>
          <FigureCards
            label={t('overview.figuresLabel', { range: t(`overview.ranges.${range}`) })}
            items={[
              { key: 'teamSize', label: t('overview.figures.teamSize'), value: query.data.teamSize },
              { key: 'newMembers', label: t('overview.figures.newMembers'), value: query.data.newMembers },
              { key: 'activeMembers', label: t('overview.figures.activeMembers'), value: query.data.activeMembers },
              { key: 'deposits', label: t('overview.figures.deposits'), value: <Money value={query.data.deposits} /> },
              { key: 'withdrawals', label: t('overview.figures.withdrawals'), value: <Money value={query.data.withdrawals} /> },
              { key: 'validBets', label: t('overview.figures.validBets'), value: <Money value={query.data.validBets} /> },
              { key: 'profitLoss', label: t('overview.figures.profitLoss'), value: <Money value={query.data.profitLoss} signed /> },
            ]}
          />
          <section className="ag-panel" aria-labelledby={`${chartId}-title`}>
            <header className="ag-panel-head">
              <h2 id={`${chartId}-title`}>{t(query.data.step === 'hour' ? 'overview.chartHourly' : 'overview.chartDaily')}</h2>
              <button
                type="button"
                className="btn btn-ghost btn-sm"
                aria-pressed={asTable}
                aria-controls={chartId}
                onClick={() => setAsTable((v) => !v)}
              >
                {t('overview.showTable')}
              </button>
            </header>
            <div id={chartId}>
              {query.data.series.length === 0 ? (
                <AgentEmpty>{t('overview.noSeries')}</AgentEmpty>
              ) : asTable ? (
                <SeriesTable data={query.data.series} names={names} />
              ) : (
                <figure className="ag-figure">
                  <Suspense fallback={<div className="ag-chart ag-chart-standin" aria-hidden="true" />}>
                    <TeamChart
                      series={query.data.series}
                      names={names}
                      label={t('overview.chartLabel')}
                      timeLabel={t('overview.time')}
                      formatValue={formatValue}
                      formatAxis={formatAxis}
                    />
                  </Suspense>
                  <figcaption className="ag-muted ag-small">{t('overview.chartCaption')}</figcaption>
                </figure>
              )}
            </div>
          </section>
        </>
      )}
    </div>
  );
}

function SeriesTable({
  data,
  names,
}: {
  data: { label: string; deposits: string; withdrawals: string; validBets: string; profitLoss: string; newMembers: number }[];
  names: Record<ChartMetric, string>;
}) {
  const { t } = useTranslation('agent');
  return (
    <div className="ag-table-wrap">
      <table className="ag-table">
        <caption className="visually-hidden">{t('overview.tableCaption')}</caption>
        <thead>
          <tr>
            <th scope="col">{t('overview.time')}</th>
            <th scope="col">{t('overview.figures.newMembers')}</th>
            {CHART_METRICS.map((m) => (
              <th key={m} scope="col" className="ag-num">
                {names[m]}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {data.map((p) => (
            <tr key={p.label}>
              <th scope="row">{p.label}</th>
              <td className="ag-num">{p.newMembers}</td>
              {CHART_METRICS.map((m) => (
                <td key={m} className="ag-num">
                  <Money value={p[m]} signed={m === 'profitLoss'} />
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

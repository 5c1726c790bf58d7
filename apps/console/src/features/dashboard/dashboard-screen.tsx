import type { Dashboard, DashboardFigures } from '@playfront/contract/console';
import { CONSOLE_PATHS } from '@playfront/contract/console-paths';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../lib/api.ts';
import { formatCount, formatMinor, isoDay } from '../../lib/format.ts';
import { LineChart } from '../../ui/line-chart.tsx';
import { ErrorState, Loading } from '../../ui/states.tsx';

const MONEY = ['deposits', 'withdrawals', 'bets', 'wins', 'ggr', 'bonuses', 'ngr'] as const;
const COUNTS = ['newPlayers', 'activePlayers'] as const;
const CHART_SERIES = [
  { key: 'deposits', color: '#4f9dff' },
  { key: 'withdrawals', color: '#ff8a5b' },
  { key: 'ggr', color: '#e8b04a' },
  { key: 'ngr', color: '#5fd38d' },
] as const;

function Figures({ figures, currency, title }: { figures: DashboardFigures; currency: string; title: string }) {
  const { t } = useTranslation();
  return (
    <section aria-label={title} className="stack">
      <h2>{title}</h2>
      <div className="grid">
        {MONEY.map((k) => (
          <div className="card figure" key={k}>
            <div className="label">{t(`dashboard.${k}`)}</div>
            <div className="value">{formatMinor(figures[k], currency)}</div>
          </div>
        ))}
        {COUNTS.map((k) => (
          <div className="card figure" key={k}>
            <div className="label">{t(`dashboard.${k}`)}</div>
            <div className="value">{formatCount(figures[k])}</div>
          </div>
        ))}
      </div>
    </section>
  );
}

export default function DashboardScreen() {
  const { t } = useTranslation();
  const [range, setRange] = useState({ from: isoDay(-6), to: isoDay(0) });
  const [draft, setDraft] = useState(range);
  const [asTable, setAsTable] = useState(false);
  const query = useQuery({
    queryKey: ['dashboard', range],
    queryFn: () => api<Dashboard>(CONSOLE_PATHS.dashboard, { query: range }),
    placeholderData: keepPreviousData,
  });
  const data = query.data;
  const chart = useMemo(() => {
    if (!data) return null;
    const x = data.daily.map((d) => Date.parse(`${d.day}T00:00:00Z`) / 1000);
    const series = CHART_SERIES.map((s) => ({
      label: t(`dashboard.${s.key}`),
      color: s.color,
      // Major units for the chart's axis only; the figures and the table stay exact.
      values: data.daily.map((d) => Number(d[s.key]) / 100),
    }));
    return { x, series };
  }, [data, t]);

  return (
    <div className="stack">
      <h1>{t('nav.dashboard')}</h1>
      <form
        className="row"
        onSubmit={(e) => {
          e.preventDefault();
          if (draft.from && draft.to && draft.from <= draft.to) setRange(draft);
        }}
      >
        <div className="field">
          <label htmlFor="dash-from">{t('filters.from')}</label>
          <input
            id="dash-from"
            type="date"
            value={draft.from}
            max={draft.to}
            onChange={(e) => setDraft({ ...draft, from: e.target.value })}
          />
        </div>
        <div className="field">
          <label htmlFor="dash-to">{t('filters.to')}</label>
          <input id="dash-to" type="date" value={draft.to} min={draft.from} onChange={(e) => setDraft({ ...draft, to: e.target.value })} />
        </div>
        <button type="submit">{t('filters.apply')}</button>
      </form>
      {query.isLoading && <Loading />}
      {query.error && <ErrorState error={query.error} onRetry={() => void query.refetch()} />}
      {data && (
        <>
          <p className="muted">{t('dashboard.timezone', { timezone: data.timezone })}</p>
          <Figures figures={data.today} currency={data.currency} title={t('dashboard.today')} />
          <Figures
            figures={data.period.figures}
            currency={data.currency}
            title={t('dashboard.period', { from: data.period.from, to: data.period.to })}
          />
          <section className="card stack" aria-labelledby="dash-chart-title">
            <div className="row">
              <h2 id="dash-chart-title">{t('dashboard.daily')}</h2>
              <span style={{ flex: 1 }} />
              <button type="button" aria-pressed={asTable} onClick={() => setAsTable((v) => !v)}>
                {asTable ? t('dashboard.showChart') : t('dashboard.showTable')}
              </button>
            </div>
            {data.daily.length === 0 ? (
              <p className="state">{t('state.empty')}</p>
            ) : asTable || !chart ? (
              <div className="table-wrap">
                <table className="data">
                  <caption className="visually-hidden">{t('dashboard.daily')}</caption>
                  <thead>
                    <tr>
                      <th scope="col">{t('dashboard.day')}</th>
                      {MONEY.map((k) => (
                        <th scope="col" className="num" key={k}>
                          {t(`dashboard.${k}`)}
                        </th>
                      ))}
                      {COUNTS.map((k) => (
                        <th scope="col" className="num" key={k}>
                          {t(`dashboard.${k}`)}
                        </th>
                      ))}
                    </tr>
                  </thead>
                  <tbody>
                    {data.daily.map((d) => (
                      <tr key={d.day}>
                        <th scope="row">{d.day}</th>
                        {MONEY.map((k) => (
                          <td className="num" key={k}>
                            {formatMinor(d[k])}
                          </td>
                        ))}
                        {COUNTS.map((k) => (
                          <td className="num" key={k}>
                            {d[k]}
                          </td>
                        ))}
                      </tr>
                    ))}
                  </tbody>
                </table>
              </div>
            ) : (
              <LineChart label={t('dashboard.chartLabel')} x={chart.x} series={chart.series} />
            )}
          </section>
        </>
      )}
    </div>
  );
}

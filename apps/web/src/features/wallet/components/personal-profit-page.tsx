import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSession } from '../../../lib/session-store.ts';
import { Paginator } from '../../../ui/paginator/paginator.tsx';
import { usePersonalProfit } from '../api/get-personal-profit.ts';
import { initialWindow, type RecordWindow, rangeOf } from '../lib/record-window.ts';
import { Empty, LoadError, Loading, RecordPeriod, useDateTime, useMoney, WalletPage } from './parts.tsx';

const DAYS_PER_PAGE = 10;
const COLUMNS = ['deposits', 'withdrawals', 'bets', 'wins', 'bonuses', 'net'] as const;

/** personalProfit: per brand day deposits, withdrawals, bets, wins, bonuses and the net result of play, with the window's total. */
export default function PersonalProfitPage() {
  const { t } = useTranslation('wallet');
  const token = useSession((s) => s.token);
  const [period, setPeriod] = useState<RecordWindow>(initialWindow);
  const [page, setPage] = useState(1);
  const profit = usePersonalProfit(token, rangeOf(period));
  const money = useMoney();
  const { day } = useDateTime();
  const choose = (w: RecordWindow) => {
    setPeriod(w);
    setPage(1);
  };
  const data = profit.data;
  // Newest day first; days without any movement are left out (the server lists every day of the window).
  const days = (data?.days ?? []).filter((d) => COLUMNS.some((c) => d[c] !== '0')).reverse();
  const shown = days.slice((page - 1) * DAYS_PER_PAGE, page * DAYS_PER_PAGE);
  const sign = (v: string) => (v.startsWith('-') ? 'wl-neg' : v === '0' ? '' : 'wl-pos');

  return (
    <WalletPage title={t('records.profitTitle')} lead={t('records.profitLead')}>
      <RecordPeriod value={period} onChange={choose} shown={profit.isPlaceholderData ? undefined : data} />
      {profit.isPending ? (
        <Loading />
      ) : profit.isError ? (
        <LoadError error={profit.error} onRetry={() => void profit.refetch()} />
      ) : (
        <>
          <div className="wl-summary wl-summary-6" aria-busy={profit.isFetching || undefined}>
            {COLUMNS.map((c) => (
              <div key={c} className={`wl-stat ${c === 'net' ? 'wl-stat-main' : ''}`}>
                <span className="wl-stat-label">{t(`records.columns.${c}`)}</span>
                <strong className={`wl-stat-value wl-money ${c === 'net' ? sign(profit.data.total.net) : ''}`}>
                  {money(profit.data.total[c])}
                </strong>
              </div>
            ))}
          </div>
          {days.length === 0 ? (
            <Empty>{t('records.emptyProfit')}</Empty>
          ) : (
            <div className="wl-table-wrap">
              <table className="wl-table">
                <caption className="visually-hidden">{t('records.profitTitle')}</caption>
                <thead>
                  <tr>
                    <th scope="col">{t('records.day')}</th>
                    {COLUMNS.map((c) => (
                      <th key={c} scope="col" className="wl-num">
                        {t(`records.columns.${c}`)}
                      </th>
                    ))}
                  </tr>
                </thead>
                <tbody>
                  {shown.map((d) => (
                    <tr key={d.day}>
                      <td data-label={t('records.day')}>{day(d.day)}</td>
                      {COLUMNS.map((c) => (
                        <td key={c} data-label={t(`records.columns.${c}`)} className={`wl-num wl-money ${c === 'net' ? sign(d.net) : ''}`}>
                          {money(d[c])}
                        </td>
                      ))}
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )}
          <Paginator page={page} totalPages={Math.ceil(days.length / DAYS_PER_PAGE)} onChange={setPage} label={t('records.pages')} />
        </>
      )}
    </WalletPage>
  );
}

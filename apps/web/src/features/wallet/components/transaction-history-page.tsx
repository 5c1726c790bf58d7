import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSession } from '../../../lib/session-store.ts';
import { Paginator } from '../../../ui/paginator/paginator.tsx';
import { TRANSACTIONS_PAGE_SIZE, useTransactions } from '../api/get-transactions.ts';
import { initialWindow, type RecordWindow, rangeOf } from '../lib/record-window.ts';
import { Empty, LoadError, Loading, RecordPeriod, useDateTime, useMoney, WalletPage } from './parts.tsx';

/** Movement kinds the catalogue names; anything newer shows its code rather than nothing. */
const KNOWN_TYPES = new Set([
  'DEPOSIT',
  'WITHDRAWAL_HOLD',
  'WITHDRAWAL_RELEASE',
  'WITHDRAWAL_PAYOUT',
  'BET',
  'WIN',
  'ROLLBACK',
  'VENDOR_TRANSFER_IN',
  'VENDOR_TRANSFER_OUT',
  'UPLINE_TRANSFER',
  'DOWNLINE_TRANSFER',
  'BONUS',
  'REBATE',
  'COMMISSION',
  'POINTS_REDEMPTION',
  'OPENING_BALANCE',
  'ADJUSTMENT',
  'BONUS_CONVERSION',
  'BONUS_FORFEIT',
  'CASHBACK',
  'MISSION_REWARD',
  'RED_ENVELOPE',
  'WHEEL_PRIZE',
  'EGG_PRIZE',
  'RAFFLE_PRIZE',
  'AGENT_SALARY',
  'AGENT_DIVIDEND',
  'REFERRAL_REWARD',
]);

/** transactionHistory (account record): every movement of the member's wallets in the chosen window, newest first. */
export default function TransactionHistoryPage() {
  const { t } = useTranslation('wallet');
  const token = useSession((s) => s.token);
  const [period, setPeriod] = useState<RecordWindow>(initialWindow);
  const [page, setPage] = useState(1);
  const records = useTransactions(token, rangeOf(period), page);
  const money = useMoney();
  const { dateTime } = useDateTime();
  const choose = (w: RecordWindow) => {
    setPeriod(w);
    setPage(1);
  };
  const typeName = (type: string) => (KNOWN_TYPES.has(type) ? t(`records.types.${type}` as never) : type);
  const walletName = (w: string) => (w === 'MAIN' || w === 'HOLD' || w === 'BONUS' ? t(`records.wallets.${w}`) : w);
  const data = records.data;

  return (
    <WalletPage title={t('records.historyTitle')}>
      <RecordPeriod value={period} onChange={choose} shown={records.isPlaceholderData ? undefined : data} />
      {records.isPending ? (
        <Loading />
      ) : records.isError ? (
        <LoadError error={records.error} onRetry={() => void records.refetch()} />
      ) : records.data.list.length === 0 ? (
        <Empty>{t('records.empty')}</Empty>
      ) : (
        <div className="wl-table-wrap" aria-busy={records.isFetching || undefined}>
          <table className="wl-table">
            <caption className="visually-hidden">{t('records.historyTitle')}</caption>
            <thead>
              <tr>
                <th scope="col">{t('records.time')}</th>
                <th scope="col">{t('records.type')}</th>
                <th scope="col">{t('records.wallet')}</th>
                <th scope="col" className="wl-num">
                  {t('records.amount')}
                </th>
                <th scope="col" className="wl-num">
                  {t('records.balanceAfter')}
                </th>
              </tr>
            </thead>
            <tbody>
              {records.data.list.map((r) => (
                <tr key={r.id}>
                  <td data-label={t('records.time')}>
                    <time dateTime={r.time}>{dateTime(r.time)}</time>
                  </td>
                  <td data-label={t('records.type')}>
                    <span>
                      {typeName(r.type)}
                      {r.reference && <span className="wl-ref wl-mono">{r.reference}</span>}
                    </span>
                  </td>
                  <td data-label={t('records.wallet')}>{walletName(r.wallet)}</td>
                  <td data-label={t('records.amount')} className={`wl-num wl-money ${r.amount.startsWith('-') ? 'wl-neg' : 'wl-pos'}`}>
                    {r.amount.startsWith('-') ? '' : '+'}
                    {money(r.amount)}
                  </td>
                  <td data-label={t('records.balanceAfter')} className="wl-num wl-money">
                    {money(r.balanceAfter)}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <Paginator
        page={page}
        totalPages={Math.ceil((data?.total ?? 0) / TRANSACTIONS_PAGE_SIZE)}
        onChange={setPage}
        label={t('records.pages')}
      />
    </WalletPage>
  );
}

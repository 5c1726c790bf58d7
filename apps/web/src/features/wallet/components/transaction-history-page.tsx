import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { fromI18n } from '../../../lib/i18n.ts';
import { useSession } from '../../../lib/session-store.ts';
import { Paginator } from '../../../ui/paginator/paginator.tsx';
import { TRANSACTIONS_PAGE_SIZE, useTransactions } from '../api/get-transactions.ts';
import { useVendorName } from '../api/get-vendor-names.ts';
import { RECORD_TYPE_FILTER, recordFilterKey, recordTypeKey } from '../lib/record-labels.ts';
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
  'FROM_UPLINE',
  'FROM_DOWNLINE',
]);

/**
 * transactionHistory (account record): every movement of the member's wallets in the chosen window, newest first,
 * filtered by kind; bets and wins name their game, member transfers read from the viewer's side (issue 22).
 */
export default function TransactionHistoryPage() {
  const { t, i18n } = useTranslation('wallet');
  const language = fromI18n(i18n.resolvedLanguage ?? i18n.language) === 'BN' ? 'bn' : 'en';
  const token = useSession((s) => s.token);
  const [period, setPeriod] = useState<RecordWindow>(initialWindow);
  const [page, setPage] = useState(1);
  const [type, setType] = useState<string | undefined>(undefined);
  const typeId = useId();
  const records = useTransactions(token, rangeOf(period), page, { type, language });
  const money = useMoney();
  const { dateTime } = useDateTime();
  const choose = (w: RecordWindow) => {
    setPeriod(w);
    setPage(1);
  };
  const typeName = (kind: string, amount: string) => {
    const key = recordTypeKey(kind, amount);
    return KNOWN_TYPES.has(key) ? (t(`records.types.${key}` as never) as string) : kind;
  };
  // A game wallet by its vendor's name (IA showed as "IA"), as the transfer page does.
  const vendorName = useVendorName();
  const walletName = (w: string) => (w === 'MAIN' || w === 'HOLD' || w === 'BONUS' ? t(`records.wallets.${w}`) : vendorName(w));
  const data = records.data;

  return (
    <WalletPage title={t('records.historyTitle')}>
      <div className="wl-record-filters">
        <RecordPeriod value={period} onChange={choose} shown={records.isPlaceholderData ? undefined : data} />
        <div className="wl-type-filter">
          <label htmlFor={typeId}>{t('records.typeFilter')}</label>
          <select
            id={typeId}
            value={type ?? ''}
            onChange={(e) => {
              setType(e.target.value || undefined);
              setPage(1);
            }}
          >
            <option value="">{t('records.allTypes')}</option>
            {RECORD_TYPE_FILTER.map((kind) => (
              <option key={kind} value={kind}>
                {t(`records.${recordFilterKey(kind)}` as never) as string}
              </option>
            ))}
          </select>
        </div>
      </div>
      {records.isPending ? (
        <Loading />
      ) : records.isError ? (
        <LoadError error={records.error} onRetry={() => void records.refetch()} />
      ) : records.data.list.length === 0 ? (
        <Empty>{t('records.empty')}</Empty>
      ) : (
        <div className="wl-table-wrap" aria-busy={records.isFetching || undefined}>
          <table className="wl-table wl-records">
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
                  <td data-label={t('records.time')} className="wl-cell-time">
                    <time dateTime={r.time}>{dateTime(r.time)}</time>
                  </td>
                  <td data-label={t('records.type')} className="wl-cell-type">
                    <span>
                      <span className="wl-type-name">{typeName(r.type, r.amount)}</span>
                      {r.gameName && <span className="wl-ref">{t('records.game', { name: r.gameName })}</span>}
                      {r.counterpart && (
                        <span className="wl-ref">
                          {t(r.amount.startsWith('-') ? 'records.counterpartTo' : 'records.counterpartFrom', { name: r.counterpart })}
                        </span>
                      )}
                      {r.reference && <span className="wl-ref wl-mono">{r.reference}</span>}
                    </span>
                  </td>
                  <td data-label={t('records.wallet')} className="wl-cell-wallet">
                    {walletName(r.wallet)}
                  </td>
                  <td
                    data-label={t('records.amount')}
                    className={`wl-num wl-money wl-cell-amount ${r.amount.startsWith('-') ? 'wl-neg' : 'wl-pos'}`}
                  >
                    {r.amount.startsWith('-') ? '' : '+'}
                    {money(r.amount)}
                  </td>
                  <td data-label={t('records.balanceAfter')} className="wl-num wl-money wl-cell-balance">
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

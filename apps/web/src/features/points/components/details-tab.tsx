import type { PointsEntry } from '@playfront/contract/points';
import { POINT_TYPES, type PointType } from '@playfront/contract/points-paths';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSession } from '../../../lib/session-store.ts';
import { Paginator } from '../../../ui/paginator/paginator.tsx';
import { DETAILS_PAGE_SIZE, usePointsDetails } from '../api/get-points-details.ts';
import { Empty, formatPoints, LoadError, Loading, useDateTime, useMoney } from './parts.tsx';

/** Points details (member transaction details): every earning and spending with its type and source. */
export function DetailsTab() {
  const { t } = useTranslation('points');
  const id = useId();
  const token = useSession((s) => s.token);
  const [type, setType] = useState<PointType | null>(null);
  const [page, setPage] = useState(1);
  const list = usePointsDetails(token, type, page);
  const totalPages = Math.ceil((list.data?.total ?? 0) / DETAILS_PAGE_SIZE);
  return (
    <div className="pm-details">
      <div className="pm-sort">
        <label htmlFor={`${id}-type`}>{t('details.type')}</label>
        <select
          id={`${id}-type`}
          className="pm-select"
          value={type ?? ''}
          onChange={(e) => {
            setType((e.target.value || null) as PointType | null);
            setPage(1);
          }}
        >
          <option value="">{t('details.allTypes')}</option>
          {POINT_TYPES.map((p) => (
            <option key={p} value={p}>
              {t(`details.types.${p}`)}
            </option>
          ))}
        </select>
      </div>
      {list.isPending ? (
        <Loading />
      ) : list.isError ? (
        <LoadError error={list.error} onRetry={() => void list.refetch()} />
      ) : list.data.list.length === 0 ? (
        <Empty>{t(type ? 'details.emptyFiltered' : 'details.empty')}</Empty>
      ) : (
        <div className="pm-table-wrap">
          <table className="pm-table" aria-busy={list.isFetching || undefined}>
            <caption className="visually-hidden">{t('tabs.details')}</caption>
            <thead>
              <tr>
                <th scope="col">{t('details.columns.time')}</th>
                <th scope="col">{t('details.columns.type')}</th>
                <th scope="col">{t('details.columns.source')}</th>
                <th scope="col" className="pm-num">
                  {t('details.columns.points')}
                </th>
                <th scope="col" className="pm-num">
                  {t('details.columns.balance')}
                </th>
              </tr>
            </thead>
            <tbody>
              {list.data.list.map((e) => (
                <DetailRow key={e.id} entry={e} />
              ))}
            </tbody>
          </table>
        </div>
      )}
      <Paginator page={page} totalPages={totalPages} onChange={setPage} label={t('details.pages')} />
    </div>
  );
}

function DetailRow({ entry: e }: { entry: PointsEntry }) {
  const { t, i18n } = useTranslation('points');
  const dateTime = useDateTime();
  const money = useMoney();
  const ref = e.reference;
  const source = (() => {
    switch (e.type) {
      case 'deposit':
        return ref.orderNo
          ? t('details.sources.depositOrder', { amount: money(ref.amount ?? '0'), orderNo: ref.orderNo })
          : t('details.sources.deposit', { amount: money(ref.amount ?? '0') });
      case 'redeem':
      case 'refund':
        return t('details.sources.redemption', {
          reward: (i18n.language === 'bn' ? ref.rewardBn : ref.reward) ?? '',
          orderNo: ref.orderNo ?? '',
        });
      case 'convert':
        return t('details.sources.convert', { amount: money(ref.amount ?? '0') });
      default:
        return t('details.sources.round', { vendor: ref.vendor ?? e.source, bet: money(ref.validBet ?? '0'), round: ref.roundId ?? '' });
    }
  })();
  const negative = e.points.startsWith('-');
  return (
    <tr data-testid="points-entry" data-type={e.type}>
      <td data-label={t('details.columns.time')}>{dateTime(e.time)}</td>
      <td data-label={t('details.columns.type')}>{t(`details.types.${e.type}`)}</td>
      <td data-label={t('details.columns.source')} className="pm-source">
        {source}
      </td>
      <td data-label={t('details.columns.points')} className={negative ? 'pm-num pm-minus' : 'pm-num pm-plus'}>
        {negative ? formatPoints(e.points) : `+${formatPoints(e.points)}`}
      </td>
      <td data-label={t('details.columns.balance')} className="pm-num">
        {formatPoints(e.balanceAfter)}
      </td>
    </tr>
  );
}

import type { Redemption } from '@playfront/contract/points';
import { pointsPictureUrl, REDEEM_STATUSES, type RedeemStatus } from '@playfront/contract/points-paths';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSession } from '../../../lib/session-store.ts';
import { Paginator } from '../../../ui/paginator/paginator.tsx';
import { REDEMPTIONS_PAGE_SIZE, useRedemptions } from '../api/get-redemptions.ts';
import { Empty, formatPoints, LoadError, Loading, useDateTime, useMoney } from './parts.tsx';

/** The redeem history (spec sections 2, 4): every redemption with its status, newest first, filterable by status. */
export function HistoryTab() {
  const { t, i18n } = useTranslation('points');
  const token = useSession((s) => s.token);
  const [status, setStatus] = useState<RedeemStatus | null>(null);
  const [page, setPage] = useState(1);
  const list = useRedemptions(token, i18n.language, status, page);
  const totalPages = Math.ceil((list.data?.total ?? 0) / REDEMPTIONS_PAGE_SIZE);
  return (
    <div className="pm-history">
      <fieldset className="pm-chips">
        <legend className="visually-hidden">{t('history.filter')}</legend>
        {[null, ...REDEEM_STATUSES].map((s) => (
          <button
            key={s ?? 'all'}
            type="button"
            className="pm-chip"
            aria-pressed={status === s}
            onClick={() => {
              setStatus(s);
              setPage(1);
            }}
          >
            {t(s ? `history.statuses.${s}` : 'history.all')}
          </button>
        ))}
      </fieldset>
      {list.isPending ? (
        <Loading />
      ) : list.isError ? (
        <LoadError error={list.error} onRetry={() => void list.refetch()} />
      ) : list.data.list.length === 0 ? (
        <Empty>{t(status ? 'history.emptyFiltered' : 'history.empty')}</Empty>
      ) : (
        <ul className="pm-history-list" aria-busy={list.isFetching || undefined}>
          {list.data.list.map((r) => (
            <HistoryItem key={r.orderNo} redemption={r} />
          ))}
        </ul>
      )}
      <Paginator page={page} totalPages={totalPages} onChange={setPage} label={t('history.pages')} />
    </div>
  );
}

function HistoryItem({ redemption: r }: { redemption: Redemption }) {
  const { t } = useTranslation('points');
  const money = useMoney();
  const dateTime = useDateTime();
  const facts: [string, string][] = [];
  if (r.amount) facts.push([t('history.cash'), money(r.amount)]);
  if (r.address) facts.push([t('history.address'), r.address]);
  if (r.referenceNo) facts.push([t('history.reference'), r.referenceNo]);
  if (r.voucherCode) facts.push([t('history.voucher'), r.voucherCode]);
  if (r.remark) facts.push([t(r.status === 'rejected' ? 'history.reason' : 'history.remark'), r.remark]);
  if (r.decidedAt) facts.push([t('history.decided'), dateTime(r.decidedAt)]);
  return (
    <li className="pm-history-item" data-testid="redemption" data-order={r.orderNo} data-status={r.status}>
      <img className="pm-history-picture" src={pointsPictureUrl(r.picture)} alt="" width={64} height={64} loading="lazy" />
      <div className="pm-history-main">
        <div className="pm-history-head">
          <h3 className="pm-history-name">
            {r.rewardName}
            {r.quantity > 1 && <span className="pm-muted"> × {r.quantity}</span>}
          </h3>
          <span className={`pm-badge pm-badge-${r.status}`}>{t(`history.statuses.${r.status}`)}</span>
        </div>
        <p className="pm-muted pm-small">
          {t('history.line', { orderNo: r.orderNo, time: dateTime(r.applyTime) })} ·{' '}
          <strong>{t('history.spent', { points: formatPoints(r.points) })}</strong>
        </p>
        {facts.length > 0 && (
          <dl className="pm-facts">
            {facts.map(([k, v]) => (
              <div key={k}>
                <dt>{k}</dt>
                <dd>{v}</dd>
              </div>
            ))}
          </dl>
        )}
      </div>
    </li>
  );
}

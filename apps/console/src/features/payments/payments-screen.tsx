import type { WithdrawalQueueItem } from '@playfront/contract/console';
import { WITHDRAWAL_SECOND_APPROVAL_ABOVE_MINOR, WITHDRAWAL_SORTS } from '@playfront/contract/console-paths';
import { WITHDRAWAL_STATUSES } from '@playfront/contract/funds-paths';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { createColumnHelper } from '@tanstack/react-table';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { downloadCsv } from '../../lib/api.ts';
import { csvPathOf } from '../../lib/csv-path.ts';
import { formatMinor, formatTime } from '../../lib/format.ts';
import { DataTable, NUM, type SortOrder, WRAP } from '../../ui/data-table.tsx';
import { ReasonDialog } from '../../ui/reason-dialog.tsx';
import { FormError } from '../../ui/states.tsx';
import { useCan } from '../auth/api.ts';
import { OpenFlagsBadge } from '../risk/open-flags-badge.tsx';
import { approveWithdrawal, rejectWithdrawal, withdrawalQueue } from './api.ts';
import { useThresholds } from './thresholds-api.ts';

const PAGE_SIZE = 20;
const col = createColumnHelper<WithdrawalQueueItem>();

/** The withdrawal queue: each request with the member's 30-day risk figures; approve, or reject with a reason. */
export default function PaymentsScreen() {
  const { t } = useTranslation();
  const can = useCan();
  // The brand's threshold (Thresholds page); the contract default until it has loaded.
  const thresholds = useThresholds();
  const queryClient = useQueryClient();
  const [status, setStatus] = useState<string>('PENDING');
  const [pageNo, setPageNo] = useState(1);
  // Oldest first: the queue is worked from its head.
  const [sort, setSort] = useState<{ sort: string; order: SortOrder }>({ sort: 'createdAt', order: 'asc' });
  const [rejecting, setRejecting] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const query = useQuery({
    queryKey: ['withdrawals', status, pageNo, sort],
    queryFn: () => withdrawalQueue({ status, pageNo, pageSize: PAGE_SIZE, ...sort }),
    placeholderData: keepPreviousData,
  });
  const refresh = () => void queryClient.invalidateQueries({ queryKey: ['withdrawals'] });
  const approve = useMutation({
    mutationFn: approveWithdrawal,
    onSuccess: (d) => {
      setNotice(t(d.outcome === 'AWAITING_SECOND' ? 'payments.awaitingSecondDone' : 'payments.approvedDone', { orderNo: d.orderNo }));
      refresh();
    },
  });
  const reject = useMutation({
    mutationFn: ({ orderNo, reason }: { orderNo: string; reason: string }) => rejectWithdrawal(orderNo, reason),
    onSuccess: (d) => {
      setRejecting(null);
      setNotice(t('payments.rejectedDone', { orderNo: d.orderNo }));
      refresh();
    },
  });
  const canDecide = can('payments.approve');
  const csvPath = csvPathOf('withdrawals');
  const csv = useMutation({ mutationFn: (path: string) => downloadCsv(path, { status, ...sort }, 'withdrawals.csv') });
  const columns = useMemo(
    () => [
      col.accessor('orderNo', { header: () => t('cols.orderNo') }),
      col.accessor('memberUsername', {
        header: () => t('members.username'),
        cell: (c) => (can('members.read') ? <Link to={`/members/${c.row.original.memberId}`}>{c.getValue()}</Link> : c.getValue()),
      }),
      col.accessor('amount', { header: () => t('cols.amount'), cell: (c) => formatMinor(c.getValue()), meta: NUM }),
      col.display({
        id: 'payee',
        header: () => t('payments.payee'),
        cell: (c) =>
          `${c.row.original.method} ${c.row.original.account}${c.row.original.payeeName ? ` · ${c.row.original.payeeName}` : ''}`,
      }),
      col.accessor('createdAt', { header: () => t('cols.at'), cell: (c) => formatTime(c.getValue()) }),
      col.display({
        id: 'risk',
        header: () => t('payments.risk'),
        meta: WRAP,
        cell: (c) => {
          const r = c.row.original.risk;
          return (
            <span className="muted">
              {t('payments.riskLine', {
                deposits: formatMinor(r.deposits30d),
                withdrawals: formatMinor(r.withdrawals30d),
                bets: formatMinor(r.bets30d),
                wins: formatMinor(r.wins30d),
              })}{' '}
              <OpenFlagsBadge memberId={c.row.original.memberId} count={r.openFlags} />
            </span>
          );
        },
      }),
      col.display({
        id: 'status',
        header: () => t('cols.status'),
        cell: (c) => {
          const w = c.row.original;
          if (w.status === 'PENDING' && w.firstApprovedBy)
            return <span className="badge warn">{t('payments.waitingSecond', { who: w.firstApprovedBy })}</span>;
          if (w.status === 'REJECTED')
            return (
              <span className="badge danger" title={w.rejectReason ?? ''}>
                {t('payments.status.REJECTED')}
              </span>
            );
          return <span className={`badge${w.status === 'APPROVED' ? ' ok' : ''}`}>{t(`payments.status.${w.status}`)}</span>;
        },
      }),
      col.display({
        id: 'actions',
        header: () => t('cols.actions'),
        cell: (c) => {
          const w = c.row.original;
          if (!canDecide || w.status !== 'PENDING') return null;
          return (
            <div className="row">
              <button
                type="button"
                className="primary"
                disabled={approve.isPending}
                onClick={() => approve.mutate(w.orderNo)}
                aria-label={t('payments.approveOrder', { orderNo: w.orderNo })}
              >
                {t(w.firstApprovedBy ? 'payments.secondApprove' : 'actions.approve')}
              </button>
              <button
                type="button"
                className="danger"
                onClick={() => setRejecting(w.orderNo)}
                aria-label={t('payments.rejectOrder', { orderNo: w.orderNo })}
              >
                {t('actions.reject')}
              </button>
            </div>
          );
        },
      }),
    ],
    [t, can, canDecide, approve],
  );
  return (
    <div className="stack">
      <h1>{t('nav.payments')}</h1>
      <p className="muted">
        {t('payments.threshold', { amount: formatMinor(thresholds.data?.withdrawal ?? WITHDRAWAL_SECOND_APPROVAL_ABOVE_MINOR) })}
      </p>
      <div className="row">
        <div className="field">
          <label htmlFor="wd-status">{t('cols.status')}</label>
          <select
            id="wd-status"
            value={status}
            onChange={(e) => {
              setStatus(e.target.value);
              setPageNo(1);
            }}
          >
            {WITHDRAWAL_STATUSES.map((s) => (
              <option key={s} value={s}>
                {t(`payments.status.${s}`)}
              </option>
            ))}
          </select>
        </div>
      </div>
      {notice && (
        <div className="alert ok" role="status">
          {notice}
        </div>
      )}
      <FormError error={approve.error ?? csv.error} />
      <DataTable
        caption={t('payments.queue')}
        columns={columns}
        rows={query.data?.list}
        isLoading={query.isFetching && !query.data}
        error={query.error}
        onRetry={() => void query.refetch()}
        rowKey={(r) => r.orderNo}
        emptyText={t('payments.none')}
        paging={{ pageNo, pageSize: PAGE_SIZE, total: query.data?.total ?? 0, onPage: setPageNo }}
        tools={
          csvPath ? (
            <button type="button" onClick={() => csv.mutate(csvPath)} disabled={csv.isPending}>
              {t('table.exportCsv')}
            </button>
          ) : undefined
        }
        sorting={{
          sortable: WITHDRAWAL_SORTS,
          ...sort,
          onSort: (s, o) => {
            setSort({ sort: s, order: o });
            setPageNo(1);
          },
        }}
      />
      <ReasonDialog
        open={rejecting !== null}
        title={t('payments.rejectTitle', { orderNo: rejecting ?? '' })}
        confirmLabel={t('actions.reject')}
        danger
        pending={reject.isPending}
        error={reject.error}
        onClose={() => {
          setRejecting(null);
          reject.reset();
        }}
        onConfirm={(reason) => rejecting && reject.mutate({ orderNo: rejecting, reason })}
      />
    </div>
  );
}

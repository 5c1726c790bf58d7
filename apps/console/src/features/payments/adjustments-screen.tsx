import type { Adjustment } from '@playfront/contract/console';
import { ADJUSTMENT_STATUSES } from '@playfront/contract/console-paths';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { createColumnHelper } from '@tanstack/react-table';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatMinor, formatTime } from '../../lib/format.ts';
import { DataTable, NUM, WRAP } from '../../ui/data-table.tsx';
import { ReasonDialog } from '../../ui/reason-dialog.tsx';
import { FormError } from '../../ui/states.tsx';
import { approveAdjustment, listAdjustments, rejectAdjustment } from '../members/api.ts';
import { AdjustmentStatus } from './adjustment-status.tsx';

const PAGE_SIZE = 20;
const col = createColumnHelper<Adjustment>();

/** Manual adjustments above the threshold wait here for a second, different staff member (two-person rule). */
export default function AdjustmentsScreen() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [status, setStatus] = useState<string>('PENDING');
  const [pageNo, setPageNo] = useState(1);
  const [rejecting, setRejecting] = useState<string | null>(null);
  const query = useQuery({
    queryKey: ['adjustments', status, pageNo],
    queryFn: () => listAdjustments({ status, pageNo, pageSize: PAGE_SIZE }),
    placeholderData: keepPreviousData,
  });
  const refresh = () => void queryClient.invalidateQueries({ queryKey: ['adjustments'] });
  const approve = useMutation({ mutationFn: approveAdjustment, onSuccess: refresh });
  const reject = useMutation({
    mutationFn: ({ id, reason }: { id: string; reason: string }) => rejectAdjustment(id, reason),
    onSuccess: () => {
      setRejecting(null);
      refresh();
    },
  });
  const columns = useMemo(
    () => [
      col.accessor('requestedAt', { header: () => t('cols.at'), cell: (c) => formatTime(c.getValue()) }),
      col.accessor('memberUsername', {
        header: () => t('members.username'),
        cell: (c) => <Link to={`/members/${c.row.original.memberId}`}>{c.getValue()}</Link>,
      }),
      col.accessor('direction', { header: () => t('adjustments.direction'), cell: (c) => t(`adjustments.${c.getValue()}`) }),
      col.accessor('amount', { header: () => t('cols.amount'), cell: (c) => formatMinor(c.getValue()), meta: NUM }),
      col.accessor('reason', { header: () => t('actions.reason'), meta: WRAP }),
      col.accessor('requestedBy', { header: () => t('adjustments.requestedByCol') }),
      col.display({ id: 'status', header: () => t('cols.status'), cell: (c) => <AdjustmentStatus adjustment={c.row.original} /> }),
      col.display({
        id: 'actions',
        header: () => t('cols.actions'),
        cell: (c) =>
          c.row.original.status === 'PENDING' ? (
            <div className="row">
              <button type="button" className="primary" disabled={approve.isPending} onClick={() => approve.mutate(c.row.original.id)}>
                {t('actions.approve')}
              </button>
              <button type="button" className="danger" onClick={() => setRejecting(c.row.original.id)}>
                {t('actions.reject')}
              </button>
            </div>
          ) : (
            <span className="muted">{c.row.original.decidedBy ?? ''}</span>
          ),
      }),
    ],
    [t, approve],
  );
  return (
    <div className="stack">
      <h1>{t('nav.adjustments')}</h1>
      <div className="field">
        <label htmlFor="adj-status">{t('cols.status')}</label>
        <select
          id="adj-status"
          value={status}
          onChange={(e) => {
            setStatus(e.target.value);
            setPageNo(1);
          }}
          style={{ maxWidth: 240 }}
        >
          {ADJUSTMENT_STATUSES.map((s) => (
            <option key={s} value={s}>
              {t(s === 'PENDING' ? 'adjustments.waitingSecond' : `adjustments.${s}`)}
            </option>
          ))}
        </select>
      </div>
      <FormError error={approve.error} />
      <DataTable
        caption={t('nav.adjustments')}
        columns={columns}
        rows={query.data?.list}
        isLoading={query.isFetching && !query.data}
        error={query.error}
        onRetry={() => void query.refetch()}
        rowKey={(r) => r.id}
        paging={{ pageNo, pageSize: PAGE_SIZE, total: query.data?.total ?? 0, onPage: setPageNo }}
      />
      <ReasonDialog
        open={rejecting !== null}
        title={t('adjustments.rejectTitle')}
        confirmLabel={t('actions.reject')}
        danger
        pending={reject.isPending}
        error={reject.error}
        onClose={() => setRejecting(null)}
        onConfirm={(reason) => rejecting && reject.mutate({ id: rejecting, reason })}
      />
    </div>
  );
}

import type { Application } from '@playfront/contract/console-loyalty';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { createColumnHelper } from '@tanstack/react-table';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatMinor, formatTime } from '../../lib/format.ts';
import { DataTable, NUM, WRAP } from '../../ui/data-table.tsx';
import { ReasonDialog } from '../../ui/reason-dialog.tsx';
import { FormError } from '../../ui/states.tsx';
import { useCan } from '../auth/api.ts';
import { approveApplication, listApplications, rejectApplication } from './api.ts';

const PAGE_SIZE = 20;
const col = createColumnHelper<Application>();

/** Applications waiting for a decision, oldest first: approve (the bonus is issued once) or reject with a reason. */
export function ApplicationsTab() {
  const { t, i18n } = useTranslation();
  const can = useCan();
  const writable = can('promotions.write');
  const queryClient = useQueryClient();
  const [pageNo, setPageNo] = useState(1);
  const [rejecting, setRejecting] = useState<Application | null>(null);
  const query = useQuery({
    queryKey: ['promotion-applications', pageNo],
    queryFn: () => listApplications({ pageNo, pageSize: PAGE_SIZE }),
    placeholderData: keepPreviousData,
  });
  const refresh = () => {
    void queryClient.invalidateQueries({ queryKey: ['promotion-applications'] });
    void queryClient.invalidateQueries({ queryKey: ['promotions'] });
    void queryClient.invalidateQueries({ queryKey: ['bonus-grants'] });
  };
  const approve = useMutation({ mutationFn: approveApplication, onSuccess: refresh, onError: refresh });
  const reject = useMutation({
    mutationFn: ({ id, reason }: { id: string; reason: string }) => rejectApplication(id, reason),
    onSuccess: () => {
      setRejecting(null);
      refresh();
    },
  });
  const lang = i18n.resolvedLanguage === 'bn' ? 'bn' : 'en';
  const columns = useMemo(
    () => [
      col.accessor('createdAt', { header: () => t('cols.at'), cell: (c) => formatTime(c.getValue()) }),
      col.accessor('username', {
        header: () => t('members.username'),
        cell: (c) => <Link to={`/members/${c.row.original.memberId}`}>{c.getValue()}</Link>,
      }),
      col.accessor((a) => a.promotionTitle[lang], { id: 'promotion', header: () => t('promo.promotion'), meta: WRAP }),
      col.accessor('note', { header: () => t('promo.note'), meta: WRAP, cell: (c) => c.getValue() ?? '—' }),
      col.accessor('rewardAmount', { header: () => t('promo.reward'), meta: NUM, cell: (c) => formatMinor(c.getValue()) }),
      col.display({
        id: 'actions',
        header: () => t('cols.actions'),
        cell: (c) =>
          writable ? (
            <div className="row" style={{ flexWrap: 'nowrap' }}>
              <button
                type="button"
                className="primary"
                disabled={approve.isPending}
                onClick={() => approve.mutate(c.row.original.id)}
                aria-label={t('promo.approveOne', { username: c.row.original.username })}
              >
                {t('actions.approve')}
              </button>
              <button
                type="button"
                className="danger"
                onClick={() => setRejecting(c.row.original)}
                aria-label={t('promo.rejectOne', { username: c.row.original.username })}
              >
                {t('actions.reject')}
              </button>
            </div>
          ) : null,
      }),
    ],
    [t, lang, writable, approve],
  );
  return (
    <div className="stack">
      <p className="muted">{t('promo.applicationsHint')}</p>
      <FormError error={approve.error} />
      <DataTable
        caption={t('promo.tabs.applications')}
        columns={columns}
        rows={query.data?.list}
        isLoading={query.isFetching && !query.data}
        error={query.error}
        onRetry={() => void query.refetch()}
        rowKey={(a) => a.id}
        emptyText={t('promo.noApplications')}
        paging={{ pageNo, pageSize: PAGE_SIZE, total: query.data?.total ?? 0, onPage: setPageNo }}
      />
      <ReasonDialog
        open={rejecting !== null}
        title={t('promo.rejectTitle', { username: rejecting?.username ?? '' })}
        confirmLabel={t('actions.reject')}
        danger
        pending={reject.isPending}
        error={reject.error}
        onClose={() => setRejecting(null)}
        onConfirm={(reason) => rejecting && reject.mutate({ id: rejecting.id, reason })}
      />
    </div>
  );
}

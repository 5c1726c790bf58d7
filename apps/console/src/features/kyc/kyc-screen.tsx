import type { KycSubmissionItem } from '@playfront/contract/kyc';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { createColumnHelper } from '@tanstack/react-table';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatTime } from '../../lib/format.ts';
import { DataTable, WRAP } from '../../ui/data-table.tsx';
import { ReasonDialog } from '../../ui/reason-dialog.tsx';
import { ErrorState, FormError, Loading } from '../../ui/states.tsx';
import { useCan } from '../auth/api.ts';
import { approveKyc, kycQueue, kycSubmission, rejectKyc } from './api.ts';
import { KycDocumentView } from './kyc-document.tsx';
import './kyc.css';

const PAGE_SIZE = 20;
const STATUSES = ['PENDING', 'APPROVED', 'REJECTED'] as const;
const col = createColumnHelper<KycSubmissionItem>();

const statusBadge = (status: string) => (status === 'APPROVED' ? 'badge ok' : status === 'REJECTED' ? 'badge danger' : 'badge warn');

/** The identity checks queue: each submission's documents, approve, or reject with a reason the member sees. */
export default function KycScreen() {
  const { t } = useTranslation();
  const can = useCan();
  const queryClient = useQueryClient();
  const [status, setStatus] = useState<string>('PENDING');
  const [search, setSearch] = useState('');
  const [q, setQ] = useState('');
  const [pageNo, setPageNo] = useState(1);
  const [open, setOpen] = useState<string | null>(null);
  const [rejecting, setRejecting] = useState(false);
  const [notice, setNotice] = useState<string | null>(null);
  const query = useQuery({
    queryKey: ['kyc', status, q, pageNo],
    queryFn: () => kycQueue({ status, q, pageNo, pageSize: PAGE_SIZE }),
    placeholderData: keepPreviousData,
  });
  const detail = useQuery({ queryKey: ['kyc-submission', open], queryFn: () => kycSubmission(open ?? ''), enabled: open !== null });
  const refresh = () => {
    void queryClient.invalidateQueries({ queryKey: ['kyc'] });
    void queryClient.invalidateQueries({ queryKey: ['kyc-submission'] });
  };
  const approve = useMutation({
    mutationFn: approveKyc,
    onSuccess: (s) => {
      setNotice(t('kyc.approvedDone', { member: s.memberUsername }));
      refresh();
    },
  });
  const reject = useMutation({
    mutationFn: ({ id, reason }: { id: string; reason: string }) => rejectKyc(id, reason),
    onSuccess: (s) => {
      setRejecting(false);
      setNotice(t('kyc.rejectedDone', { member: s.memberUsername }));
      refresh();
    },
  });
  const columns = useMemo(
    () => [
      col.accessor('memberUsername', {
        header: () => t('members.username'),
        cell: (c) => (can('members.read') ? <Link to={`/members/${c.row.original.memberId}`}>{c.getValue()}</Link> : c.getValue()),
      }),
      col.accessor('fullName', { header: () => t('kyc.fullName'), meta: WRAP }),
      col.accessor('payeeName', { header: () => t('kyc.payeeName'), cell: (c) => c.getValue() ?? '—', meta: WRAP }),
      col.accessor('submittedAt', { header: () => t('kyc.submittedAt'), cell: (c) => formatTime(c.getValue()) }),
      col.accessor('status', {
        header: () => t('cols.status'),
        cell: (c) => <span className={statusBadge(c.getValue())}>{t(`kyc.status.${c.getValue()}`)}</span>,
      }),
      col.display({
        id: 'actions',
        header: () => t('cols.actions'),
        cell: (c) => (
          <button
            type="button"
            className={c.row.original.status === 'PENDING' ? 'primary' : ''}
            onClick={() => {
              setNotice(null);
              approve.reset();
              setOpen(c.row.original.id);
            }}
            aria-label={t('kyc.reviewOf', { member: c.row.original.memberUsername })}
          >
            {t(c.row.original.status === 'PENDING' ? 'kyc.review' : 'kyc.view')}
          </button>
        ),
      }),
    ],
    [t, can, approve],
  );
  const s = detail.data;
  return (
    <div className="stack">
      <h1>{t('nav.kyc')}</h1>
      <p className="muted">{t('kyc.intro')}</p>
      <form
        className="row"
        onSubmit={(e) => {
          e.preventDefault();
          setQ(search.trim());
          setPageNo(1);
        }}
      >
        <div className="field">
          <label htmlFor="kyc-status">{t('cols.status')}</label>
          <select
            id="kyc-status"
            value={status}
            onChange={(e) => {
              setStatus(e.target.value);
              setPageNo(1);
            }}
          >
            {STATUSES.map((v) => (
              <option key={v} value={v}>
                {t(`kyc.status.${v}`)}
              </option>
            ))}
          </select>
        </div>
        <div className="field">
          <label htmlFor="kyc-q">{t('members.username')}</label>
          <input id="kyc-q" value={search} onChange={(e) => setSearch(e.target.value)} maxLength={64} />
        </div>
        <button type="submit">{t('kyc.search')}</button>
      </form>
      {notice && (
        <div className="alert ok" role="status">
          {notice}
        </div>
      )}
      <DataTable
        caption={t('kyc.queue')}
        columns={columns}
        rows={query.data?.list}
        isLoading={query.isFetching && !query.data}
        error={query.error}
        onRetry={() => void query.refetch()}
        rowKey={(r) => r.id}
        emptyText={t('kyc.none')}
        paging={{ pageNo, pageSize: PAGE_SIZE, total: query.data?.total ?? 0, onPage: setPageNo }}
      />
      {open !== null && (
        <section className="card stack kyc-review" aria-labelledby="kyc-review-title">
          <div className="row">
            <h2 id="kyc-review-title">{s ? t('kyc.reviewTitle', { member: s.memberUsername }) : t('kyc.review')}</h2>
            <span className="spacer" />
            <button type="button" onClick={() => setOpen(null)}>
              {t('actions.close')}
            </button>
          </div>
          {detail.isLoading && <Loading />}
          {detail.error && <ErrorState error={detail.error} onRetry={() => void detail.refetch()} />}
          {s && (
            <>
              <dl className="kyc-facts">
                <dt>{t('kyc.fullName')}</dt>
                <dd>{s.fullName}</dd>
                <dt>{t('kyc.payeeName')}</dt>
                <dd>
                  {s.payeeName ?? '—'}
                  {s.payeeName && s.payeeName.toLocaleLowerCase() !== s.fullName.toLocaleLowerCase() && (
                    <span className="badge warn">{t('kyc.namesDiffer')}</span>
                  )}
                </dd>
                <dt>{t('cols.status')}</dt>
                <dd>
                  <span className={statusBadge(s.status)}>{t(`kyc.status.${s.status}`)}</span>
                  {s.rejectReason && <span className="muted"> · {s.rejectReason}</span>}
                </dd>
                <dt>{t('kyc.openFlags')}</dt>
                <dd>{can('risk.review') ? <Link to={`/risk?memberId=${s.memberId}`}>{s.openFlags}</Link> : s.openFlags}</dd>
                <dt>{t('kyc.earlier')}</dt>
                <dd>
                  {s.history.length === 0
                    ? '—'
                    : s.history
                        .map(
                          (h) =>
                            `${formatTime(h.submittedAt)} ${t(`kyc.status.${h.status}`)}${h.rejectReason ? ` (${h.rejectReason})` : ''}`,
                        )
                        .join(' · ')}
                </dd>
              </dl>
              <div className="kyc-docs">
                {s.documents.map((d) => (
                  <KycDocumentView key={d.id} submissionId={s.id} document={d} />
                ))}
              </div>
              <FormError error={approve.error} />
              {s.status === 'PENDING' && can('kyc.review') && (
                <div className="row">
                  <button type="button" className="primary" disabled={approve.isPending} onClick={() => approve.mutate(s.id)}>
                    {t('actions.approve')}
                  </button>
                  <button type="button" className="danger" onClick={() => setRejecting(true)}>
                    {t('actions.reject')}
                  </button>
                </div>
              )}
            </>
          )}
        </section>
      )}
      <ReasonDialog
        open={rejecting}
        title={t('kyc.rejectTitle', { member: s?.memberUsername ?? '' })}
        confirmLabel={t('actions.reject')}
        danger
        pending={reject.isPending}
        error={reject.error}
        onClose={() => {
          setRejecting(false);
          reject.reset();
        }}
        onConfirm={(reason) => open && reject.mutate({ id: open, reason })}
      />
    </div>
  );
}

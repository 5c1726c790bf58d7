import type { DepositItem, ManualDeposit } from '@playfront/contract/console-backoffice';
import {
  BACKOFFICE_PATHS,
  DEFAULT_THRESHOLDS_MINOR,
  DEPOSIT_SORTS,
  MANUAL_DEPOSIT_PROOF_MAX_BYTES,
  MANUAL_DEPOSIT_STATUSES,
} from '@playfront/contract/console-backoffice-paths';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { createColumnHelper } from '@tanstack/react-table';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { downloadCsv } from '../../lib/api.ts';
import { formatMinor, formatTime, newIdempotencyKey, parseAmountToMinor } from '../../lib/format.ts';
import { DataTable, NUM, type SortOrder, WRAP } from '../../ui/data-table.tsx';
import { Dialog } from '../../ui/dialog.tsx';
import { ReasonDialog } from '../../ui/reason-dialog.tsx';
import { ErrorState, FormError, Loading } from '../../ui/states.tsx';
import { useCan } from '../auth/api.ts';
import { statusKey } from '../members/record-columns.ts';
import {
  approveManualDeposit,
  createManualDeposit,
  listDeposits,
  listManualDeposits,
  manualDepositProof,
  rejectManualDeposit,
} from './deposits-api.ts';
import { useThresholds } from './thresholds-api.ts';

const PAGE_SIZE = 20;
const DEPOSIT_STATUSES = ['PENDING', 'PAID', 'FAILED', 'EXPIRED'] as const;
const dcol = createColumnHelper<DepositItem>();
const mcol = createColumnHelper<ManualDeposit>();

/** Deposits with their gateway status, and manual deposit credits with proof (two-person rule above the threshold). */
export default function DepositsScreen() {
  const { t } = useTranslation();
  const can = useCan();
  return (
    <div className="stack">
      <h1>{t('nav.deposits')}</h1>
      <ManualDeposits canCredit={can('payments.credit')} canDecide={can('payments.approve')} canMembers={can('members.read')} />
      <DepositList canMembers={can('members.read')} />
    </div>
  );
}

function StatusBadge({ word }: { word: string }) {
  const { t } = useTranslation();
  const tone =
    word === 'PAID' || word === 'APPLIED'
      ? ' ok'
      : word === 'FAILED' || word === 'REJECTED'
        ? ' danger'
        : word === 'PENDING'
          ? ' warn'
          : '';
  return <span className={`badge${tone}`}>{t(statusKey(word), { defaultValue: word })}</span>;
}

function DepositList({ canMembers }: { canMembers: boolean }) {
  const { t } = useTranslation();
  const [filters, setFilters] = useState({ status: '', gateway: '', q: '', from: '', to: '' });
  const [draft, setDraft] = useState(filters);
  const [pageNo, setPageNo] = useState(1);
  const [sort, setSort] = useState<{ sort: string; order: SortOrder }>({ sort: 'createdAt', order: 'desc' });
  const query = useQuery({
    queryKey: ['deposits', filters, pageNo, sort],
    queryFn: () => listDeposits({ ...filters, ...sort, pageNo, pageSize: PAGE_SIZE }),
    placeholderData: keepPreviousData,
  });
  const csv = useMutation({ mutationFn: () => downloadCsv(BACKOFFICE_PATHS.depositsCsv, { ...filters, ...sort }, 'deposits.csv') });
  const columns = useMemo(
    () => [
      dcol.accessor('orderNo', { header: () => t('cols.orderNo') }),
      dcol.accessor('memberUsername', {
        header: () => t('members.username'),
        cell: (c) => (canMembers ? <Link to={`/members/${c.row.original.memberId}`}>{c.getValue()}</Link> : c.getValue()),
      }),
      dcol.accessor('amount', { header: () => t('cols.amount'), cell: (c) => formatMinor(c.getValue()), meta: NUM }),
      dcol.display({
        id: 'channel',
        header: () => t('cols.channel'),
        cell: (c) => `${c.row.original.channel} · ${c.row.original.gateway}`,
      }),
      dcol.accessor('status', {
        header: () => t('backoffice.gatewayStatus'),
        cell: (c) => (
          <span title={c.row.original.failureReason ?? ''}>
            <StatusBadge word={c.getValue()} />
          </span>
        ),
      }),
      dcol.accessor('gatewayTxnId', {
        header: () => t('backoffice.gatewayTxn'),
        cell: (c) => c.getValue() ?? c.row.original.gatewayPaymentId ?? '—',
        meta: WRAP,
      }),
      dcol.accessor('createdAt', { header: () => t('cols.at'), cell: (c) => formatTime(c.getValue()) }),
      dcol.accessor('paidAt', { header: () => t('backoffice.paidAt'), cell: (c) => formatTime(c.getValue()) }),
    ],
    [t, canMembers],
  );
  const field = (k: keyof typeof draft) => ({
    value: draft[k],
    onChange: (e: { target: { value: string } }) => setDraft({ ...draft, [k]: e.target.value }),
  });
  return (
    <section className="stack" aria-labelledby="deposits-title">
      <h2 id="deposits-title">{t('backoffice.depositsTitle')}</h2>
      <form
        className="row filters"
        onSubmit={(e) => {
          e.preventDefault();
          setFilters(draft);
          setPageNo(1);
        }}
      >
        <div className="field">
          <label htmlFor="dep-status">{t('cols.status')}</label>
          <select id="dep-status" {...field('status')}>
            <option value="">{t('filters.all')}</option>
            {DEPOSIT_STATUSES.map((s) => (
              <option key={s} value={s}>
                {t(statusKey(s))}
              </option>
            ))}
          </select>
        </div>
        <div className="field">
          <label htmlFor="dep-gateway">{t('backoffice.gateway')}</label>
          <input id="dep-gateway" maxLength={40} {...field('gateway')} />
        </div>
        <div className="field">
          <label htmlFor="dep-q">{t('members.username')}</label>
          <input id="dep-q" maxLength={40} {...field('q')} />
        </div>
        <div className="field">
          <label htmlFor="dep-from">{t('filters.from')}</label>
          <input id="dep-from" type="date" {...field('from')} />
        </div>
        <div className="field">
          <label htmlFor="dep-to">{t('filters.to')}</label>
          <input id="dep-to" type="date" {...field('to')} />
        </div>
        <div className="field">
          <span aria-hidden="true">&nbsp;</span>
          <button type="submit">{t('filters.apply')}</button>
        </div>
      </form>
      <FormError error={csv.error} />
      <DataTable
        caption={t('backoffice.depositsTitle')}
        columns={columns}
        rows={query.data?.list}
        isLoading={query.isFetching && !query.data}
        error={query.error}
        onRetry={() => void query.refetch()}
        rowKey={(r) => r.orderNo}
        emptyText={t('backoffice.noDeposits')}
        paging={{ pageNo, pageSize: PAGE_SIZE, total: query.data?.total ?? 0, onPage: setPageNo }}
        tools={
          <button type="button" onClick={() => csv.mutate()} disabled={csv.isPending}>
            {t('table.exportCsv')}
          </button>
        }
        sorting={{
          sortable: DEPOSIT_SORTS.map((s) => (s === 'amount' ? 'amount' : 'createdAt')),
          ...sort,
          onSort: (s, o) => {
            setSort({ sort: s, order: o });
            setPageNo(1);
          },
        }}
      />
    </section>
  );
}

function ManualDeposits({ canCredit, canDecide, canMembers }: { canCredit: boolean; canDecide: boolean; canMembers: boolean }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [status, setStatus] = useState<string>('PENDING');
  const [pageNo, setPageNo] = useState(1);
  const [creating, setCreating] = useState(false);
  const [rejecting, setRejecting] = useState<string | null>(null);
  const [proofOf, setProofOf] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const thresholds = useThresholds();
  const query = useQuery({
    queryKey: ['manual-deposits', status, pageNo],
    queryFn: () => listManualDeposits({ status, pageNo, pageSize: PAGE_SIZE }),
    placeholderData: keepPreviousData,
  });
  const refresh = () => {
    void queryClient.invalidateQueries({ queryKey: ['manual-deposits'] });
    void queryClient.invalidateQueries({ queryKey: ['deposits'] });
  };
  const approve = useMutation({
    mutationFn: approveManualDeposit,
    onSuccess: (d) => {
      setNotice(t('backoffice.manualApplied', { amount: formatMinor(d.amount, d.currency), member: d.memberUsername }));
      refresh();
    },
  });
  const reject = useMutation({
    mutationFn: ({ id, reason }: { id: string; reason: string }) => rejectManualDeposit(id, reason),
    onSuccess: () => {
      setRejecting(null);
      setNotice(t('backoffice.manualRejected'));
      refresh();
    },
  });
  const columns = useMemo(
    () => [
      mcol.accessor('id', { header: () => t('members.id') }),
      mcol.accessor('memberUsername', {
        header: () => t('members.username'),
        cell: (c) => (canMembers ? <Link to={`/members/${c.row.original.memberId}`}>{c.getValue()}</Link> : c.getValue()),
      }),
      mcol.accessor('amount', { header: () => t('cols.amount'), cell: (c) => formatMinor(c.getValue()), meta: NUM }),
      mcol.accessor('reference', { header: () => t('backoffice.reference') }),
      mcol.accessor('reason', { header: () => t('actions.reason'), meta: WRAP }),
      mcol.display({
        id: 'who',
        header: () => t('backoffice.requestedBy'),
        cell: (c) => `${c.row.original.requestedBy} · ${formatTime(c.row.original.requestedAt)}`,
      }),
      mcol.accessor('status', {
        header: () => t('cols.status'),
        cell: (c) => (
          <span title={c.row.original.decisionReason ?? ''}>
            <StatusBadge word={c.getValue()} />
            {c.row.original.decidedBy && <span className="muted"> {c.row.original.decidedBy}</span>}
          </span>
        ),
      }),
      mcol.display({
        id: 'actions',
        header: () => t('cols.actions'),
        cell: (c) => {
          const d = c.row.original;
          return (
            <div className="row nowrap">
              <button type="button" onClick={() => setProofOf(d.id)} aria-label={t('backoffice.viewProofOf', { id: d.id })}>
                {t('backoffice.viewProof')}
              </button>
              {canDecide && d.status === 'PENDING' && (
                <>
                  <button
                    type="button"
                    className="primary"
                    disabled={approve.isPending}
                    onClick={() => approve.mutate(d.id)}
                    aria-label={t('backoffice.approveManual', { id: d.id })}
                  >
                    {t('payments.secondApprove')}
                  </button>
                  <button
                    type="button"
                    className="danger"
                    onClick={() => setRejecting(d.id)}
                    aria-label={t('backoffice.rejectManual', { id: d.id })}
                  >
                    {t('actions.reject')}
                  </button>
                </>
              )}
            </div>
          );
        },
      }),
    ],
    [t, canDecide, canMembers, approve],
  );
  const threshold = thresholds.data?.manualDeposit ?? DEFAULT_THRESHOLDS_MINOR.manualDeposit.toString();
  return (
    <section className="stack" aria-labelledby="manual-title">
      <h2 id="manual-title">{t('backoffice.manualTitle')}</h2>
      <p className="muted">{t('backoffice.manualThreshold', { amount: formatMinor(threshold) })}</p>
      <div className="row">
        <div className="field">
          <label htmlFor="md-status">{t('cols.status')}</label>
          <select
            id="md-status"
            value={status}
            onChange={(e) => {
              setStatus(e.target.value);
              setPageNo(1);
            }}
          >
            {MANUAL_DEPOSIT_STATUSES.map((s) => (
              <option key={s} value={s}>
                {t(statusKey(s))}
              </option>
            ))}
          </select>
        </div>
        <span className="spacer" />
        {canCredit && (
          <button type="button" className="primary" onClick={() => setCreating(true)}>
            {t('backoffice.newManual')}
          </button>
        )}
      </div>
      {notice && (
        <div className="alert ok" role="status">
          {notice}
        </div>
      )}
      <FormError error={approve.error} />
      <DataTable
        caption={t('backoffice.manualTitle')}
        columns={columns}
        rows={query.data?.list}
        isLoading={query.isFetching && !query.data}
        error={query.error}
        onRetry={() => void query.refetch()}
        rowKey={(r) => r.id}
        emptyText={t('backoffice.noManual')}
        paging={{ pageNo, pageSize: PAGE_SIZE, total: query.data?.total ?? 0, onPage: setPageNo }}
      />
      {creating && (
        <ManualDepositDialog
          threshold={threshold}
          onClose={() => setCreating(false)}
          onDone={(d) => {
            setCreating(false);
            setNotice(
              d.status === 'PENDING'
                ? t('backoffice.manualPending')
                : t('backoffice.manualApplied', { amount: formatMinor(d.amount, d.currency), member: d.memberUsername }),
            );
            refresh();
          }}
        />
      )}
      {proofOf && <ProofDialog id={proofOf} onClose={() => setProofOf(null)} />}
      <ReasonDialog
        open={rejecting !== null}
        title={t('backoffice.rejectManual', { id: rejecting ?? '' })}
        confirmLabel={t('actions.reject')}
        danger
        pending={reject.isPending}
        error={reject.error}
        onClose={() => {
          setRejecting(null);
          reject.reset();
        }}
        onConfirm={(reason) => rejecting && reject.mutate({ id: rejecting, reason })}
      />
    </section>
  );
}

function ProofDialog({ id, onClose }: { id: string; onClose: () => void }) {
  const { t } = useTranslation();
  const proof = useQuery({ queryKey: ['manual-proof', id], queryFn: () => manualDepositProof(id), staleTime: Number.POSITIVE_INFINITY });
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    if (!proof.data) return;
    const u = URL.createObjectURL(proof.data);
    setUrl(u);
    return () => URL.revokeObjectURL(u);
  }, [proof.data]);
  return (
    <Dialog open title={t('backoffice.proofOf', { id })} onClose={onClose}>
      {proof.isLoading && <Loading />}
      {proof.error && <ErrorState error={proof.error} onRetry={() => void proof.refetch()} />}
      {url && <img src={url} alt={t('backoffice.proofAlt', { id })} style={{ maxWidth: '100%', maxHeight: '60vh' }} />}
      <div className="dialog-actions">
        <button type="button" onClick={onClose}>
          {t('actions.close')}
        </button>
      </div>
    </Dialog>
  );
}

function ManualDepositDialog({
  threshold,
  onClose,
  onDone,
}: {
  threshold: string;
  onClose: () => void;
  onDone: (d: ManualDeposit) => void;
}) {
  const { t } = useTranslation();
  const [memberId, setMemberId] = useState('');
  const [amount, setAmount] = useState('');
  const [reference, setReference] = useState('');
  const [reason, setReason] = useState('');
  const [proof, setProof] = useState<File | null>(null);
  const [errors, setErrors] = useState<Record<string, boolean>>({});
  // One key per dialog: pressing the button again after a network failure repeats the same request, never a second credit.
  const [key] = useState(newIdempotencyKey);
  const minor = parseAmountToMinor(amount);
  const create = useMutation({
    mutationFn: () =>
      createManualDeposit({
        memberId: memberId.trim(),
        amount: minor ?? '0',
        reference: reference.trim(),
        reason: reason.trim(),
        idempotencyKey: key,
        proof: proof as File,
      }),
    onSuccess: onDone,
  });
  return (
    <Dialog open title={t('backoffice.newManual')} onClose={onClose}>
      <form
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          const next = {
            memberId: !/^[1-9]\d{0,9}$/.test(memberId.trim()),
            amount: minor === null,
            reference: reference.trim().length < 3,
            reason: reason.trim().length < 3,
            proof: !proof || proof.size > MANUAL_DEPOSIT_PROOF_MAX_BYTES,
          };
          setErrors(next);
          if (!Object.values(next).some(Boolean)) create.mutate();
        }}
      >
        <div className="field">
          <label htmlFor="md-member">{t('members.by.id')}</label>
          <input
            id="md-member"
            inputMode="numeric"
            value={memberId}
            onChange={(e) => setMemberId(e.target.value)}
            aria-invalid={errors.memberId}
          />
          {errors.memberId && <span className="error">{t('backoffice.memberIdInvalid')}</span>}
        </div>
        <div className="field">
          <label htmlFor="md-amount">{t('cols.amount')}</label>
          <input
            id="md-amount"
            inputMode="decimal"
            value={amount}
            onChange={(e) => setAmount(e.target.value)}
            aria-invalid={errors.amount}
            aria-describedby="md-threshold"
          />
          {errors.amount && <span className="error">{t('adjustments.amountInvalid')}</span>}
          <span id="md-threshold" className="hint">
            {t('backoffice.manualThreshold', { amount: formatMinor(threshold) })}
          </span>
        </div>
        {minor !== null && BigInt(minor) > BigInt(threshold) && (
          <div className="alert warn" role="status">
            {t('adjustments.needsSecond')}
          </div>
        )}
        <div className="field">
          <label htmlFor="md-reference">{t('backoffice.reference')}</label>
          <input
            id="md-reference"
            maxLength={100}
            value={reference}
            onChange={(e) => setReference(e.target.value)}
            aria-invalid={errors.reference}
          />
          {errors.reference && <span className="error">{t('backoffice.referenceRequired')}</span>}
        </div>
        <div className="field">
          <label htmlFor="md-reason">{t('actions.reason')}</label>
          <textarea
            id="md-reason"
            maxLength={500}
            value={reason}
            onChange={(e) => setReason(e.target.value)}
            aria-invalid={errors.reason}
          />
          {errors.reason && <span className="error">{t('actions.reasonRequired')}</span>}
        </div>
        <div className="field">
          <label htmlFor="md-proof">{t('backoffice.proof')}</label>
          <input
            id="md-proof"
            type="file"
            accept="image/png,image/jpeg"
            onChange={(e) => setProof(e.target.files?.[0] ?? null)}
            aria-invalid={errors.proof}
            aria-describedby="md-proof-hint"
          />
          <span id="md-proof-hint" className="hint">
            {t('backoffice.proofHint')}
          </span>
          {errors.proof && <span className="error">{t('errors:manualDepositProofRequired')}</span>}
        </div>
        <FormError error={create.error} />
        <div className="dialog-actions">
          <button type="button" onClick={onClose}>
            {t('actions.cancel')}
          </button>
          <button type="submit" className="primary" disabled={create.isPending}>
            {t('backoffice.credit')}
          </button>
        </div>
      </form>
    </Dialog>
  );
}

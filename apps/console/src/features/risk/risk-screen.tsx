import type { RiskFlag } from '@playfront/contract/kyc';
import { RISK_FLAG_KINDS, RISK_FLAG_STATUSES } from '@playfront/contract/kyc-paths';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { createColumnHelper } from '@tanstack/react-table';
import type { TFunction } from 'i18next';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { formatMinor, formatTime } from '../../lib/format.ts';
import { DataTable, WRAP } from '../../ui/data-table.tsx';
import { Dialog } from '../../ui/dialog.tsx';
import { FormError } from '../../ui/states.tsx';
import { useCan } from '../auth/api.ts';
import { reviewFlag, riskFlags } from './api.ts';
import { RulesForm } from './rules-form.tsx';
import '../kyc/kyc.css';

const PAGE_SIZE = 20;
const col = createColumnHelper<RiskFlag>();

const text = (v: unknown) => (v === null || v === undefined ? '—' : String(v));
const money = (v: unknown) => (typeof v === 'string' && /^-?\d+$/.test(v) ? formatMinor(v) : '—');
const list = (v: unknown) => (Array.isArray(v) ? v.map(String).join(', ') : '—');

/** What raised a flag, in words, from its details (by kind). */
export function flagSummary(t: TFunction, f: RiskFlag): string {
  const d = f.details;
  switch (f.kind) {
    case 'SHARED_IP':
      return t('risk.details.SHARED_IP', {
        ip: text(d.ip),
        count: Array.isArray(d.members) ? d.members.length : 0,
        members: list(d.members),
      });
    case 'SHARED_DEVICE':
      return t('risk.details.SHARED_DEVICE', { ip: text(d.ip), members: list(d.members) });
    case 'SHARED_PAYMENT_ACCOUNT':
      return t('risk.details.SHARED_PAYMENT_ACCOUNT', { method: text(d.method), last4: text(d.accountLast4), members: list(d.members) });
    case 'LITTLE_PLAY_WITHDRAWAL':
      return t('risk.details.LITTLE_PLAY_WITHDRAWAL', {
        amount: money(d.amount),
        played: money(d.playedSinceDeposit),
        deposit: money(d.lastDeposit),
      });
    case 'BONUS_HUNTING':
      return t('risk.details.BONUS_HUNTING', { bonus: money(d.bonus), wagered: money(d.wagered), required: money(d.wageringRequired) });
    case 'LARGE_WIN':
      return t('risk.details.LARGE_WIN', { win: money(d.win), stake: money(d.stake), game: `${text(d.vendor)} ${text(d.gameCode)}` });
    case 'FAR_APART_LOGINS':
      return t('risk.details.FAR_APART_LOGINS', { from: text(d.from), to: text(d.to), km: text(d.km), minutes: text(d.minutes) });
  }
}

/** Risk flags: list, filter by status, kind and member, mark reviewed (audited); the brand's rules below. */
export default function RiskScreen() {
  const { t } = useTranslation();
  const can = useCan();
  const queryClient = useQueryClient();
  const [params, setParams] = useSearchParams();
  const memberId = params.get('memberId') ?? '';
  const [status, setStatus] = useState<string>('OPEN');
  const [kind, setKind] = useState<string>('');
  const [pageNo, setPageNo] = useState(1);
  const [reviewing, setReviewing] = useState<RiskFlag | null>(null);
  const [note, setNote] = useState('');
  const query = useQuery({
    queryKey: ['risk-flags', status, kind, memberId, pageNo],
    queryFn: () => riskFlags({ status, kind, memberId, pageNo, pageSize: PAGE_SIZE }),
    placeholderData: keepPreviousData,
  });
  const review = useMutation({
    mutationFn: ({ id, note }: { id: string; note: string }) => reviewFlag(id, note),
    onSuccess: () => {
      setReviewing(null);
      setNote('');
      void queryClient.invalidateQueries({ queryKey: ['risk-flags'] });
    },
  });
  const columns = useMemo(
    () => [
      col.accessor('raisedAt', { header: () => t('cols.at'), cell: (c) => formatTime(c.getValue()) }),
      col.accessor('memberUsername', {
        header: () => t('members.username'),
        cell: (c) => (can('members.read') ? <Link to={`/members/${c.row.original.memberId}`}>{c.getValue()}</Link> : c.getValue()),
      }),
      col.accessor('kind', { header: () => t('cols.kind'), cell: (c) => t(`risk.kinds.${c.getValue()}`) }),
      col.display({ id: 'details', header: () => t('risk.what'), meta: WRAP, cell: (c) => flagSummary(t, c.row.original) }),
      col.accessor('status', {
        header: () => t('cols.status'),
        cell: (c) =>
          c.getValue() === 'OPEN' ? (
            <span className="badge warn">{t('risk.status.OPEN')}</span>
          ) : (
            <span className="badge ok" title={c.row.original.reviewNote ?? ''}>
              {t('risk.reviewedBy', { who: c.row.original.reviewedBy ?? '—' })}
            </span>
          ),
      }),
      col.display({
        id: 'actions',
        header: () => t('cols.actions'),
        cell: (c) =>
          c.row.original.status === 'OPEN' ? (
            <button
              type="button"
              onClick={() => setReviewing(c.row.original)}
              aria-label={t('risk.markReviewedOf', { member: c.row.original.memberUsername })}
            >
              {t('risk.markReviewed')}
            </button>
          ) : null,
      }),
    ],
    [t, can],
  );
  return (
    <div className="stack risk-screen">
      <h1>{t('nav.risk')}</h1>
      <p className="muted">{t('risk.intro')}</p>
      <div className="row">
        <div className="field">
          <label htmlFor="risk-status">{t('cols.status')}</label>
          <select
            id="risk-status"
            value={status}
            onChange={(e) => {
              setStatus(e.target.value);
              setPageNo(1);
            }}
          >
            {RISK_FLAG_STATUSES.map((s) => (
              <option key={s} value={s}>
                {t(`risk.status.${s}`)}
              </option>
            ))}
          </select>
        </div>
        <div className="field">
          <label htmlFor="risk-kind">{t('cols.kind')}</label>
          <select
            id="risk-kind"
            value={kind}
            onChange={(e) => {
              setKind(e.target.value);
              setPageNo(1);
            }}
          >
            <option value="">{t('risk.allKinds')}</option>
            {RISK_FLAG_KINDS.map((k) => (
              <option key={k} value={k}>
                {t(`risk.kinds.${k}`)}
              </option>
            ))}
          </select>
        </div>
        {memberId && (
          <button
            type="button"
            onClick={() => {
              setParams({});
              setPageNo(1);
            }}
          >
            {t('risk.allMembers')}
          </button>
        )}
      </div>
      <DataTable
        caption={t('risk.flags')}
        columns={columns}
        rows={query.data?.list}
        isLoading={query.isFetching && !query.data}
        error={query.error}
        onRetry={() => void query.refetch()}
        rowKey={(r) => r.id}
        emptyText={t('risk.none')}
        paging={{ pageNo, pageSize: PAGE_SIZE, total: query.data?.total ?? 0, onPage: setPageNo }}
      />
      <RulesForm canEdit={can('risk.rules')} />
      <Dialog
        open={reviewing !== null}
        title={t('risk.reviewTitle', { member: reviewing?.memberUsername ?? '' })}
        onClose={() => {
          setReviewing(null);
          review.reset();
        }}
      >
        <form
          onSubmit={(e) => {
            e.preventDefault();
            if (reviewing) review.mutate({ id: reviewing.id, note: note.trim() });
          }}
        >
          {reviewing && <p>{flagSummary(t, reviewing)}</p>}
          <div className="field">
            <label htmlFor="risk-note">{t('risk.note')}</label>
            <textarea id="risk-note" value={note} maxLength={500} onChange={(e) => setNote(e.target.value)} />
          </div>
          <FormError error={review.error} />
          <div className="dialog-actions">
            <button type="button" onClick={() => setReviewing(null)}>
              {t('actions.cancel')}
            </button>
            <button type="submit" className="primary" disabled={review.isPending}>
              {t('risk.markReviewed')}
            </button>
          </div>
        </form>
      </Dialog>
    </div>
  );
}

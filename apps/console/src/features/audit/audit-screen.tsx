import type { AuditEntry } from '@playfront/contract/console';
import { AUDIT_ACTIONS, AUDIT_SORTS, AUDIT_TARGET_TYPES, CONSOLE_PATHS } from '@playfront/contract/console-paths';
import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import { createColumnHelper } from '@tanstack/react-table';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api, downloadCsv } from '../../lib/api.ts';
import { formatTime } from '../../lib/format.ts';
import { DataTable, type SortOrder, WRAP } from '../../ui/data-table.tsx';
import { FormError } from '../../ui/states.tsx';
import { useCan } from '../auth/api.ts';
import type { Page } from '../members/api.ts';
import { listStaff } from '../staff/api.ts';

const PAGE_SIZE = 50;
const col = createColumnHelper<AuditEntry>();
type Filters = { staffId: string; action: string; targetType: string; targetId: string; from: string; to: string };
const EMPTY: Filters = { staffId: '', action: '', targetType: '', targetId: '', from: '', to: '' };

function Change({ before, after }: { before: unknown; after: unknown }) {
  const { t } = useTranslation();
  if (before == null && after == null) return <span className="muted">—</span>;
  return (
    <details>
      <summary>{t('audit.showChange')}</summary>
      <div className="two-col" style={{ marginTop: 4 }}>
        <div>
          <strong>{t('audit.before')}</strong>
          <pre style={{ whiteSpace: 'pre-wrap', margin: 0 }}>{JSON.stringify(before, null, 1)}</pre>
        </div>
        <div>
          <strong>{t('audit.after')}</strong>
          <pre style={{ whiteSpace: 'pre-wrap', margin: 0 }}>{JSON.stringify(after, null, 1)}</pre>
        </div>
      </div>
    </details>
  );
}

/** Who did what, when, from where: search by staff, action, target and period; export the same search as CSV. */
export default function AuditScreen() {
  const { t } = useTranslation();
  const can = useCan();
  const [draft, setDraft] = useState<Filters>(EMPTY);
  const [filters, setFilters] = useState<Filters>(EMPTY);
  const [pageNo, setPageNo] = useState(1);
  const [order, setOrder] = useState<SortOrder>('desc');
  const staff = useQuery({ queryKey: ['staff'], queryFn: listStaff, enabled: can('staff.read') });
  const query = useQuery({
    queryKey: ['audit', filters, pageNo, order],
    queryFn: () => api<Page<AuditEntry>>(CONSOLE_PATHS.audit, { query: { ...filters, pageNo, pageSize: PAGE_SIZE, sort: 'at', order } }),
    placeholderData: keepPreviousData,
  });
  const csv = useMutation({ mutationFn: () => downloadCsv(CONSOLE_PATHS.auditCsv, { ...filters, sort: 'at', order }, 'audit.csv') });
  const columns = useMemo(
    () => [
      col.accessor('at', { header: () => t('cols.at'), cell: (c) => formatTime(c.getValue()) }),
      col.accessor('staffUsername', { header: () => t('audit.staff'), cell: (c) => c.getValue() ?? '—' }),
      col.accessor('action', { header: () => t('audit.action'), cell: (c) => <code>{c.getValue()}</code> }),
      col.display({
        id: 'target',
        header: () => t('audit.target'),
        cell: (c) => `${c.row.original.targetType}${c.row.original.targetId ? ` #${c.row.original.targetId}` : ''}`,
      }),
      col.accessor('ip', { header: () => t('cols.ip'), cell: (c) => c.getValue() ?? '—' }),
      col.display({
        id: 'change',
        header: () => t('audit.change'),
        meta: WRAP,
        cell: (c) => <Change before={c.row.original.before} after={c.row.original.after} />,
      }),
    ],
    [t],
  );
  const set = (k: keyof Filters) => (e: React.ChangeEvent<HTMLInputElement | HTMLSelectElement>) =>
    setDraft({ ...draft, [k]: e.target.value });
  const badRange = Boolean(draft.from && draft.to && draft.from > draft.to);
  return (
    <div className="stack">
      <h1>{t('nav.audit')}</h1>
      <form
        className="row card"
        onSubmit={(e) => {
          e.preventDefault();
          if (badRange) return;
          setFilters({ ...draft, targetId: draft.targetId.trim() });
          setPageNo(1);
        }}
      >
        <div className="field">
          <label htmlFor="audit-staff">{t('audit.staff')}</label>
          {staff.data ? (
            <select id="audit-staff" value={draft.staffId} onChange={set('staffId')}>
              <option value="">{t('filters.all')}</option>
              {staff.data.list.map((s) => (
                <option key={s.id} value={s.id}>
                  {s.username}
                </option>
              ))}
            </select>
          ) : (
            <input id="audit-staff" inputMode="numeric" placeholder={t('audit.staffId')} value={draft.staffId} onChange={set('staffId')} />
          )}
        </div>
        <div className="field">
          <label htmlFor="audit-action">{t('audit.action')}</label>
          <select id="audit-action" value={draft.action} onChange={set('action')}>
            <option value="">{t('filters.all')}</option>
            {AUDIT_ACTIONS.map((a) => (
              <option key={a} value={a}>
                {a}
              </option>
            ))}
          </select>
        </div>
        <div className="field">
          <label htmlFor="audit-target-type">{t('audit.targetType')}</label>
          <select id="audit-target-type" value={draft.targetType} onChange={set('targetType')}>
            <option value="">{t('filters.all')}</option>
            {AUDIT_TARGET_TYPES.map((a) => (
              <option key={a} value={a}>
                {a}
              </option>
            ))}
          </select>
        </div>
        <div className="field">
          <label htmlFor="audit-target-id">{t('audit.targetId')}</label>
          <input id="audit-target-id" value={draft.targetId} maxLength={64} onChange={set('targetId')} style={{ width: 120 }} />
        </div>
        <div className="field">
          <label htmlFor="audit-from">{t('filters.from')}</label>
          <input id="audit-from" type="date" value={draft.from} onChange={set('from')} aria-invalid={badRange} />
        </div>
        <div className="field">
          <label htmlFor="audit-to">{t('filters.to')}</label>
          <input
            id="audit-to"
            type="date"
            value={draft.to}
            onChange={set('to')}
            aria-invalid={badRange}
            aria-describedby={badRange ? 'audit-range-error' : undefined}
          />
        </div>
        <button type="submit" className="primary">
          {t('filters.apply')}
        </button>
        {badRange && (
          <span id="audit-range-error" className="error" role="alert" style={{ width: '100%', color: 'var(--danger)' }}>
            {t('filters.badRange')}
          </span>
        )}
      </form>
      <FormError error={csv.error} />
      <DataTable
        caption={t('nav.audit')}
        columns={columns}
        rows={query.data?.list}
        isLoading={query.isFetching && !query.data}
        error={query.error}
        onRetry={() => void query.refetch()}
        rowKey={(r) => r.id}
        emptyText={t('audit.none')}
        paging={{ pageNo, pageSize: PAGE_SIZE, total: query.data?.total ?? 0, onPage: setPageNo }}
        sorting={{
          sortable: AUDIT_SORTS,
          sort: 'at',
          order,
          onSort: (_s, o) => {
            setOrder(o);
            setPageNo(1);
          },
        }}
        tools={
          <button type="button" onClick={() => csv.mutate()} disabled={csv.isPending}>
            {t('table.exportCsv')}
          </button>
        }
      />
    </div>
  );
}

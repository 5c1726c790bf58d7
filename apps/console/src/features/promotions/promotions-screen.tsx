import type { ConsolePromotion } from '@playfront/contract/console-loyalty';
import { type PROMOTION_SORTS, PROMOTION_STATUSES } from '@playfront/contract/console-loyalty';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { createColumnHelper } from '@tanstack/react-table';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatMinor, formatTime } from '../../lib/format.ts';
import { DataTable, NUM, type SortOrder, WRAP } from '../../ui/data-table.tsx';
import { Dialog } from '../../ui/dialog.tsx';
import { ProgressBar } from '../../ui/progress-bar.tsx';
import { FormError } from '../../ui/states.tsx';
import { Tabs } from '../../ui/tabs.tsx';
import { useCan } from '../auth/api.ts';
import { listPromotions, setPromotionStatus } from './api.ts';
import { ApplicationsTab } from './applications-tab.tsx';
import { GrantsTab } from './grants-tab.tsx';
import { PromotionForm } from './promotion-form.tsx';

const PAGE_SIZE = 20;
const TABS = ['list', 'applications', 'grants'] as const;
type Tab = (typeof TABS)[number];
const col = createColumnHelper<ConsolePromotion>();

export const statusBadge = (status: ConsolePromotion['status']) =>
  status === 'ACTIVE' ? 'badge ok' : status === 'PAUSED' ? 'badge warn' : 'badge';

/** Promotions: the list with budget use, create and edit, pause and resume; applications; bonus grants. */
export default function PromotionsScreen() {
  const { t } = useTranslation();
  const [tab, setTab] = useState<Tab>('list');
  return (
    <div className="stack">
      <h1>{t('nav.promotions')}</h1>
      <Tabs id="promo" label={t('nav.promotions')} tabs={TABS} selected={tab} onSelect={setTab} labelOf={(name) => t(`promo.tabs.${name}`)}>
        {tab === 'list' && <PromotionsTab />}
        {tab === 'applications' && <ApplicationsTab />}
        {tab === 'grants' && <GrantsTab />}
      </Tabs>
    </div>
  );
}

function PromotionsTab() {
  const { t, i18n } = useTranslation();
  const can = useCan();
  const writable = can('promotions.write');
  const queryClient = useQueryClient();
  const [status, setStatus] = useState('');
  const [search, setSearch] = useState('');
  const [q, setQ] = useState('');
  const [sort, setSort] = useState<string>('sort');
  const [order, setOrder] = useState<SortOrder>('asc');
  const [pageNo, setPageNo] = useState(1);
  const [editing, setEditing] = useState<number | 'new' | null>(null);
  const [ending, setEnding] = useState<ConsolePromotion | null>(null);
  const query = useQuery({
    queryKey: ['promotions', status, q, sort, order, pageNo],
    queryFn: () => listPromotions({ status, q, sort, order, pageNo, pageSize: PAGE_SIZE }),
    placeholderData: keepPreviousData,
  });
  const refresh = () => void queryClient.invalidateQueries({ queryKey: ['promotions'] });
  const change = useMutation({
    mutationFn: ({ id, to }: { id: number; to: ConsolePromotion['status'] }) => setPromotionStatus(id, to),
    onSuccess: () => {
      setEnding(null);
      refresh();
    },
  });
  const lang = i18n.resolvedLanguage === 'bn' ? 'bn' : 'en';
  const columns = useMemo(
    () => [
      col.accessor('code', { header: () => t('promo.code'), cell: (c) => <code>{c.getValue()}</code> }),
      col.accessor((p) => p.title[lang], { id: 'title', header: () => t('promo.title'), meta: WRAP }),
      col.accessor('status', {
        header: () => t('cols.status'),
        cell: (c) => <span className={statusBadge(c.getValue())}>{t(`promo.status.${c.getValue()}`)}</span>,
      }),
      col.accessor('entry', { header: () => t('promo.entry'), cell: (c) => t(`promo.entries.${c.getValue()}`) }),
      col.accessor('startsAt', {
        header: () => t('promo.period'),
        cell: (c) => (
          <span style={{ whiteSpace: 'nowrap' }}>
            {formatTime(c.getValue())}
            <br />
            <span className="muted">{c.row.original.endsAt ? formatTime(c.row.original.endsAt) : t('promo.noEnd')}</span>
          </span>
        ),
      }),
      col.accessor('grantedTotal', {
        header: () => t('promo.budgetUsed'),
        cell: (c) => (
          <ProgressBar
            value={BigInt(c.getValue())}
            max={BigInt(c.row.original.budget)}
            label={t('promo.budgetUsedOf', { code: c.row.original.code })}
            text={`${formatMinor(c.getValue())} / ${formatMinor(c.row.original.budget)}`}
          />
        ),
      }),
      col.accessor('grantsCount', { header: () => t('promo.grants'), meta: NUM }),
      col.display({
        id: 'actions',
        header: () => t('cols.actions'),
        cell: (c) => {
          const p = c.row.original;
          if (!writable) return null;
          return (
            <div className="row">
              <button type="button" onClick={() => setEditing(p.id)} aria-label={t('promo.editOne', { code: p.code })}>
                {t('actions.edit')}
              </button>
              {p.status !== 'ENDED' && (
                <button
                  type="button"
                  disabled={change.isPending}
                  onClick={() => change.mutate({ id: p.id, to: p.status === 'ACTIVE' ? 'PAUSED' : 'ACTIVE' })}
                  aria-label={t(p.status === 'ACTIVE' ? 'promo.pauseOne' : 'promo.resumeOne', { code: p.code })}
                >
                  {t(p.status === 'ACTIVE' ? 'promo.pause' : 'promo.resume')}
                </button>
              )}
              {p.status !== 'ENDED' && (
                <button type="button" className="danger" onClick={() => setEnding(p)} aria-label={t('promo.endOne', { code: p.code })}>
                  {t('promo.end')}
                </button>
              )}
            </div>
          );
        },
      }),
    ],
    [t, lang, writable, change],
  );
  return (
    <div className="stack">
      <form
        className="row"
        onSubmit={(e) => {
          e.preventDefault();
          setQ(search.trim());
          setPageNo(1);
        }}
      >
        <div className="field">
          <label htmlFor="promo-status">{t('cols.status')}</label>
          <select
            id="promo-status"
            value={status}
            onChange={(e) => {
              setStatus(e.target.value);
              setPageNo(1);
            }}
          >
            <option value="">{t('filters.all')}</option>
            {PROMOTION_STATUSES.map((s) => (
              <option key={s} value={s}>
                {t(`promo.status.${s}`)}
              </option>
            ))}
          </select>
        </div>
        <div className="field">
          <label htmlFor="promo-q">{t('promo.search')}</label>
          <input id="promo-q" type="search" value={search} onChange={(e) => setSearch(e.target.value)} maxLength={60} />
        </div>
        <button type="submit">{t('filters.apply')}</button>
      </form>
      <FormError error={change.error} />
      <DataTable
        caption={t('promo.tabs.list')}
        columns={columns}
        rows={query.data?.list}
        isLoading={query.isFetching && !query.data}
        error={query.error}
        onRetry={() => void query.refetch()}
        rowKey={(p) => String(p.id)}
        emptyText={t('promo.none')}
        paging={{ pageNo, pageSize: PAGE_SIZE, total: query.data?.total ?? 0, onPage: setPageNo }}
        sorting={{
          sortable: ['code', 'startsAt', 'grantedTotal'] satisfies (typeof PROMOTION_SORTS)[number][],
          sort,
          order,
          onSort: (s, o) => {
            setSort(s);
            setOrder(o);
            setPageNo(1);
          },
        }}
        tools={
          writable ? (
            <button type="button" className="primary" onClick={() => setEditing('new')}>
              {t('promo.new')}
            </button>
          ) : undefined
        }
      />
      {editing !== null && (
        <PromotionForm
          promotionId={editing === 'new' ? null : editing}
          onClose={() => setEditing(null)}
          onSaved={() => {
            setEditing(null);
            refresh();
          }}
        />
      )}
      <Dialog open={ending !== null} title={t('promo.endTitle')} onClose={() => setEnding(null)}>
        <p>{t('promo.endText', { code: ending?.code ?? '' })}</p>
        <FormError error={change.error} />
        <div className="dialog-actions">
          <button type="button" onClick={() => setEnding(null)}>
            {t('actions.cancel')}
          </button>
          <button
            type="button"
            className="danger"
            disabled={change.isPending}
            onClick={() => ending && change.mutate({ id: ending.id, to: 'ENDED' })}
          >
            {t('promo.end')}
          </button>
        </div>
      </Dialog>
    </div>
  );
}

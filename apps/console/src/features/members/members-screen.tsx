import type { MemberRow, MemberSearchBy } from '@playfront/contract/console';
import { MEMBER_SEARCH_BY, MEMBER_SORTS } from '@playfront/contract/console-paths';
import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import { createColumnHelper } from '@tanstack/react-table';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { downloadCsv } from '../../lib/api.ts';
import { csvPathOf } from '../../lib/csv-path.ts';
import { formatMinor, formatTime } from '../../lib/format.ts';
import { DataTable, NUM, type SortOrder } from '../../ui/data-table.tsx';
import { FormError } from '../../ui/states.tsx';
import { searchMembers } from './api.ts';
import { statusKey } from './record-columns.ts';

const PAGE_SIZE = 20;
const col = createColumnHelper<MemberRow>();

export default function MembersScreen() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const q = params.get('q') ?? '';
  const by = (MEMBER_SEARCH_BY as readonly string[]).includes(params.get('by') ?? '') ? (params.get('by') as MemberSearchBy) : 'username';
  const pageNo = Math.max(1, Number(params.get('page')) || 1);
  const sort = (MEMBER_SORTS as readonly string[]).includes(params.get('sort') ?? '') ? (params.get('sort') as string) : 'createdAt';
  const order: SortOrder = params.get('order') === 'asc' ? 'asc' : 'desc';
  const [draft, setDraft] = useState({ q, by });
  const query = useQuery({
    queryKey: ['members', q, by, pageNo, sort, order],
    queryFn: () => searchMembers({ q, by, pageNo, pageSize: PAGE_SIZE, sort, order }),
    placeholderData: keepPreviousData,
  });
  const csvPath = csvPathOf('members');
  const csv = useMutation({ mutationFn: (path: string) => downloadCsv(path, { q, by, sort, order }, 'members.csv') });
  const columns = useMemo(
    () => [
      col.accessor('username', {
        header: () => t('members.username'),
        cell: (c) => <Link to={`/members/${c.row.original.id}`}>{c.getValue()}</Link>,
      }),
      col.accessor('id', { header: () => t('members.id') }),
      col.accessor('mobile', { header: () => t('members.mobile'), cell: (c) => c.getValue() ?? '—' }),
      col.accessor('locked', {
        header: () => t('members.status'),
        cell: (c) => (
          // The member's status word, translated (active, disabled…); unknown words as sent.
          <span className={`badge ${c.getValue() ? 'danger' : 'ok'}`}>
            {t(statusKey(c.row.original.status), { defaultValue: c.row.original.status })}
          </span>
        ),
      }),
      col.accessor('balance', { header: () => t('members.balance'), cell: (c) => formatMinor(c.getValue()), meta: NUM }),
      col.accessor('createdAt', { header: () => t('members.createdAt'), cell: (c) => formatTime(c.getValue()) }),
      col.accessor('lastLoginAt', { header: () => t('members.lastLoginAt'), cell: (c) => formatTime(c.getValue()) }),
    ],
    [t],
  );
  const go = (next: { q?: string; by?: string; page?: number; sort?: string; order?: string }) => {
    const merged = { q, by, page: pageNo, sort, order, ...next };
    setParams({ q: merged.q, by: merged.by, page: String(merged.page), sort: merged.sort, order: merged.order });
  };
  return (
    <div className="stack">
      <h1>{t('nav.members')}</h1>
      <form
        className="row"
        onSubmit={(e) => {
          e.preventDefault();
          go({ q: draft.q.trim(), by: draft.by, page: 1 });
        }}
      >
        <div className="field">
          <label htmlFor="member-by">{t('members.searchBy')}</label>
          <select id="member-by" value={draft.by} onChange={(e) => setDraft({ ...draft, by: e.target.value as MemberSearchBy })}>
            {MEMBER_SEARCH_BY.map((b) => (
              <option key={b} value={b}>
                {t(`members.by.${b}`)}
              </option>
            ))}
          </select>
        </div>
        <div className="field">
          <label htmlFor="member-q">{t('members.search')}</label>
          <input id="member-q" type="search" value={draft.q} maxLength={100} onChange={(e) => setDraft({ ...draft, q: e.target.value })} />
        </div>
        <button type="submit" className="primary">
          {t('members.searchButton')}
        </button>
      </form>
      <FormError error={csv.error} />
      <DataTable
        caption={t('nav.members')}
        columns={columns}
        rows={query.data?.list}
        isLoading={query.isFetching && !query.data}
        error={query.error}
        onRetry={() => void query.refetch()}
        rowKey={(r) => r.id}
        emptyText={t('members.none')}
        paging={{ pageNo, pageSize: PAGE_SIZE, total: query.data?.total ?? 0, onPage: (p) => go({ page: p }) }}
        tools={
          csvPath ? (
            <button type="button" onClick={() => csv.mutate(csvPath)} disabled={csv.isPending}>
              {t('table.exportCsv')}
            </button>
          ) : undefined
        }
        sorting={{ sortable: MEMBER_SORTS, sort, order, onSort: (s, o) => go({ sort: s, order: o, page: 1 }) }}
      />
    </div>
  );
}

import type { TeamMemberRow } from '@playfront/contract/agent-team';
import { createColumnHelper, flexRender, getCoreRowModel, useReactTable } from '@tanstack/react-table';
import { useCallback, useId, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSession } from '../../../lib/session-store.ts';
import { Paginator } from '../../../ui/paginator/paginator.tsx';
import { useTeamMembers } from '../api/get-team-members.ts';
import { MemberDetail } from '../components/member-detail.tsx';
import { AgentEmpty, AgentLoadError, AgentLoading, Choices, dateTime, Money } from '../components/parts.tsx';
import { TeamTree } from '../components/team-tree.tsx';
import { pageCount } from '../lib/record-filter.ts';
import { ariaSort, INITIAL_TEAM_TABLE, isSortable, nextSort, type TeamTableState, withSearch } from '../lib/team-table.ts';

const column = createColumnHelper<TeamMemberRow>();
type Picked = { id: number; username: string; masked: boolean; level: number; kind: TeamMemberRow['kind'] };

/**
 * downlineManagmentView (team management): the team as a searchable, sortable, paged table (search, sort and paging
 * on the server) or as a tree with lazily loaded children; opening a downline shows their figures, a contract offer
 * (direct downlines) and a transfer to them.
 */
export default function TeamPage() {
  const { t } = useTranslation('agent');
  const [view, setView] = useState<'table' | 'tree'>('table');
  const [picked, setPicked] = useState<Picked | null>(null);
  const detail = useRef<HTMLDivElement>(null);
  const open = useCallback((m: Picked) => {
    setPicked(m);
    // Move to the figures (below the table on every width) once they render.
    requestAnimationFrame(() => detail.current?.querySelector<HTMLElement>('h2')?.focus());
  }, []);
  return (
    <div className="ag-stack">
      <Choices
        label={t('team.view')}
        options={['table', 'tree'] as const}
        value={view}
        onChange={setView}
        text={(v) => t(`team.views.${v}`)}
      />
      {view === 'table' ? <TeamTable onOpen={open} /> : <TeamTree onOpen={open} />}
      <div ref={detail}>{picked && <MemberDetail key={picked.id} member={picked} onClose={() => setPicked(null)} />}</div>
    </div>
  );
}

function TeamTable({ onOpen }: { onOpen: (m: Picked) => void }) {
  const { t } = useTranslation('agent');
  const token = useSession((s) => s.token);
  const [state, setState] = useState<TeamTableState>(INITIAL_TEAM_TABLE);
  const query = useTeamMembers(token, { search: state.search || undefined, sort: state.sort, order: state.order, pageNo: state.pageNo });
  const searchId = useId();

  const columns = useMemo(
    () => [
      column.accessor('username', {
        header: () => t('team.columns.username'),
        cell: (c) => (
          <button type="button" className="ag-link" onClick={() => onOpen(c.row.original)}>
            {c.getValue()}
          </button>
        ),
      }),
      column.accessor('level', { header: () => t('team.columns.level'), cell: (c) => t('team.levelN', { level: c.getValue() }) }),
      column.accessor('kind', { header: () => t('team.columns.kind'), enableSorting: false, cell: (c) => t(`team.kinds.${c.getValue()}`) }),
      column.accessor('balance', {
        header: () => t('team.columns.balance'),
        cell: (c) => <Money value={c.getValue()} />,
        meta: { num: true },
      }),
      column.accessor('directCount', { header: () => t('team.columns.directCount'), meta: { num: true } }),
      column.accessor('lastLoginAt', { id: 'lastLogin', header: () => t('team.columns.lastLogin'), cell: (c) => dateTime(c.getValue()) }),
      column.accessor('status', {
        header: () => t('team.columns.status'),
        enableSorting: false,
        cell: (c) => <span className={`ag-status ag-status-${c.getValue()}`}>{t(`team.statuses.${c.getValue()}`)}</span>,
      }),
      column.accessor('createdAt', { header: () => t('team.columns.createdAt'), cell: (c) => dateTime(c.getValue()) }),
    ],
    [t, onOpen],
  );
  const table = useReactTable({
    data: query.data?.list ?? [],
    columns,
    getCoreRowModel: getCoreRowModel(),
    manualSorting: true,
    manualPagination: true,
    getRowId: (r) => String(r.id),
  });

  return (
    <section className="ag-panel" aria-label={t('team.views.table')}>
      <search>
        <form
          className="ag-filters"
          onSubmit={(e) => {
            e.preventDefault();
            // Read now: the updater runs later, when the event's currentTarget is gone.
            const search = String(new FormData(e.currentTarget).get('search') ?? '');
            setState((s) => withSearch(s, search));
          }}
        >
          <div className="ag-field ag-field-member">
            <label htmlFor={searchId}>{t('team.search')}</label>
            <span className="ag-inline">
              <input id={searchId} name="search" type="search" className="ag-input" defaultValue={state.search} autoComplete="off" />
              <button type="submit" className="btn btn-primary btn-sm">
                {t('filters.apply')}
              </button>
            </span>
          </div>
        </form>
      </search>
      {query.isPending ? (
        <AgentLoading />
      ) : query.isError ? (
        <AgentLoadError error={query.error} onRetry={() => void query.refetch()} />
      ) : query.data.list.length === 0 ? (
        <AgentEmpty>{state.search ? t('team.noMatch', { search: state.search }) : t('team.empty')}</AgentEmpty>
      ) : (
        <>
          <p className="ag-muted ag-small" aria-live="polite">
            {t('team.total', { count: query.data.total })}
          </p>
          <div className="ag-table-wrap">
            <table className="ag-table ag-table-cards" aria-busy={query.isFetching}>
              <caption className="visually-hidden">{t('team.caption')}</caption>
              <thead>
                {table.getHeaderGroups().map((g) => (
                  <tr key={g.id}>
                    {g.headers.map((h) => {
                      const sortable = h.column.getCanSort() && isSortable(h.column.id);
                      const num = (h.column.columnDef.meta as { num?: boolean } | undefined)?.num;
                      return (
                        <th
                          key={h.id}
                          scope="col"
                          className={num ? 'ag-num' : undefined}
                          aria-sort={sortable ? ariaSort(state, h.column.id) : undefined}
                        >
                          {sortable ? (
                            <button
                              type="button"
                              className="ag-sort"
                              onClick={() =>
                                isSortable(h.column.id) && setState((s) => nextSort(s, h.column.id as Parameters<typeof nextSort>[1]))
                              }
                            >
                              {flexRender(h.column.columnDef.header, h.getContext())}
                              <span aria-hidden="true" className="ag-sort-mark">
                                {state.sort === h.column.id ? (state.order === 'asc' ? '▲' : '▼') : '↕'}
                              </span>
                            </button>
                          ) : (
                            flexRender(h.column.columnDef.header, h.getContext())
                          )}
                        </th>
                      );
                    })}
                  </tr>
                ))}
              </thead>
              <tbody>
                {table.getRowModel().rows.map((r) => (
                  <tr key={r.id}>
                    {r.getVisibleCells().map((c) => {
                      const num = (c.column.columnDef.meta as { num?: boolean } | undefined)?.num;
                      return (
                        <td key={c.id} className={num ? 'ag-num' : undefined} data-label={headerText(t, c.column.id)}>
                          {flexRender(c.column.columnDef.cell, c.getContext())}
                        </td>
                      );
                    })}
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <Paginator
            page={state.pageNo}
            totalPages={pageCount(query.data.total, query.data.pageSize)}
            onChange={(pageNo) => setState((s) => ({ ...s, pageNo }))}
            label={t('team.pages')}
          />
        </>
      )}
    </section>
  );
}

/** The header text of a column, for the phone layout's cell labels. */
function headerText(t: ReturnType<typeof useTranslation<'agent'>>['t'], id: string): string {
  const key = id === 'lastLogin' ? 'lastLogin' : id;
  return t(`team.columns.${key as 'username'}`);
}

import { type ColumnDef, flexRender, getCoreRowModel, useReactTable } from '@tanstack/react-table';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Empty, ErrorState, Loading } from './states.tsx';

export type DataTableProps<T> = {
  caption: string;
  // biome-ignore lint/suspicious/noExplicitAny: react-table's column value types differ per column
  columns: ColumnDef<T, any>[];
  rows: T[] | undefined;
  isLoading: boolean;
  error: unknown;
  onRetry?: () => void;
  /** Server paging; absent for a short list shown whole. */
  paging?: { pageNo: number; pageSize: number; total: number; onPage: (pageNo: number) => void };
  emptyText?: string;
  /** Buttons beside the pager (CSV export). */
  tools?: ReactNode;
  rowKey: (row: T) => string;
  /** Server sorting: the columns (by id) the API sorts on, the current choice, and how to ask for another. */
  sorting?: { sortable: readonly string[]; sort: string; order: SortOrder; onSort: (sort: string, order: SortOrder) => void };
};

export type SortOrder = 'asc' | 'desc';

/** A table in react-table's manual mode: the server pages (and filters); this only draws and asks for pages. */
export function DataTable<T>({
  caption,
  columns,
  rows,
  isLoading,
  error,
  onRetry,
  paging,
  emptyText,
  tools,
  rowKey,
  sorting,
}: DataTableProps<T>) {
  const { t } = useTranslation();
  const pageCount = paging ? Math.max(1, Math.ceil(paging.total / paging.pageSize)) : 1;
  const table = useReactTable({
    data: rows ?? [],
    columns,
    getCoreRowModel: getCoreRowModel(),
    manualPagination: true,
    manualSorting: true,
    manualFiltering: true,
    pageCount,
    getRowId: rowKey,
  });
  return (
    <div>
      {(paging || tools) && (
        <div className="table-bar">
          {paging && <span className="muted">{t('table.total', { count: paging.total })}</span>}
          <span className="spacer" />
          {tools}
          {paging && (
            <nav className="row" aria-label={t('table.pages')}>
              <button type="button" onClick={() => paging.onPage(paging.pageNo - 1)} disabled={paging.pageNo <= 1 || isLoading}>
                {t('table.previous')}
              </button>
              <span aria-live="polite">{t('table.page', { page: paging.pageNo, pages: pageCount })}</span>
              <button type="button" onClick={() => paging.onPage(paging.pageNo + 1)} disabled={paging.pageNo >= pageCount || isLoading}>
                {t('table.next')}
              </button>
            </nav>
          )}
        </div>
      )}
      {error ? (
        <ErrorState error={error} onRetry={onRetry} />
      ) : (
        <div className="table-wrap">
          <table className="data">
            <caption className="visually-hidden">{caption}</caption>
            <thead>
              {table.getHeaderGroups().map((group) => (
                <tr key={group.id}>
                  {group.headers.map((header) => {
                    const id = header.column.id;
                    const sortable = sorting?.sortable.includes(id);
                    const current = sorting?.sort === id ? sorting.order : undefined;
                    const label = header.isPlaceholder ? null : flexRender(header.column.columnDef.header, header.getContext());
                    return (
                      <th
                        key={header.id}
                        scope="col"
                        className={(header.column.columnDef.meta as { className?: string })?.className}
                        aria-sort={current === 'asc' ? 'ascending' : current === 'desc' ? 'descending' : undefined}
                      >
                        {sortable && sorting ? (
                          <button
                            type="button"
                            onClick={() => sorting.onSort(id, current === 'desc' ? 'asc' : 'desc')}
                            title={t('table.sortBy')}
                          >
                            {label} <span aria-hidden="true">{current === 'asc' ? '▲' : current === 'desc' ? '▼' : '↕'}</span>
                          </button>
                        ) : (
                          label
                        )}
                      </th>
                    );
                  })}
                </tr>
              ))}
            </thead>
            <tbody>
              {table.getRowModel().rows.map((row) => (
                <tr key={row.id}>
                  {row.getVisibleCells().map((cell) => (
                    <td key={cell.id} className={(cell.column.columnDef.meta as { className?: string })?.className}>
                      {flexRender(cell.column.columnDef.cell, cell.getContext())}
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
          {isLoading && <Loading />}
          {!isLoading && rows && rows.length === 0 && <Empty text={emptyText} />}
        </div>
      )}
    </div>
  );
}

/** Column meta for right-aligned numbers. */
export const NUM = { className: 'num' } as const;
export const WRAP = { className: 'wrap' } as const;

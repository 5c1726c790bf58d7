import { useTranslation } from 'react-i18next';
import * as M from 'react-paginate';

// Vite 8 hands a CommonJS package's whole module.exports to a default import.
type PaginateComponent = typeof M.default;
const ReactPaginate: PaginateComponent = ((M as unknown as { default?: { default?: PaginateComponent } }).default?.default ??
  (M as unknown as { default: PaginateComponent }).default) as PaginateComponent;

export type PaginateProps = {
  page: number;
  totalPages: number;
  onChange: (page: number) => void;
  margin: number;
  range: number;
  label: string;
};

/** react-paginate with the spec's margin and range, previous/next arrows; `page` is 1-based. */
export default function Paginate({ page, totalPages, onChange, margin, range, label }: PaginateProps) {
  const { t } = useTranslation('lobby');
  return (
    <nav aria-label={label} className="paginator">
      <ReactPaginate
        pageCount={totalPages}
        forcePage={page - 1}
        marginPagesDisplayed={margin}
        pageRangeDisplayed={range}
        onPageChange={({ selected }) => onChange(selected + 1)}
        previousLabel="‹"
        nextLabel="›"
        previousAriaLabel={t('pager.previous')}
        nextAriaLabel={t('pager.next')}
        ariaLabelBuilder={(p, selected) => (selected ? t('pager.current', { page: p }) : t('pager.page', { page: p }))}
        breakLabel="…"
        containerClassName="paginator-list"
        activeClassName="is-active"
        disabledClassName="is-disabled"
        renderOnZeroPageCount={null}
      />
    </nav>
  );
}

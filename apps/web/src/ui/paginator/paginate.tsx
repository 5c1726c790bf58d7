import './paginator.css';
import { useTranslation } from 'react-i18next';
import * as M from 'react-paginate';

// Vite 8 hands a CommonJS package's whole module.exports to a default import.
type PaginateComponent = typeof M.default;
const ReactPaginate: PaginateComponent = ((M as unknown as { default?: { default?: PaginateComponent } }).default?.default ??
  (M as unknown as { default: PaginateComponent }).default) as PaginateComponent;

export type PaginateProps = {
  /** 1-based. */
  page: number;
  totalPages: number;
  onChange: (page: number) => void;
  /** The spec's paginator: margin pages 2, page range 5 (section 2). */
  margin?: number;
  range?: number;
  label: string;
};

/** react-paginate with previous/next arrows and translated labels (labels from `common`, usable by any feature). */
export default function Paginate({ page, totalPages, onChange, margin = 2, range = 5, label }: PaginateProps) {
  const { t } = useTranslation();
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

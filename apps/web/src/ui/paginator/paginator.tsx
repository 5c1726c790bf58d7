import './paginator.css';
import { useTranslation } from 'react-i18next';
import { pageItems } from './page-items.ts';

export type PaginatorProps = {
  /** 1-based. */
  page: number;
  totalPages: number;
  onChange: (page: number) => void;
  /** The spec's paginator: margin pages 2, page range 5 (section 2). */
  margin?: number;
  range?: number;
  /** What is being paged, for the navigation landmark. */
  label: string;
};

/**
 * The paginator of every paged list: previous/next arrows, first and last pages, a window
 * around the current page. Our own (a page of code) rather than react-paginate, whose list
 * carries a fixed English `role="navigation"` that breaks list semantics (AdeleD/react-paginate#459).
 */
export function Paginator({ page, totalPages, onChange, margin = 2, range = 5, label }: PaginatorProps) {
  const { t } = useTranslation();
  if (totalPages <= 1) return null;
  const go = (p: number) => {
    if (p >= 1 && p <= totalPages && p !== page) onChange(p);
  };
  return (
    <nav aria-label={label} className="paginator">
      <ul className="paginator-list">
        <li className={page <= 1 ? 'is-disabled' : undefined}>
          <button type="button" aria-label={t('pager.previous')} disabled={page <= 1} onClick={() => go(page - 1)}>
            ‹
          </button>
        </li>
        {pageItems(page, totalPages, margin, range).map((item) =>
          item.kind === 'gap' ? (
            <li key={item.key} className="paginator-gap" aria-hidden="true">
              …
            </li>
          ) : (
            <li key={item.page} className={item.page === page ? 'is-active' : undefined}>
              <button
                type="button"
                aria-label={item.page === page ? t('pager.current', { page: item.page }) : t('pager.page', { page: item.page })}
                aria-current={item.page === page ? 'page' : undefined}
                onClick={() => go(item.page)}
              >
                {item.page}
              </button>
            </li>
          ),
        )}
        <li className={page >= totalPages ? 'is-disabled' : undefined}>
          <button type="button" aria-label={t('pager.next')} disabled={page >= totalPages} onClick={() => go(page + 1)}>
            ›
          </button>
        </li>
      </ul>
    </nav>
  );
}

import { lazy, Suspense } from 'react';
import type { PaginateProps } from './paginate.tsx';

const Paginate = lazy(() => import('./paginate.tsx'));

/** The paginator, with react-paginate in its own chunk (the home page's first load does not need it). */
export function Paginator(props: PaginateProps) {
  if (props.totalPages <= 1) return null;
  return (
    <Suspense fallback={<div className="paginator" />}>
      <Paginate {...props} />
    </Suspense>
  );
}

import { lazy, Suspense } from 'react';
import type { PaginateProps } from './paginate.tsx';

const Paginate = lazy(() => import('./paginate.tsx'));

/**
 * The shared paginator (react-paginate in its own chunk). The lobby has its own
 * copy from before this one existed (features/lobby/components/paginator.tsx);
 * it can switch to this one.
 */
export function Paginator(props: PaginateProps) {
  if (props.totalPages <= 1) return null;
  return (
    <Suspense fallback={<div className="paginator" />}>
      <Paginate {...props} />
    </Suspense>
  );
}

import { useState } from 'react';
import { mergeFilter, type RecordFilter } from './record-filter.ts';

/** A team record's filter and page: a change of filter goes back to page 1. Starts on the last 7 days. */
export function useRecordFilter<F extends RecordFilter>() {
  const [filter, setFilter] = useState<F>({ preset: 'last7' } as F);
  const [page, setPage] = useState(1);
  const change = (c: Partial<F>) => {
    setFilter((f) => mergeFilter(f, c));
    setPage(1);
  };
  return { filter, change, page, setPage };
}

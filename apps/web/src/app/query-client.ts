import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import { ApiError } from '../lib/api-client.ts';

/**
 * Maintenance or a region block that begins while the page is open: the server refuses the call with
 * MAINTENANCE / ACCESS_RESTRICTED, and the system status is asked again so the page shows the right screen.
 */
const GATE_CODES = new Set(['MAINTENANCE', 'ACCESS_RESTRICTED']);
function onGateError(error: unknown) {
  if (error instanceof ApiError && GATE_CODES.has(error.code)) void queryClient.invalidateQueries({ queryKey: ['system', 'status'] });
}

/** The one query cache of the page. */
export const queryClient: QueryClient = new QueryClient({
  queryCache: new QueryCache({ onError: onGateError }),
  mutationCache: new MutationCache({ onError: onGateError }),
  defaultOptions: { queries: { staleTime: 30_000, retry: 1, refetchOnWindowFocus: false } },
});

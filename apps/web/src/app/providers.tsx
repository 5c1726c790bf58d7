import '../ui/styles/ui.css';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider } from 'react-router';
import { SystemGate } from '../features/system/components/system-gate.tsx';
import { LoaderOverlay } from '../ui/loader/loader-overlay.tsx';
import { router } from './router.tsx';

export const queryClient = new QueryClient({
  defaultOptions: { queries: { staleTime: 30_000, retry: 1, refetchOnWindowFocus: false } },
});

/** Server state, then the system gate (maintenance / region pages), then the routed app; the loader overlay above all. */
export function AppProviders() {
  return (
    <QueryClientProvider client={queryClient}>
      <SystemGate>
        <RouterProvider router={router} />
      </SystemGate>
      <LoaderOverlay />
    </QueryClientProvider>
  );
}

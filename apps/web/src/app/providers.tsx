import '../ui/styles/ui.css';
import { QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider } from 'react-router';
import { SystemGate } from '../features/system/components/system-gate.tsx';
import { LoaderOverlay } from '../ui/loader/loader-overlay.tsx';
import { queryClient } from './query-client.ts';
import { router } from './router.tsx';

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

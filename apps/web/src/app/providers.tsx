import '../ui/styles/ui.css';
import { QueryClientProvider } from '@tanstack/react-query';
import { BrowserRouter } from 'react-router';
import { SystemGate } from '../features/system/components/system-gate.tsx';
import { LoaderOverlay } from '../ui/loader/loader-overlay.tsx';
import { queryClient } from './query-client.ts';
import { AppRoutes } from './router.tsx';

/** Server state, then the system gate (maintenance / region pages), then the routed app; the loader overlay above all. */
export function AppProviders() {
  return (
    <QueryClientProvider client={queryClient}>
      <SystemGate>
        <BrowserRouter>
          <AppRoutes />
        </BrowserRouter>
      </SystemGate>
      <LoaderOverlay />
    </QueryClientProvider>
  );
}

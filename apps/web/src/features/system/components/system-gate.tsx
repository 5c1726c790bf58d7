import { lazy, type ReactNode, Suspense, useDeferredValue, useEffect } from 'react';
import { usePermission } from '../../../lib/permission.ts';
import { BootScreen } from '../../../ui/loader/boot-screen.tsx';
import { FullScreenLoader } from '../../../ui/loader/loader-overlay.tsx';
import { useSystemStatus } from '../api/get-system-status.ts';
import { systemScreen } from '../system-screen.ts';

// Only blocked visitors need these pages: they load on demand.
const MaintenancePage = lazy(() => import('./maintenance-page.tsx').then((m) => ({ default: m.MaintenancePage })));
const RegionBlockedPage = lazy(() => import('./region-blocked-page.tsx').then((m) => ({ default: m.RegionBlockedPage })));

/**
 * Asks the system status before anything else (spec section 4): the app for
 * 0, the maintenance page for 1, the region-blocked page for 2. The brand
 * configuration (permission) loads alongside.
 */
export function SystemGate({ children }: { children: ReactNode }) {
  const status = useSystemStatus();
  const permission = usePermission();

  useEffect(() => {
    if (status.error) console.error('[system] status call failed; showing the site', status.error);
  }, [status.error]);
  useEffect(() => {
    // Spec: when the permission call fails nothing is shown (no customer-service links, no brand extras).
    if (permission.error) console.error('[system] permission call failed', permission.error);
  }, [permission.error]);

  // Deferred: the whole site mounts when the status arrives, and as a transition React renders it in slices
  // instead of one long task that would freeze a phone.
  const screen = useDeferredValue(systemScreen(status));
  if (screen === 'loading') return <BootScreen />;
  if (screen === 'app') return children;
  return (
    <Suspense fallback={<FullScreenLoader />}>
      {screen === 'maintenance' ? <MaintenancePage message={status.data?.message} /> : <RegionBlockedPage ip={status.data?.ip ?? ''} />}
    </Suspense>
  );
}

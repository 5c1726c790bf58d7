import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet } from 'react-router';
import { AgentFrame } from '../../features/layout/components/agent-frame.tsx';
import { Spinner } from '../../ui/loader/loader-overlay.tsx';
import { useChromeData } from '../use-chrome-data.ts';

/** /agent and /agentHome: the agent frame instead of the member header and menus. */
export function AgentLayout() {
  const { t } = useTranslation();
  const chrome = useChromeData();
  return (
    <AgentFrame brandName={chrome.brandName}>
      <Suspense fallback={<Spinner label={t('loader.loading')} />}>
        <Outlet />
      </Suspense>
    </AgentFrame>
  );
}

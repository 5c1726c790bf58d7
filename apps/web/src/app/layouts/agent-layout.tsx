import { Outlet } from 'react-router';
import { AgentFrame } from '../../features/layout/components/agent-frame.tsx';
import { useChromeData } from '../use-chrome-data.ts';

/** /agent and /agentHome: the agent frame instead of the member header and menus. */
export function AgentLayout() {
  const chrome = useChromeData();
  return (
    <AgentFrame brandName={chrome.brandName}>
      <Outlet />
    </AgentFrame>
  );
}

import { useLocation } from 'react-router';
import { AgentHome } from './agent-home.tsx';
import { AgentLanding } from './agent-landing.tsx';
import { type AgentSlots, AgentSlotsProvider } from './agent-slots.tsx';

/** The agent screen group (spec section 2): /agent is the landing with the agent login, /agentHome the agent centre. */
export function AgentScreen({ slots }: { slots: AgentSlots }) {
  const { pathname } = useLocation();
  return (
    <AgentSlotsProvider slots={slots}>
      {pathname.toLowerCase().startsWith('/agenthome') ? <AgentHome /> : <AgentLanding />}
    </AgentSlotsProvider>
  );
}

import { useLocation } from 'react-router';
import { AgentHome } from './agent-home.tsx';
import { AgentLanding } from './agent-landing.tsx';

/** The agent screen group (spec section 2): /agent is the landing with the agent login, /agentHome the agent area. */
export default function AgentScreen() {
  const { pathname } = useLocation();
  return pathname.toLowerCase().startsWith('/agenthome') ? <AgentHome /> : <AgentLanding />;
}

import type { TeamRegistered, TeamRegisterRequest } from '@playfront/contract/agent-team';
import { AGENT_TEAM_PATHS } from '@playfront/contract/agent-team-paths';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { useSession } from '../../../lib/session-store.ts';
import { agentKey } from './agent-keys.ts';

/** POST a new downline member or sub-agent directly under me (registerCenter). */
export const registerDownline = (body: TeamRegisterRequest) => api<TeamRegistered>(AGENT_TEAM_PATHS.register, { method: 'POST', body });

export function useRegisterDownline() {
  const client = useQueryClient();
  const token = useSession((s) => s.token);
  return useMutation({
    mutationFn: registerDownline,
    // The team table, the tree and the overview all count the new member.
    onSuccess: () => client.invalidateQueries({ queryKey: agentKey(token) }),
  });
}

import type { TeamTree } from '@playfront/contract/agent-team';
import { AGENT_TEAM_PATHS } from '@playfront/contract/agent-team-paths';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { agentKey } from './agent-keys.ts';

/** GET the direct children of a node of my tree (none given: my direct downlines). Asked only when a node opens. */
export const getTeamTree = (parentId: number | undefined, signal?: AbortSignal) =>
  api<TeamTree>(AGENT_TEAM_PATHS.tree, { query: { parentId }, signal });

export const teamTreeQueryOptions = (token: string | null, parentId: number | undefined, enabled = true) =>
  queryOptions({
    queryKey: agentKey(token, 'tree', parentId ?? 'root'),
    queryFn: ({ signal }) => getTeamTree(parentId, signal),
    enabled: Boolean(token) && enabled,
    staleTime: 60_000,
  });

export const useTeamTree = (token: string | null, parentId: number | undefined, enabled = true) =>
  useQuery(teamTreeQueryOptions(token, parentId, enabled));

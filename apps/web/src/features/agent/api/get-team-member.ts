import type { TeamMemberDetail } from '@playfront/contract/agent-team';
import { agentTeamMemberPath } from '@playfront/contract/agent-team-paths';
import type { DatePreset } from '@playfront/contract/funds-paths';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { agentKey } from './agent-keys.ts';

/** GET one downline's figures over a window, and their lifetime figures (404 for anyone outside my tree). */
export const getTeamMember = (id: number, preset: DatePreset, signal?: AbortSignal) =>
  api<TeamMemberDetail>(agentTeamMemberPath(id), { query: { preset }, signal });

export const teamMemberQueryOptions = (token: string | null, id: number | null, preset: DatePreset) =>
  queryOptions({
    queryKey: agentKey(token, 'member', id, preset),
    queryFn: ({ signal }) => getTeamMember(id ?? 0, preset, signal),
    enabled: Boolean(token) && id !== null,
  });

export const useTeamMember = (token: string | null, id: number | null, preset: DatePreset) =>
  useQuery(teamMemberQueryOptions(token, id, preset));

import type { AgentAnnouncement } from '@playfront/contract/agent-team';
import { AGENT_TEAM_PATHS } from '@playfront/contract/agent-team-paths';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { agentKey } from './agent-keys.ts';

/** GET the announcements for agents, in the page's language (agentAnnouncement). */
export const getAnnouncements = (language: string, signal?: AbortSignal) =>
  api<{ list: AgentAnnouncement[] }>(AGENT_TEAM_PATHS.announcements, { query: { language }, signal });

export const announcementsQueryOptions = (token: string | null, language: string) =>
  queryOptions({
    queryKey: agentKey(token, 'announcements', language),
    queryFn: ({ signal }) => getAnnouncements(language, signal),
    enabled: Boolean(token),
    staleTime: 60_000,
  });

export const useAnnouncements = (token: string | null, language: string) => useQuery(announcementsQueryOptions(token, language));

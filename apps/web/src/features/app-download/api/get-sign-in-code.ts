import { SESSION_PATHS } from '@playfront/contract/session-paths';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

type HandoffCode = { code: string; expiresInSeconds: number };

/** A fresh code well before the 60 s one expires, while the page is open. */
const CODE_REFRESH_MS = 45_000;

/**
 * The single-use, 60-second sign-in code the iOS link carries for a member (POST /wps/session/handoff), so the
 * app opens signed in without the session token ever leaving the tab (issue 22: the link carries a code, not the
 * token). Never kept after the page closes.
 */
export function useSignInCode(enabled: boolean) {
  return useQuery({
    queryKey: ['account', 'signInCode'],
    queryFn: () => api<HandoffCode>(SESSION_PATHS.handoff, { method: 'POST' }),
    enabled,
    refetchInterval: CODE_REFRESH_MS,
    staleTime: CODE_REFRESH_MS,
    gcTime: 0,
  });
}

import { useEffect } from 'react';
import { useSession } from '../../../lib/session-store.ts';
import { showDialog } from '../../../ui/modals/modal-store.ts';

const normalise = (pathname: string) => (pathname.replace(/\/+$/, '') || '/').toLowerCase();

/** The trial account's refusal (spec sections 4 and 8): warning icon, a confirm button. */
export function showNeedRealAccount() {
  return showDialog({
    icon: 'warning',
    messageKey: 'errors:needRealAccount',
    buttons: [{ id: 'ok', labelKey: 'dialog.confirm', variant: 'primary' }],
  });
}

/**
 * Role rules of spec section 6 for the current route: a trial account never
 * sees the member centre (dialog, then home); only agents stay on /agentHome
 * (everyone else goes to /agent, the agent login). Returns where to go
 * instead, or null.
 */
export function useRoleRedirect(pathname: string): string | null {
  const token = useSession((s) => s.token);
  const loggedIn = useSession((s) => s.loggedIn);
  const isAgent = useSession((s) => s.isAgent);
  const isTrial = useSession((s) => s.isTrial);
  const path = normalise(pathname);
  const trialOnMember = loggedIn && isTrial && path === '/member';

  useEffect(() => {
    if (trialOnMember) void showNeedRealAccount();
  }, [trialOnMember]);

  if (trialOnMember) return '/';
  // A token whose member info is still loading (a `?token=` link) waits for it before being judged.
  if (path === '/agenthome' && (!token || (loggedIn && !isAgent))) return '/agent';
  return null;
}

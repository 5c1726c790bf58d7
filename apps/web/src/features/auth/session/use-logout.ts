import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { useSession } from '../../../lib/session-store.ts';
import { hideLoader, showLoader } from '../../../ui/loader/loader-store.ts';
import { showDialog } from '../../../ui/modals/modal-store.ts';
import { logout } from '../api/logout.ts';

/**
 * Logout (spec section 4): confirm dialog with cancel, loader, the logout
 * call, session storage cleared but the merchant keys, flags cleared, then /
 * (or /agent from the agent site).
 */
export function useLogout() {
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const queryClient = useQueryClient();
  return useCallback(async () => {
    const choice = await showDialog({
      icon: 'warning',
      titleKey: 'auth:logout.title',
      messageKey: 'auth:logout.message',
      buttons: [
        { id: 'cancel', labelKey: 'dialog.cancel' },
        { id: 'logout', labelKey: 'auth:logout.confirm', variant: 'primary' },
      ],
    });
    if (choice !== 'logout') return;
    showLoader();
    try {
      await logout();
    } catch {
      // The server session may already be gone (expired, revoked elsewhere); this browser forgets it either way.
    }
    useSession.getState().signOut();
    queryClient.removeQueries({ queryKey: ['account'] });
    navigate(pathname.toLowerCase().startsWith('/agent') ? '/agent' : '/', { replace: true });
    hideLoader();
  }, [navigate, pathname, queryClient]);
}

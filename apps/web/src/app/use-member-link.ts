import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { showNeedRealAccount } from '../features/auth/session/role-guards.ts';
import { useSession } from '../lib/session-store.ts';
import { openModal } from '../ui/modals/modal-store.ts';

/**
 * Following a link to a member page from the site frame (the phone's bottom tabs): a guest gets the login popup,
 * a free-play (trial) account the need-real-account dialog (spec section 6), a member the page.
 */
export function useMemberLink(): (to: string) => void {
  const navigate = useNavigate();
  return useCallback(
    (to: string) => {
      const { loggedIn, isTrial } = useSession.getState();
      if (!loggedIn) openModal('loginPopupModal');
      else if (isTrial) void showNeedRealAccount();
      else navigate(to);
    },
    [navigate],
  );
}

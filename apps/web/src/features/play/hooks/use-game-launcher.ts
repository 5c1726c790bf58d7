import { useCallback, useRef } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { loadAfterPageLoad } from '../../../lib/lazy-chunk.ts';
import { rememberLobbyPlace } from '../../../lib/lobby-return.ts';
import { useSession } from '../../../lib/session-store.ts';
import { openModal, showDialog } from '../../../ui/modals/modal-store.ts';
import type { LaunchTarget } from '../lib/launch-rules.ts';

// The launch rules are their own chunk, out of the first bundle (decision 068); fetched once the page has loaded, so a
// first tap finds them there.
const loadRules = () => import('../lib/launch-rules.ts');
loadAfterPageLoad(loadRules);

/** The trial account's refusal (spec sections 4 and 8): warning icon, "a real account is needed", a confirm button. */
export function showNeedRealAccount() {
  return showDialog({
    icon: 'warning',
    titleKey: 'play:launch.needRealAccountTitle',
    messageKey: 'play:launch.needRealAccount',
    buttons: [{ id: 'ok', labelKey: 'dialog.confirm', variant: 'primary' }],
  });
}

/**
 * Spec section 4, launching a game: the rules decide (launch-rules.ts), this
 * carries the answer out: the login popup, the need-real-account dialog, the
 * popup game list of a vendor-type vendor, or a page (lottery, slot list, the
 * seamless game page, which makes the launch call).
 */
export function useGameLauncher() {
  const navigate = useNavigate();
  // The lobby's history entry, read when launching (a ref: the launcher stays the same function as the page moves).
  const location = useLocation();
  const entry = useRef(location.key);
  entry.current = location.key;
  const loggedIn = useSession((s) => s.loggedIn);
  const isTrial = useSession((s) => s.isTrial);
  return useCallback(
    (target: LaunchTarget) =>
      void loadRules().then(({ decideLaunch }) => {
        const action = decideLaunch(target, { loggedIn, isTrial });
        switch (action.kind) {
          case 'login':
            openModal('loginPopupModal');
            return;
          case 'needRealAccount':
            void showNeedRealAccount();
            return;
          case 'vendorGames':
            openModal('gameListModal', { vassalage: action.vassalage, gameType: action.gameType, vendorName: action.displayName });
            return;
          case 'route':
            // "Back to the lobby", and the browser's Back, return here: this page, its section, vendor, page and scroll (issue 22).
            rememberLobbyPlace(window.location.pathname, window.location.search, window.scrollY, entry.current);
            void navigate(action.to);
        }
      }),
    [loggedIn, isTrial, navigate],
  );
}

import type { MouseEvent, ReactNode } from 'react';
import { Link, useLocation } from 'react-router';
import { useSession } from '../../../lib/session-store.ts';
import { openModal, showDialog } from '../../../ui/modals/modal-store.ts';

export type GuardedLinkProps = {
  to: string;
  /** Guests get the login popup instead of the page. */
  needsLogin?: boolean;
  className?: string;
  /** Called on every click (e.g. to close the drawer). */
  onNavigate?: () => void;
  children: ReactNode;
};

/** A menu link that opens the login popup for guests when its page needs a login. */
export function GuardedLink({ to, needsLogin = false, className, onNavigate, children }: GuardedLinkProps) {
  const loggedIn = useSession((s) => s.loggedIn);
  const isTrial = useSession((s) => s.isTrial);
  const location = useLocation();
  const current = `${location.pathname}${location.search}` === to;
  const onClick = (e: MouseEvent<HTMLAnchorElement>) => {
    onNavigate?.();
    if (needsLogin && !loggedIn) {
      e.preventDefault();
      // After the drawer (if any) has closed and handed focus back, so the popup returns focus there.
      window.setTimeout(() => openModal('loginPopupModal'), 0);
    } else if (needsLogin && isTrial && to.startsWith('/member')) {
      // A trial account has no member centre (spec section 6): the need-real-account dialog instead.
      e.preventDefault();
      window.setTimeout(
        () =>
          void showDialog({
            icon: 'warning',
            messageKey: 'errors:needRealAccount',
            buttons: [{ id: 'ok', labelKey: 'dialog.confirm', variant: 'primary' }],
          }),
        0,
      );
    }
  };
  return (
    <Link to={to} className={className} aria-current={current ? 'page' : undefined} onClick={onClick}>
      {children}
    </Link>
  );
}

import { useEffect } from 'react';
import { Navigate, useLocation } from 'react-router';
import { HomePage } from '../features/home/home-page.tsx';
import { slugFromHash } from '../features/system/help-articles.ts';
import { openModal } from '../ui/modals/modal-store.ts';

/** The home lobby (the lobby issue fills it in). */
export { HomePage as HomeRoute } from '../features/home/home-page.tsx';

/** /help shows home; /help#term (or any #slug) opens the help popup on that article. */
export function HelpRoute() {
  const { hash } = useLocation();
  useEffect(() => {
    const slug = slugFromHash(hash);
    if (slug) openModal('helpModal', { slug });
  }, [hash]);
  return <HomePage />;
}

/** /login: back to / with the login popup open. */
export function LoginRoute() {
  return <Navigate to="/" replace state={{ openModal: 'loginPopupModal' }} />;
}

/** /register: the registration popup on home. */
export function RegisterRoute() {
  return <Navigate to={`/${window.location.search}`} replace state={{ openModal: 'registerModal' }} />;
}

import { lazy } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate } from 'react-router';
import { useHelpCenter } from '../features/system/api/get-help-center.ts';
import { fromI18n } from '../lib/i18n.ts';
import { useSession } from '../lib/session-store.ts';

/** The home lobby (the lobby issue fills it in). */
export { HomePage as HomeRoute } from '../features/home/home-page.tsx';

// /help is the help centre page (its own chunk), fed by the system feature's help call.
const HelpCentrePage = lazy(() => import('../features/support/components/help-centre-page.tsx'));

/** /help: articles by category with search; /help#term (or any #slug) opens and scrolls to that article. */
export function HelpRoute() {
  // Subscribed to the language, so switching it reads the articles again in the new one.
  const { i18n } = useTranslation();
  const help = useHelpCenter(fromI18n(i18n.resolvedLanguage ?? i18n.language));
  // The page's chunk suspends into the layout's boundary (its spinner, no footer yet): a footer drawn under a
  // spinner of its own would be pushed down when the articles arrive (decision 062).
  return (
    <HelpCentrePage
      articles={help.data}
      isPending={help.isPending}
      isError={help.isError}
      onRetry={() => void help.refetch()}
      feedbackHref="/member?page=feedback"
    />
  );
}

/** /login: back to / with the login popup open; a member already logged in just goes home (issue 22). */
export function LoginRoute() {
  const loggedIn = useSession((s) => s.loggedIn);
  return <Navigate to="/" replace state={loggedIn ? null : { openModal: 'loginPopupModal' }} />;
}

/** /register: the registration popup on home. */
export function RegisterRoute() {
  // A free-play (trial) account may still register a real one.
  const loggedIn = useSession((s) => s.loggedIn && !s.isTrial);
  return <Navigate to={`/${window.location.search}`} replace state={loggedIn ? null : { openModal: 'registerModal' }} />;
}

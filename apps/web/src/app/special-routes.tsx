import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate } from 'react-router';
import { useHelpCenter } from '../features/system/api/get-help-center.ts';
import { fromI18n } from '../lib/i18n.ts';

/** The home lobby (the lobby issue fills it in). */
export { HomePage as HomeRoute } from '../features/home/home-page.tsx';

// /help is the help centre page (its own chunk), fed by the system feature's help call.
const HelpCentrePage = lazy(() => import('../features/support/components/help-centre-page.tsx'));

/** /help: articles by category with search; /help#term (or any #slug) opens and scrolls to that article. */
export function HelpRoute() {
  // Subscribed to the language, so switching it reads the articles again in the new one.
  const { i18n } = useTranslation();
  const help = useHelpCenter(fromI18n(i18n.resolvedLanguage ?? i18n.language));
  return (
    <Suspense
      fallback={
        <div className="page page-state" role="status">
          <div className="spinner" aria-hidden="true" />
        </div>
      }
    >
      <HelpCentrePage
        articles={help.data}
        isPending={help.isPending}
        isError={help.isError}
        onRetry={() => void help.refetch()}
        feedbackHref="/member?page=feedback"
      />
    </Suspense>
  );
}

/** /login: back to / with the login popup open. */
export function LoginRoute() {
  return <Navigate to="/" replace state={{ openModal: 'loginPopupModal' }} />;
}

/** /register: the registration popup on home. */
export function RegisterRoute() {
  return <Navigate to={`/${window.location.search}`} replace state={{ openModal: 'registerModal' }} />;
}

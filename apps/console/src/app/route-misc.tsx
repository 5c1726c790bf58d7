import { useTranslation } from 'react-i18next';
import { Link, Navigate, useRouteError } from 'react-router';
import { useMe } from '../features/auth/api.ts';
import { Loading } from '../ui/states.tsx';
import { visibleNav } from './nav.ts';

/** /console: the first page the staff member's role may open. */
export function HomeRedirect() {
  const me = useMe().data;
  if (!me) return <Loading />;
  const first = visibleNav(me.permissions)[0];
  return first ? <Navigate to={first.path} replace /> : <NotFound />;
}

export function NotFound() {
  const { t } = useTranslation();
  return (
    <div className="card">
      <h1>{t('notFound.title')}</h1>
      <Link to="/">{t('notFound.home')}</Link>
    </div>
  );
}

export function RouteError() {
  const { t } = useTranslation();
  const error = useRouteError();
  console.error(error);
  return (
    <div className="auth-page">
      <div className="card auth-card" role="alert">
        <h1>{t('routeError.title')}</h1>
        <p className="muted">{t('routeError.text')}</p>
        <button type="button" onClick={() => window.location.reload()}>
          {t('routeError.reload')}
        </button>
      </div>
    </div>
  );
}

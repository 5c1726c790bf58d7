import { STAFF_SESSION_IDLE_MINUTES } from '@playfront/contract/console-paths';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, NavLink, Outlet, useLocation } from 'react-router';
import { logout, useMe } from '../features/auth/api.ts';
import { endSession, setSession, useSession } from '../lib/session.ts';
import { ErrorState, Loading } from '../ui/states.tsx';
import { visibleNav } from './nav.ts';
import { Preferences } from './preferences.tsx';

/** Signs the staff member out after this long without a key press, click or touch (the server ends it too). */
const IDLE_MS = STAFF_SESSION_IDLE_MINUTES * 60_000;

function useIdleLogout(active: boolean) {
  useEffect(() => {
    if (!active) return;
    let timer = window.setTimeout(fire, IDLE_MS);
    function fire() {
      void logout().catch(() => undefined);
      endSession('idle');
    }
    const reset = () => {
      window.clearTimeout(timer);
      timer = window.setTimeout(fire, IDLE_MS);
    };
    const events = ['pointerdown', 'keydown', 'wheel', 'touchstart'] as const;
    for (const e of events) window.addEventListener(e, reset, { passive: true });
    return () => {
      window.clearTimeout(timer);
      for (const e of events) window.removeEventListener(e, reset);
    };
  }, [active]);
}

/** The signed-in frame: top bar (staff member, language, theme, logout) and the side navigation by permission. */
export function Shell() {
  const { t } = useTranslation();
  const session = useSession();
  const me = useMe();
  const location = useLocation();
  const queryClient = useQueryClient();
  const [navOpen, setNavOpen] = useState(false);
  useIdleLogout(session?.secondFactor === 'passed');
  // Close the phone menu after navigating.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on each navigation on purpose
  useEffect(() => setNavOpen(false), [location.pathname]);

  if (session?.secondFactor !== 'passed') return <Navigate to="/login" replace state={{ from: location.pathname }} />;
  if (me.isLoading) return <Loading />;
  if (me.error || !me.data) {
    return (
      <div className="auth-page">
        <ErrorState error={me.error} onRetry={() => void me.refetch()} />
      </div>
    );
  }

  const signOut = async () => {
    await logout().catch(() => undefined);
    setSession(null);
    queryClient.clear();
  };

  return (
    <div className="shell">
      <a className="skip-link" href="#main">
        {t('shell.skip')}
      </a>
      <header className="topbar">
        <button type="button" className="nav-toggle" aria-expanded={navOpen} aria-controls="sidenav" onClick={() => setNavOpen((o) => !o)}>
          {t('shell.menu')}
        </button>
        <span className="brand-name">
          Playfront <span>{t('shell.console')}</span>
        </span>
        <span className="spacer" />
        <span className="who" data-testid="staff-who">
          <strong>{me.data.username}</strong> · {t(`roles.${me.data.role}`)} · {me.data.brandCode}
        </span>
        <Preferences />
        <button type="button" onClick={() => void signOut()}>
          {t('shell.logout')}
        </button>
      </header>
      <nav id="sidenav" className={`sidenav${navOpen ? ' open' : ''}`} aria-label={t('shell.navigation')}>
        <ul>
          {visibleNav(me.data.permissions).map((item) => (
            <li key={item.path}>
              <NavLink to={item.path}>{t(item.label)}</NavLink>
            </li>
          ))}
        </ul>
      </nav>
      <main id="main" className="content" tabIndex={-1}>
        <Outlet />
      </main>
    </div>
  );
}

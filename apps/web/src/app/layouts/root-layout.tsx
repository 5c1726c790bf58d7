import { Suspense, useEffect, useRef } from 'react';
import { Navigate, useLocation, useNavigate } from 'react-router';
import { useRoleRedirect } from '../../features/auth/session/role-guards.ts';
import { useSessionBootstrap } from '../../features/auth/session/use-session-bootstrap.ts';
import { lazyChunk } from '../../lib/lazy-chunk.ts';
import { restoringPlace } from '../../lib/lobby-return.ts';
import { useSession } from '../../lib/session-store.ts';
import { session } from '../../lib/storage.ts';
import { FullScreenLoader } from '../../ui/loader/loader-overlay.tsx';
import { hideLoader } from '../../ui/loader/loader-store.ts';
import { isModalName, openModal, useModalStore } from '../../ui/modals/modal-store.ts';
import { loadAgentLayout, loadModals } from '../frame-chunks.ts';
import { GameLauncherProvider } from '../game-launcher.tsx';
import { isAgentRoute, needsLogin } from '../route-table.ts';
import { MainLayout } from './main-layout.tsx';

// No popup is open on a first screen: their host and registry load when the first one opens.
const Modals = lazyChunk(loadModals, (m) => m.Modals);
// Only /agent and /agentHome draw the agent frame: its own chunk, fetched at boot on those routes.
const AgentLayout = lazyChunk(loadAgentLayout, (m) => m.AgentLayout);

/**
 * Frame of every page: guards, scroll-to-top and loader on navigation, the
 * popups, and the chrome (the agent layout on /agent and /agentHome, the
 * member site's header and menus elsewhere).
 */
export function RootLayout() {
  const location = useLocation();
  const navigate = useNavigate();
  const first = useRef(true);
  // A `?token=` or stored token loads member info; role rules (trial, agent) pick where the visitor may be.
  useSessionBootstrap();
  const roleRedirect = useRoleRedirect(location.pathname);
  const linkPending = useSession((s) => s.linkPending);
  const signedOut = useSession((s) => s.signedOut);
  const modalOpen = useModalStore((s) => s.stack.length > 0);

  // biome-ignore lint/correctness/useExhaustiveDependencies: the effect is *about* the pathname changing.
  useEffect(() => {
    // Every route change but the first scrolls to the top, smoothly, and hides the loader overlay.
    if (first.current) {
      first.current = false;
      return;
    }
    hideLoader();
    // "Back to the lobby" (or the browser's Back to the lobby a game was opened from) puts the player where they
    // were (issue 22): the lobby scrolls itself back.
    if ((location.state as { lobbyRestore?: boolean } | null)?.lobbyRestore) return;
    if (restoringPlace(`${location.pathname}${location.search}`, location.key)) return;
    window.scrollTo({ top: 0, behavior: 'smooth' });
  }, [location.pathname]);

  // /login and /register arrive here with `state.openModal`: open it once, then drop the state so Back or reload does not reopen it.
  const requested = (location.state as { openModal?: unknown } | null)?.openModal;
  useEffect(() => {
    if (!isModalName(requested) || requested === 'publicModal') return;
    openModal(requested);
    navigate(`${location.pathname}${location.search}${location.hash}`, { replace: true, state: null });
  }, [requested, navigate, location.pathname, location.search, location.hash]);

  if (needsLogin(location.pathname, location.search) && !session.get('token')) {
    // A sign-in link still being opened decides first (open-sign-in-link.ts). A member who has just logged out
    // goes home: the logout's own navigation may render after the store has already dropped the token.
    if (linkPending) return null;
    return <Navigate to={signedOut ? '/' : '/login'} replace />;
  }
  if (roleRedirect) return <Navigate to={roleRedirect} replace />;
  return (
    <GameLauncherProvider>
      {isAgentRoute(location.pathname) ? (
        <Suspense fallback={<FullScreenLoader />}>
          <AgentLayout />
        </Suspense>
      ) : (
        <MainLayout />
      )}
      {modalOpen && (
        <Suspense fallback={<FullScreenLoader />}>
          <Modals />
        </Suspense>
      )}
    </GameLauncherProvider>
  );
}

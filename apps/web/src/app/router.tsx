import { Component, type ReactNode } from 'react';
import { Navigate, Route, Routes, useLocation } from 'react-router';
import { lazyChunk } from '../lib/lazy-chunk.ts';
import { loadAgentLayout, loadModals } from './frame-chunks.ts';
import { RootLayout } from './layouts/root-layout.tsx';
import { RouteError } from './route-error.tsx';
import { LIST_CENTRES, needsLogin, VENDOR_CENTRES } from './route-table.ts';
import { screenChunk } from './screen-chunk.ts';
import { HelpRoute, HomeRoute, LoginRoute, RegisterRoute } from './special-routes.tsx';

/**
 * The route table of spec section 2 (history mode). Each lazily loaded screen group is its own chunk (React.lazy,
 * shown inside the layouts' Suspense boundary); guards (login required, agent only) run in RootLayout.
 *
 * Declarative routes (`<Routes>`), not the data router: the site has no loaders or actions, and the data router's code
 * is a sixth of the first bundle (decision 062).
 */
const load = {
  promotions: screenChunk(() => import('../features/promotions/promotions-screen.tsx'), 'promotions'),
  seamless: screenChunk(() => import('../features/play/screens/seamless-screen.tsx')),
  lottery: screenChunk(() => import('../features/play/screens/lottery-screen.tsx')),
  member: screenChunk(() => import('./member-centre/member-centre-screen.tsx')),
  pointMall: screenChunk(() => import('../features/points/components/point-mall-screen.tsx'), 'points'),
  accountGame: screenChunk(() => import('../features/lobby/screens/account-game.tsx')),
  gameListCenter: screenChunk(() => import('../features/lobby/screens/game-list-center.tsx')),
  gameCenter: screenChunk(() => import('../features/lobby/screens/game-center.tsx')),
  agent: screenChunk(() => import('./agent-centre/agent-centre-screen.tsx'), 'agent'),
  appDownload: screenChunk(() => import('../features/app-download/screens/app-download-screen.tsx'), 'app'),
  socialCallback: screenChunk(() => import('../features/auth/components/social-callback-page.tsx')),
  withdrawOnly: screenChunk(() => import('../features/wallet/components/withdraw-only-screen.tsx')),
  help: screenChunk(() => import('../features/support/components/help-centre-page.tsx'), 'support'),
  loginPopup: screenChunk(() => import('../features/auth/components/login-popup-modal.tsx')),
  registerPopup: screenChunk(() => import('../features/auth/components/register-modal.tsx')),
};
const Promotions = lazyChunk(load.promotions);
const Seamless = lazyChunk(load.seamless);
const Lottery = lazyChunk(load.lottery);
const MemberCenter = lazyChunk(load.member);
const PointMall = lazyChunk(load.pointMall);
const AccountGame = lazyChunk(load.accountGame);
const GameListCenter = lazyChunk(load.gameListCenter);
const GameCenter = lazyChunk(load.gameCenter);
const Agent = lazyChunk(load.agent);
const AppDownload = lazyChunk(load.appDownload);
const SocialCallback = lazyChunk(load.socialCallback);
const WithdrawOnly = lazyChunk(load.withdrawOnly);

/** The lazy chunk each first path segment shows (lower case): fetched at boot with the page's data (main.tsx). */
const SCREEN_OF: Record<string, () => Promise<unknown>> = {
  promotions: load.promotions,
  seamless: load.seamless,
  member: load.member,
  pointmall: load.pointMall,
  agent: load.agent,
  agenthome: load.agent,
  download: load.appDownload,
  'social-callback': load.socialCallback,
  'withdraw-only': load.withdrawOnly,
  help: load.help,
  login: load.loginPopup,
  register: load.registerPopup,
  ...Object.fromEntries(['lottery', 'sealottery', 'vnlottery', 'lottert'].map((p) => [p, load.lottery])),
  ...Object.fromEntries(['favorite', 'recent'].map((p) => [p, load.accountGame])),
  ...Object.fromEntries(LIST_CENTRES.map((p) => [p, load.gameListCenter])),
  ...Object.fromEntries(VENDOR_CENTRES.map((p) => [p, load.gameCenter])),
};

/**
 * Starts fetching the chunk of the screen (or the /login, /register popup) a visit opens, while the language files and
 * the first screen's data load, instead of after the first render asks for it. A member-only page opened without a
 * session shows the login popup instead (RootLayout).
 */
export function preloadScreen(pathname: string, hasToken: boolean, search = ''): Promise<unknown> {
  const screen = needsLogin(pathname, search) && !hasToken ? load.loginPopup : SCREEN_OF[pathname.split('/')[1]?.toLowerCase() ?? ''];
  // A popup opened at boot needs the popups' host as well, an agent page the agent frame (their own chunks).
  const frame =
    screen === load.loginPopup || screen === load.registerPopup ? loadModals : screen === load.agent ? loadAgentLayout : undefined;
  // The member centre's chunk starts its page's as it runs: the screen is ready when both are.
  const ready = screen === load.member ? load.member().then((m) => m.openedPage) : screen?.();
  return Promise.all([ready, frame?.()]).catch(() => undefined);
}

/** A screen that throws or whose chunk fails to load shows RouteError; another page (a new pathname) tries again. */
class RouteErrorBoundary extends Component<{ children: ReactNode; pathname: string }, { error: unknown; pathname: string }> {
  override state = { error: null as unknown, pathname: this.props.pathname };
  static getDerivedStateFromError(error: unknown) {
    return { error };
  }
  static getDerivedStateFromProps(props: { pathname: string }, state: { error: unknown; pathname: string }) {
    return props.pathname === state.pathname ? null : { error: null, pathname: props.pathname };
  }
  override render() {
    return this.state.error ? <RouteError error={this.state.error} /> : this.props.children;
  }
}

export function AppRoutes() {
  const { pathname } = useLocation();
  return (
    <RouteErrorBoundary pathname={pathname}>
      <Routes>
        <Route element={<RootLayout />}>
          <Route index element={<HomeRoute />} />
          {['index', 'index.html', 'home'].map((path) => (
            <Route key={path} path={path} element={<HomeRoute />} />
          ))}
          <Route path="help" element={<HelpRoute />} />
          <Route path="login" element={<LoginRoute />} />
          <Route path="register" element={<RegisterRoute />} />
          <Route path="member" element={<MemberCenter />} />
          {VENDOR_CENTRES.map((path) => (
            <Route key={path} path={path} element={<GameCenter />} />
          ))}
          {LIST_CENTRES.map((path) => (
            <Route key={path} path={path} element={<GameListCenter />} />
          ))}
          {['favorite', 'recent'].map((path) => (
            <Route key={path} path={path} element={<AccountGame />} />
          ))}
          {['lottery', 'seaLottery', 'vnLottery', 'lottert'].map((path) => (
            <Route key={path} path={path} element={<Lottery />} />
          ))}
          <Route path="promotions" element={<Promotions />} />
          <Route path="pointMall" element={<PointMall />} />
          <Route path="seamless" element={<Seamless />} />
          <Route path="agent" element={<Agent />} />
          <Route path="agentHome" element={<Agent />} />
          {/* The side menu's app banner leads here (issue 15, app download). */}
          <Route path="download" element={<AppDownload />} />
          {/* SOCIAL_CALLBACK_ROUTE: the OpenID Connect provider sends the browser back here (decision 053). */}
          <Route path="social-callback" element={<SocialCallback />} />
          {/* WITHDRAW_ONLY_PATH: a blocked member's withdrawal-only access, opened from the refused login (decision 056). */}
          <Route path="withdraw-only" element={<WithdrawOnly />} />
          <Route path="*" element={<Navigate to="/" replace />} />
        </Route>
      </Routes>
    </RouteErrorBoundary>
  );
}

import { createBrowserRouter, Navigate, type RouteObject } from 'react-router';
import { RootLayout } from './layouts/root-layout.tsx';
import { RouteError } from './route-error.tsx';
import { HelpRoute, HomeRoute, LoginRoute, RegisterRoute } from './special-routes.tsx';

/**
 * The route table of spec section 2 (history mode). Each lazily loaded screen
 * group is its own chunk; guards (login required, agent only) run in RootLayout.
 */
const lazyGroup = (load: () => Promise<{ default: React.ComponentType }>) => async () => ({ Component: (await load()).default });

const Promotions = lazyGroup(() => import('../features/promotions/promotions-screen.tsx'));
const Seamless = lazyGroup(() => import('../features/play/screens/seamless-screen.tsx'));
const Lottery = lazyGroup(() => import('../features/play/screens/lottery-screen.tsx'));
const MemberCenter = lazyGroup(() => import('./member-centre/member-centre-screen.tsx'));
const PointMall = lazyGroup(() => import('../features/points/components/point-mall-screen.tsx'));
const AccountGame = lazyGroup(() => import('../features/lobby/screens/account-game.tsx'));
const GameListCenter = lazyGroup(() => import('../features/lobby/screens/game-list-center.tsx'));
const GameCenter = lazyGroup(() => import('../features/lobby/screens/game-center.tsx'));
const Agent = lazyGroup(() => import('./agent-centre/agent-centre-screen.tsx'));
const AppDownload = lazyGroup(() => import('../features/app-download/screens/app-download-screen.tsx'));
const SocialCallback = lazyGroup(() => import('../features/auth/components/social-callback-page.tsx'));
const WithdrawOnly = lazyGroup(() => import('../features/wallet/components/withdraw-only-screen.tsx'));

const routes: RouteObject[] = [
  {
    element: <RootLayout />,
    errorElement: <RouteError />,
    children: [
      { index: true, element: <HomeRoute /> },
      { path: 'index', element: <HomeRoute /> },
      { path: 'index.html', element: <HomeRoute /> },
      { path: 'home', element: <HomeRoute /> },
      { path: 'help', element: <HelpRoute /> },
      { path: 'login', element: <LoginRoute /> },
      { path: 'register', element: <RegisterRoute /> },
      { path: 'member', lazy: MemberCenter },
      ...['sports', 'esports', 'lott', 'elott'].map((path) => ({ path, lazy: GameCenter })),
      ...['live', 'fish', 'rng', 'pvp'].map((path) => ({ path, lazy: GameListCenter })),
      ...['favorite', 'recent'].map((path) => ({ path, lazy: AccountGame })),
      ...['lottery', 'seaLottery', 'vnLottery', 'lottert'].map((path) => ({ path, lazy: Lottery })),
      { path: 'promotions', lazy: Promotions },
      { path: 'pointMall', lazy: PointMall },
      { path: 'seamless', lazy: Seamless },
      { path: 'agent', lazy: Agent },
      { path: 'agentHome', lazy: Agent },
      // The side menu's app banner leads here (issue 15, app download).
      { path: 'download', lazy: AppDownload },
      // SOCIAL_CALLBACK_ROUTE: the OpenID Connect provider sends the browser back here (decision 053).
      { path: 'social-callback', lazy: SocialCallback },
      // WITHDRAW_ONLY_PATH: a blocked member's withdrawal-only access, opened from the refused login (decision 056).
      { path: 'withdraw-only', lazy: WithdrawOnly },
      { path: '*', element: <Navigate to="/" replace /> },
    ],
  },
];

export const router = createBrowserRouter(routes);

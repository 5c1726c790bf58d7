import type { RouteObject } from 'react-router';
import { HomeRedirect, NotFound, RouteError } from './route-misc.tsx';
import { Shell } from './shell.tsx';

const lazy = (load: () => Promise<{ default: React.ComponentType }>) => async () => ({ Component: (await load()).default });

/** The console's pages under /console (the router's basename). Each page is its own chunk. */
export const routes: RouteObject[] = [
  { path: '/login', lazy: lazy(() => import('../features/auth/login-screen.tsx')), errorElement: <RouteError /> },
  { path: '/enrol', lazy: lazy(() => import('../features/auth/enrol-screen.tsx')), errorElement: <RouteError /> },
  {
    element: <Shell />,
    errorElement: <RouteError />,
    children: [
      { index: true, element: <HomeRedirect /> },
      { path: 'dashboard', lazy: lazy(() => import('../features/dashboard/dashboard-screen.tsx')) },
      { path: 'members', lazy: lazy(() => import('../features/members/members-screen.tsx')) },
      { path: 'members/:memberId', lazy: lazy(() => import('../features/members/member-screen.tsx')) },
      { path: 'payments', lazy: lazy(() => import('../features/payments/payments-screen.tsx')) },
      { path: 'adjustments', lazy: lazy(() => import('../features/payments/adjustments-screen.tsx')) },
      { path: 'deposits', lazy: lazy(() => import('../features/payments/deposits-screen.tsx')) },
      { path: 'thresholds', lazy: lazy(() => import('../features/payments/thresholds-screen.tsx')) },
      { path: 'reports', lazy: lazy(() => import('../features/reports/reports-screen.tsx')) },
      { path: 'keys', lazy: lazy(() => import('../features/keys/keys-screen.tsx')) },
      { path: 'content', lazy: lazy(() => import('../features/content/content-screen.tsx')) },
      { path: 'brand', lazy: lazy(() => import('../features/brand/brand-screen.tsx')) },
      { path: 'games', lazy: lazy(() => import('../features/games/games-screen.tsx')) },
      { path: 'promotions', lazy: lazy(() => import('../features/promotions/promotions-screen.tsx')) },
      { path: 'loyalty', lazy: lazy(() => import('../features/loyalty/loyalty-screen.tsx')) },
      { path: 'lucky', lazy: lazy(() => import('../features/lucky/lucky-screen.tsx')) },
      { path: 'agents', lazy: lazy(() => import('../features/agents/agents-screen.tsx')) },
      { path: 'lottery', lazy: lazy(() => import('../features/lottery/lottery-screen.tsx')) },
      { path: 'support', lazy: lazy(() => import('../features/support/support-screen.tsx')) },
      { path: 'staff', lazy: lazy(() => import('../features/staff/staff-screen.tsx')) },
      { path: 'audit', lazy: lazy(() => import('../features/audit/audit-screen.tsx')) },
      { path: 'kyc', lazy: lazy(() => import('../features/kyc/kyc-screen.tsx')) },
      { path: 'risk', lazy: lazy(() => import('../features/risk/risk-screen.tsx')) },
      { path: '*', element: <NotFound /> },
    ],
  },
];

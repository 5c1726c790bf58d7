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
      { path: 'content', lazy: lazy(() => import('../features/content/content-screen.tsx')) },
      { path: 'staff', lazy: lazy(() => import('../features/staff/staff-screen.tsx')) },
      { path: 'audit', lazy: lazy(() => import('../features/audit/audit-screen.tsx')) },
      { path: '*', element: <NotFound /> },
    ],
  },
];

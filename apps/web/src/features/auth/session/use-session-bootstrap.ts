import { useEffect } from 'react';
import { useLocation, useNavigate } from 'react-router';

let started = false;

/**
 * Start-up (spec section 4, Login): a `?token=` link (the app, an operator) carries a single-use sign-in
 * code, exchanged by POST for a session (open-sign-in-link.ts, a lazy chunk a guest's first page never downloads).
 * The code is removed from the visible address at once.
 */
export function useSessionBootstrap() {
  const location = useLocation();
  const navigate = useNavigate();
  // biome-ignore lint/correctness/useExhaustiveDependencies: once per page load, on the first location.
  useEffect(() => {
    if (started) return;
    started = true;
    const params = new URLSearchParams(location.search);
    const linkCode = params.get('token');
    // Without a link, a stored token's member info was asked as the page booted (app/first-screen.ts).
    if (!linkCode) return;
    params.delete('token');
    const search = params.toString();
    navigate(`${location.pathname}${search ? `?${search}` : ''}${location.hash}`, { replace: true, state: location.state });
    void import('./open-sign-in-link.ts').then((m) => m.openSignInLink(linkCode));
  }, []);
}

import { useEffect } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { useSession } from '../../../lib/session-store.ts';

let started = false;

/**
 * Start-up (spec section 4, Login): a `?token=` link (the app, an operator) carries a single-use sign-in
 * code, exchanged by POST for a session (open-sign-in-link.ts); otherwise a token in session storage loads
 * member info, which sets logged-in. The code is removed from the visible address at once. Both are lazy
 * chunks: a guest's first page never downloads them.
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
    if (linkCode) {
      params.delete('token');
      const search = params.toString();
      navigate(`${location.pathname}${search ? `?${search}` : ''}${location.hash}`, { replace: true, state: location.state });
      void import('./open-sign-in-link.ts').then((m) => m.openSignInLink(linkCode));
      return;
    }
    if (!useSession.getState().token) return;
    void import('./load-member.ts').then((m) => m.loadMember());
  }, []);
}

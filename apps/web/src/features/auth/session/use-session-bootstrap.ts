import { useEffect } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { useSession } from '../../../lib/session-store.ts';

let started = false;

/**
 * Start-up (spec section 4, Login): a token in the URL query (`?token=`, e.g.
 * from the app or an operator link) or in session storage loads member info,
 * which sets logged-in. The URL token is removed from the visible address at
 * once. The loader is a lazy chunk: a guest's first page never downloads it.
 */
export function useSessionBootstrap() {
  const location = useLocation();
  const navigate = useNavigate();
  // biome-ignore lint/correctness/useExhaustiveDependencies: once per page load, on the first location.
  useEffect(() => {
    if (started) return;
    started = true;
    const params = new URLSearchParams(location.search);
    const urlToken = params.get('token');
    if (urlToken) {
      useSession.getState().setToken(urlToken);
      params.delete('token');
      const search = params.toString();
      navigate(`${location.pathname}${search ? `?${search}` : ''}${location.hash}`, { replace: true, state: location.state });
    }
    if (!useSession.getState().token) return;
    void import('./load-member.ts').then((m) => m.loadMember());
  }, []);
}

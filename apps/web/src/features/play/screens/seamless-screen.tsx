import { useEffect, useMemo, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { useSession } from '../../../lib/session-store.ts';
import { useVendorGames } from '../api/get-vendor-games.ts';
import { useLaunch } from '../api/launch-game.ts';
import { GamePlayer } from '../components/game-player.tsx';
import { type LaunchGameRef, useLaunchRequest } from '../hooks/use-launch-request.ts';
import { useRefreshBalanceOnLeave } from '../hooks/use-refresh-balance-on-leave.ts';
import { readSeamlessTarget } from '../lib/launch-rules.ts';
import '../components/play.css';

/**
 * /seamless, the seamless game page (spec section 2, no side menu): launches
 * the game named in the address and plays it in an iframe. A vendor card names
 * only the vendor (a sportsbook lobby): its first game is the one launched.
 * `demo=1` plays the game's free demo, which a guest may open too.
 */
export default function SeamlessScreen() {
  const { t } = useTranslation('play');
  const [params, setParams] = useSearchParams();
  const target = useMemo(() => readSeamlessTarget(params), [params]);
  // A guest who logs in from the free demo ("log in to play for real") gets the real game in its place.
  const loggedIn = useSession((s) => s.loggedIn);
  const wasLoggedIn = useRef(loggedIn);
  useEffect(() => {
    const justLoggedIn = loggedIn && !wasLoggedIn.current;
    wasLoggedIn.current = loggedIn;
    if (justLoggedIn && params.get('demo') === '1') {
      const next = new URLSearchParams(params);
      next.delete('demo');
      setParams(next, { replace: true });
    }
  }, [loggedIn, params, setParams]);
  const vendorOnly = Boolean(target?.vassalage && !target.nodeId && !target.gameCode);
  const { language } = useLaunchRequest(null);
  const vendorGame = useVendorGames(language, vendorOnly && target?.vassalage ? { vassalage: target.vassalage, pageSize: 1 } : null, 1);
  const resolved = vendorGame.data?.games[0]?.nodeId;
  const game = useMemo<LaunchGameRef | null>(() => {
    if (!target) return null;
    const demo = target.demo ? { demo: true } : {};
    if (target.nodeId) return { nodeId: target.nodeId, ...demo };
    if (target.gameCode && target.vassalage) return { vendor: target.vassalage, gameCode: target.gameCode, ...demo };
    return resolved ? { nodeId: resolved } : null;
  }, [target, resolved]);
  const { request, retry } = useLaunchRequest(game);
  const launch = useLaunch(request);
  useRefreshBalanceOnLeave();

  const noGame = !target || (vendorOnly && vendorGame.isSuccess && !resolved);
  if (noGame) {
    return (
      <main className="page play-state">
        <h1>{t('player.noGameTitle')}</h1>
        <p>{t('player.noGame')}</p>
        <Link className="btn btn-primary" to="/">
          {t('player.back')}
        </Link>
      </main>
    );
  }
  // Finding a vendor's game can fail too: it shows as a failed launch with the same retry.
  const state = vendorOnly && !resolved ? { ...vendorGame, data: undefined } : launch;
  const onRetry = vendorOnly && vendorGame.isError ? () => void vendorGame.refetch() : retry;
  return <GamePlayer title={t('player.title')} launch={{ ...state, isPending: state.isPending || !request }} onRetry={onRetry} />;
}

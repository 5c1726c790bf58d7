import { PRIZE_MODES } from '@playfront/contract/constants';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useSearchParams } from 'react-router';
import { useVendorGames } from '../api/get-vendor-games.ts';
import { useVendors } from '../api/get-vendors.ts';
import { useLaunch } from '../api/launch-game.ts';
import { GamePlayer } from '../components/game-player.tsx';
import { type LaunchGameRef, useLaunchRequest } from '../hooks/use-launch-request.ts';
import { useRefreshBalanceOnLeave } from '../hooks/use-refresh-balance-on-leave.ts';
import { lotteryLaunchParams, lotteryScreen, screenPrizeMode } from '../lib/launch-rules.ts';
import '../components/play.css';

const NO_VENDORS: never[] = [];

/**
 * /lottery, /vnLottery, /seaLottery and the game page /lottert (login required;
 * /lottert and the VN and SEA screens without the side menu): the lottery lobby launch of spec section 7 into the
 * game frame. The prize mode comes from the vendor data (section 4). When the
 * lottery vendor has no game server connected here, the server launches the
 * matching house game in demo mode, and the page says so.
 * The server draws /lottery's first screen (the game bar, the prize-mode line, the starting state) before any script
 * for a tab with a session (boot-screen.ts lotteryBootScreen): change them together.
 */
export default function LotteryScreen() {
  const { t } = useTranslation('play');
  const { pathname } = useLocation();
  const [params] = useSearchParams();
  const screen = useMemo(() => lotteryScreen(pathname, params), [pathname, params]);
  const isGamePage = pathname.toLowerCase().replace(/\/+$/, '') === '/lottert';
  const gameCode = params.get('gameCode')?.trim().slice(0, 100) || null;
  const { language } = useLaunchRequest(null);
  const vendors = useVendors(language);
  // Without a game code the lottery's hall (its first game) opens in the lobby view.
  const hall = useVendorGames(language, gameCode ? null : { vassalage: screen.vendor, pageSize: 1 }, 1);
  const hallNode = hall.data?.games[0]?.nodeId;
  // A failed vendor call shows nothing of its own (spec section 7): the prize mode falls back to LOTT.
  const vendorData = vendors.isError ? NO_VENDORS : vendors.data;

  const game = useMemo<LaunchGameRef | null>(() => {
    if (!vendorData) return null;
    // /lottert is the spec's lottery game page: the lottery opens in its betting view, not its lobby.
    const lottery = lotteryLaunchParams({ screen: screen.screen, vendors: vendorData, gameCode, language, gamePage: isGamePage });
    if (gameCode) return { vendor: screen.vendor, gameCode, lottery };
    return hallNode ? { nodeId: hallNode, lottery } : null;
  }, [vendorData, screen, gameCode, hallNode, language, isGamePage]);
  const { request, retry } = useLaunchRequest(game);
  const launch = useLaunch(request);
  useRefreshBalanceOnLeave();

  const title = t(`lottery.title.${screen.screen}`);
  const hallMissing = !gameCode && hall.isSuccess && !hallNode;
  const state = hallMissing || (!gameCode && hall.isError) ? { ...hall, data: undefined, isError: true, error: hall.error } : launch;
  // The prize-mode line holds its place from the first render (the title, the mode kept invisible until the vendor
  // data answers, LOTT's text standing in for its width), so the game below never moves down when it arrives.
  const prizeMode = screenPrizeMode(screen.screen, vendorData);
  return (
    <GamePlayer
      title={title}
      launch={{ ...state, isPending: state.isPending || (!request && !state.isError) }}
      onRetry={hall.isError ? () => void hall.refetch() : retry}
      notice={
        <p className="game-meta">
          {title}
          <span className={prizeMode ? undefined : 'game-meta-pending'}>
            {' · '}
            {t('lottery.prizeMode', { mode: t(`lottery.modes.${prizeMode ?? PRIZE_MODES.ModeLott}`) })}
          </span>
        </p>
      }
      standInNote={t('lottery.standIn', { vendor: launch.data?.vendor ?? screen.vendor })}
    />
  );
}

import type { LaunchValue } from '@playfront/contract/play';
import type { UseQueryResult } from '@tanstack/react-query';
import { type ReactNode, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ApiError } from '../../../lib/api-client.ts';
import { armLobbyRestore, lobbyReturn } from '../../../lib/lobby-return.ts';
import { useSession } from '../../../lib/session-store.ts';
import { useTheme } from '../../../lib/theme.ts';
import { openModal, showDialog } from '../../../ui/modals/modal-store.ts';
import { openGameWindow } from '../lib/launch-rules.ts';
import { PlayIcon } from './play-icons.tsx';
import './play.css';

/** History state of the way back: the lobby restores its place instead of starting at the top. */
const BACK_STATE = { lobbyRestore: true };

/** A game page that has not loaded by then is treated as failed: the member may try another launch host. */
export const FRAME_LOAD_TIMEOUT_MS = 20_000;

export type GamePlayerProps = {
  /** The page heading: the game's name, or the lottery screen's title while it starts. */
  title: string;
  launch: Pick<UseQueryResult<LaunchValue>, 'data' | 'error' | 'isPending' | 'isError' | 'isFetching'>;
  /** Launch again; with `failedHost`, the server picks another launch host. */
  onRetry: (failedHost?: string) => void;
  /** Shown above the game (e.g. the lottery page's prize mode). */
  notice?: ReactNode;
  /** Replaces the general note when the vendor has no game server here and a house game stands in. */
  standInNote?: string;
};

/** Answers after which logging in is the way on: the session ended, or the game has no free demo for a guest. */
const LOG_IN_NEXT = ['NOT_LOGGED_IN', 'SESSION_EXPIRED', 'DEMO_NOT_AVAILABLE'];

/** The game page opens in the site's theme (the house reads `theme`); the player can still switch it inside the game. */
export const withFrameTheme = (url: string, theme: 'light' | 'dark') => `${url}${url.includes('?') ? '&' : '?'}theme=${theme}`;

/** Why a launch failed, in the member's language (the server's catalogue key; a trial account gets the real-account text). */
function useLaunchProblem(error: unknown) {
  const { t } = useTranslation('play');
  if (!(error instanceof ApiError)) return t('player.failed');
  if (error.code === 'TRIAL_NOT_ALLOWED') return t('launch.needRealAccount');
  return t(error.messageKey as never, { defaultValue: t('player.failed') }) as string;
}

/**
 * The game in an iframe, under a bar with "back to the lobby", the game's name
 * and controls (reload, new window, full screen): loading, error with retry,
 * a frame that never loads (retry on another host), and the demo and
 * transfer-wallet notes.
 */
export function GamePlayer({ title, launch, onRetry, notice, standInNote }: GamePlayerProps) {
  const { t } = useTranslation('play');
  const stage = useRef<HTMLDivElement>(null);
  const [loaded, setLoaded] = useState(false);
  const [timedOut, setTimedOut] = useState(false);
  const [fullscreen, setFullscreen] = useState(false);
  const value = launch.isFetching ? undefined : launch.data;
  const url = value?.url;
  // The theme when the game starts: switching the site's theme later does not reload a game in play.
  const [theme] = useTheme();
  const themeAtLaunch = useRef(theme);
  themeAtLaunch.current = theme;
  const frameSrc = useMemo(() => (url ? withFrameTheme(url, themeAtLaunch.current) : undefined), [url]);
  const problem = useLaunchProblem(launch.error);
  const loggedIn = useSession((s) => s.loggedIn);

  // A new URL starts loading again; without a load event in time, it counts as failed.
  useEffect(() => {
    setLoaded(false);
    setTimedOut(false);
    if (!url) return;
    const timer = window.setTimeout(() => setTimedOut(true), FRAME_LOAD_TIMEOUT_MS);
    return () => window.clearTimeout(timer);
  }, [url]);

  // Launch host fallback (spec section 9): the first host that does not load is reported at once and
  // another one asked for; if that fails too, the player chooses (another server, or a new window).
  const autoFallbackUsed = useRef(false);
  const failedHost = timedOut && !loaded ? value?.host : undefined;
  useEffect(() => {
    if (failedHost === undefined || autoFallbackUsed.current) return;
    autoFallbackUsed.current = true;
    onRetry(failedHost);
  }, [failedHost, onRetry]);

  useEffect(() => {
    const onChange = () => setFullscreen(document.fullscreenElement === stage.current && stage.current !== null);
    document.addEventListener('fullscreenchange', onChange);
    return () => document.removeEventListener('fullscreenchange', onChange);
  }, []);

  const openWindow = () => {
    if (!url) return;
    if (!openGameWindow(new URL(url, window.location.href).href))
      void showDialog({
        icon: 'warning',
        messageKey: 'errors:popupBlocked',
        buttons: [{ id: 'ok', labelKey: 'dialog.ok', variant: 'primary' }],
      });
  };
  const toggleFullscreen = () => {
    if (document.fullscreenElement) void document.exitFullscreen();
    else void stage.current?.requestFullscreen?.().catch(() => {});
  };

  const needsLogIn = launch.error instanceof ApiError && LOG_IN_NEXT.includes(launch.error.code);
  // Trying again cannot help a free-play account (it needs a real one) nor a provider not connected here: only the way back is offered.
  const refused = launch.error instanceof ApiError && ['TRIAL_NOT_ALLOWED', 'PROVIDER_NOT_CONNECTED'].includes(launch.error.code);
  const heading = value?.gameName ?? title;
  // Where the player launched from: the same lobby page, section, vendor, page and scroll (issue 22).
  const [back] = useState(() => lobbyReturn().path);

  return (
    <main className="game-page" aria-busy={!loaded || undefined}>
      <div className="game-bar">
        <Link to={back} state={BACK_STATE} onClick={armLobbyRestore} className="btn btn-sm game-back" aria-label={t('player.back')}>
          <PlayIcon name="back" size={18} />
          <span className="game-back-text">{t('player.back')}</span>
        </Link>
        <h1 className="game-title">{heading}</h1>
        {value?.mode === 'demo' && <span className="game-badge">{t('player.demoBadge')}</span>}
        <div className="game-actions">
          <button
            type="button"
            className="icon-button"
            aria-label={t('player.reload')}
            title={t('player.reload')}
            disabled={launch.isFetching}
            onClick={() => onRetry()}
          >
            <PlayIcon name="reload" />
          </button>
          <button
            type="button"
            className="icon-button"
            aria-label={t('player.newWindow')}
            title={t('player.newWindow')}
            disabled={!url}
            onClick={openWindow}
          >
            <PlayIcon name="external" />
          </button>
          <button
            type="button"
            className="icon-button"
            aria-label={t(fullscreen ? 'player.exitFullscreen' : 'player.fullscreen')}
            title={t(fullscreen ? 'player.exitFullscreen' : 'player.fullscreen')}
            aria-pressed={fullscreen}
            disabled={!url}
            onClick={toggleFullscreen}
          >
            <PlayIcon name={fullscreen ? 'shrink' : 'expand'} />
          </button>
        </div>
      </div>
      {notice}
      {value?.mode === 'demo' && (
        <p className="game-note" role="note">
          {value.demoReason === 'VENDOR_NOT_CONNECTED'
            ? (standInNote ?? t('player.demoStandIn', { vendor: value.vendor }))
            : value.demoReason === 'NO_OWN_GAME'
              ? t('player.demoNoOwnGame')
              : t('player.demoFree')}
          {value.demoReason === 'FREE_DEMO' && !loggedIn && (
            <>
              {' '}
              <button type="button" className="game-note-link" onClick={() => openModal('loginPopupModal')}>
                {t('player.playForReal')}
              </button>
            </>
          )}
        </p>
      )}
      {value?.mode === 'real' && value.walletMode === 'transfer' && (
        <p className="game-note" role="note">
          {t('player.transferWallet')} <Link to="/member?page=transferFund">{t('player.transferLink')}</Link>
        </p>
      )}
      <div className="game-stage" ref={stage}>
        {launch.isError ? (
          <div className="play-state game-error" role="alert">
            <h2>{t('player.errorTitle')}</h2>
            <p>{problem}</p>
            <div className="play-state-actions">
              {needsLogIn ? (
                <button type="button" className="btn btn-primary" onClick={() => openModal('loginPopupModal')}>
                  {t('player.logIn')}
                </button>
              ) : refused ? null : (
                <button type="button" className="btn btn-primary" onClick={() => onRetry()}>
                  {t('common.retry')}
                </button>
              )}
              <Link to={back} state={BACK_STATE} onClick={armLobbyRestore} className={refused ? 'btn btn-primary' : 'btn'}>
                {t('player.back')}
              </Link>
            </div>
          </div>
        ) : timedOut && !loaded && value ? (
          <div className="play-state game-error" role="alert">
            <h2>{t('player.slowTitle')}</h2>
            <p>{t('player.slow')}</p>
            <div className="play-state-actions">
              <button type="button" className="btn btn-primary" onClick={() => onRetry(value.host)}>
                {t('player.otherServer')}
              </button>
              <button type="button" className="btn" onClick={openWindow}>
                {t('player.newWindow')}
              </button>
            </div>
          </div>
        ) : (
          <>
            {frameSrc && (
              <iframe
                key={frameSrc}
                className="game-frame"
                src={frameSrc}
                title={t('player.frameTitle', { game: heading })}
                allow="autoplay; fullscreen"
                allowFullScreen
                sandbox="allow-scripts allow-same-origin allow-forms allow-popups allow-popups-to-escape-sandbox allow-top-navigation-by-user-activation"
                onLoad={() => setLoaded(true)}
              />
            )}
            {!loaded && (
              <div className="game-loading" role="status">
                <span className="play-spinner" aria-hidden="true" />
                <span>{t('player.loading', { game: heading })}</span>
              </div>
            )}
          </>
        )}
      </div>
    </main>
  );
}

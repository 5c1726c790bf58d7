import type { GameMenu } from '@playfront/contract/games';
import type { MenuCode } from '@playfront/contract/games-paths';
import { lazy, memo, Suspense, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSession } from '../../../lib/session-store.ts';
import { openModal } from '../../../ui/modals/modal-store.ts';
import { WhenNear } from '../../../ui/near/when-near.tsx';
import { useGameMenus } from '../api/get-game-menus.ts';
import { useNotice } from '../api/get-notice.ts';
import { useLanes } from '../hooks/use-lanes.ts';
import { useLang } from '../hooks/use-lang.ts';
import { useLaunchGame } from '../hooks/use-launch-game.ts';
import { useNoteLobbyPlace, useRestoredPlace, useScrollRestore } from '../hooks/use-lobby-place.ts';
import { popupExecution } from '../lib/popup-execution.ts';
import { BannerCarousel } from './banner-carousel.tsx';
import { GameMenuBar, sortMenus } from './game-menu.tsx';
import { GameSection } from './game-section.tsx';
import { HomePreviews } from './home-previews.tsx';
import { HotMatches } from './hot-matches.tsx';
import { JackpotCounter } from './jackpot-counter.tsx';
import { NoticeMarquee } from './notice-marquee.tsx';

const NO_NOTICES: never[] = [];

// The lobby re-renders whenever one of its own queries answers (menus, vendors, notices, the session); each
// section below has its own data, so it re-renders only when its props change.
const Banners = memo(BannerCarousel);
const Marquee = memo(NoticeMarquee);
const Jackpot = memo(JackpotCounter);
const Matches = memo(HotMatches);
const MenuBar = memo(GameMenuBar);
const Section = memo(GameSection);
// Below the fold (WhenNear): their own chunks, fetched when scrolled near, not in the first bundle (decision 062).
const Winners = memo(lazy(() => import('./winner-board.tsx').then((m) => ({ default: m.WinnerBoard }))));
const Previews = memo(HomePreviews);
const Vendors = memo(lazy(() => import('./vendor-carousel.tsx').then((m) => ({ default: m.VendorCarousel }))));
// The notice popups open a dialog once the notices have answered, and only when there are some: their own chunk.
const Popups = memo(lazy(() => import('./notice-popups.tsx').then((m) => ({ default: m.NoticePopups }))));

/** The home lobby of spec section 2. */
export function HomeLobby() {
  const { t } = useTranslation('lobby');
  const lang = useLang();
  const loggedIn = useSession((s) => s.loggedIn);
  const firstLogin = useSession((s) => s.firstLogin);
  const menus = useGameMenus(lang);
  const { lanes } = useLanes();
  const notice = useNotice(lang, popupExecution(loggedIn, firstLogin));
  const launch = useLaunchGame();
  // Spec section 4: the game type starts at HOME and changes on a menu click; back from a game, where the player was.
  const restored = useRestoredPlace();
  const [type, setType] = useState<MenuCode>(() => (restored?.section as MenuCode | undefined) ?? 'HOME');
  useNoteLobbyPlace({ section: type });
  useScrollRestore(restored);

  const select = (m: GameMenu) => {
    if (m.launch) {
      // RUMMY and LUDO launch their fixed game and leave the type alone.
      launch({
        vassalage: m.launch.vassalage,
        gameType: m.launch.gameType,
        displayName: m.name,
        nodeId: m.launch.nodeId,
        gameCode: m.launch.gameCode,
        isGame: true,
      });
      return;
    }
    if (m.code === 'FAV' && !loggedIn) openModal('loginPopupModal');
    setType(m.code);
  };

  const sorted = useMemo(() => sortMenus(menus.data ?? []), [menus.data]);
  const current = sorted.find((m) => m.code === type);
  const title = current ? t(`menu.${current.code}`, { defaultValue: current.name }) : t('menu.HOME');

  return (
    <main className="page lobby">
      <h1 className="visually-hidden">{t('home.title')}</h1>
      <Banners />
      <Marquee items={notice.data?.banners ?? NO_NOTICES} />
      {notice.data?.popup?.length ? (
        <Suspense fallback={null}>
          <Popups popups={notice.data.popup} />
        </Suspense>
      ) : null}
      <div className="lobby-highlights">
        <Jackpot />
        <Matches />
      </div>
      <div className="lobby-main">
        <section className="lobby-games" aria-label={t('menu.label')}>
          {menus.isError ? (
            <div className="lobby-state" role="alert">
              <p>{t('state.error')}</p>
              <button type="button" className="btn btn-primary" onClick={() => void menus.refetch()}>
                {t('state.retry')}
              </button>
            </div>
          ) : (
            <MenuBar menus={sorted} value={type} onSelect={select} />
          )}
          <div id="game-panel" role="tabpanel" aria-labelledby={`game-tab-${type}`} className="game-panel">
            <h2 className="lobby-heading">{title}</h2>
            <Section code={type} lanes={lanes} title={title} />
          </div>
        </section>
        {/* 100 rows: below the games on a phone, so they wait until scrolled near. */}
        <WhenNear placeholderClass="winner-board-placeholder">
          <Winners />
        </WhenNear>
      </div>
      {/* After the lanes arrive, so the vendor carousel's placeholder is not briefly near the top. */}
      {type === 'HOME' && lanes.length > 0 && (
        <>
          <Previews lanes={lanes} />
          <WhenNear placeholderClass="vendor-carousel-placeholder">
            <Vendors lanes={lanes} />
          </WhenNear>
        </>
      )}
    </main>
  );
}

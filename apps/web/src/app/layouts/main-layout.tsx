import '../../features/layout/components/layout.css';
import { lazy, memo, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet, useLocation } from 'react-router';
import { BottomTabs } from '../../features/layout/components/bottom-tabs.tsx';
import { Header } from '../../features/layout/components/header.tsx';
import { RightBar } from '../../features/layout/components/right-bar.tsx';
import { SideMenu } from '../../features/layout/components/side-menu.tsx';
import { chunk, lazyChunk } from '../../lib/lazy-chunk.ts';
import { usePermission } from '../../lib/permission.ts';
import { useSession } from '../../lib/session-store.ts';
import { Spinner } from '../../ui/loader/loader-overlay.tsx';
import { showsSideMenu } from '../route-table.ts';
import { useChromeData } from '../use-chrome-data.ts';
import { useMemberLink } from '../use-member-link.ts';

/** The footer's chunk (started here, at boot); a page the server drew waits for it before the first render (main.tsx). */
export const loadFooter = chunk(() => import('../../features/layout/components/footer.tsx'));
const loadAccountArea = chunk(() => import('../logged-in-header.tsx'));
// Both start loading as the site boots, not when the first render reaches them: the page shows with the footer (one
// Suspense below), and a member page's own calls go out only once that render is committed.
void loadFooter().catch(() => undefined);
if (useSession.getState().token) void loadAccountArea().catch(() => undefined);

// Below the fold on every page: the footer (badges, help list), its own chunk.
const Footer = lazyChunk(loadFooter, (m) => m.Footer);
// Only a logged-in header needs it: guests never download the account area (with its unread badge and live channel).
const AccountArea = lazyChunk(loadAccountArea);
// The open-promotions count beside "Events": a member's, from the same chunk as the account area.
const EventsCount = lazyChunk(loadAccountArea, (m) => m.EventsCount);
// The red envelope rain overlay: after first paint, for guests too (they are asked to log in when they tap); never over a game.
const EnvelopeRain = lazy(() => import('../../features/envelopes/components/envelope-rain.tsx'));

/**
 * The routed page. The frame re-renders as each of its own calls answers (menus, help list, chat badge, brand);
 * memo keeps those renders out of the page, which re-renders only for its own data and on navigation (Outlet reads
 * the route context itself). Without it a member page was rendered again for every chrome answer at start-up.
 */
const RoutedPage = memo(function RoutedPage() {
  return <Outlet />;
});

/** The member site's frame: header, side menu (not on the game pages), page, footer, right bar. */
export function MainLayout() {
  const { t } = useTranslation();
  const location = useLocation();
  const chrome = useChromeData();
  const withSideMenu = showsSideMenu(location.pathname);
  const { data: permission } = usePermission();
  const loggedIn = useSession((s) => s.loggedIn);
  const memberLink = useMemberLink();
  return (
    <div className={withSideMenu ? 'site site-with-menu site-with-tabs' : 'site'}>
      {/* Keyboard users jump past the menus. */}
      <a className="skip-link" href="#content">
        {t('header.skipToContent')}
      </a>
      <Header
        chrome={chrome}
        withSideMenu={withSideMenu}
        eventsBadge={
          loggedIn ? (
            <Suspense fallback={null}>
              <EventsCount />
            </Suspense>
          ) : undefined
        }
        accountArea={
          <Suspense fallback={null}>
            <AccountArea
              currencySymbol={permission?.brand.currencySymbol}
              customerServiceUrl={chrome.liveChat?.url}
              customerServiceUnread={chrome.chatUnread}
            />
          </Suspense>
        }
      />
      <div className="site-body">
        {withSideMenu && <SideMenu chrome={chrome} />}
        <div className="site-main" id="content" tabIndex={-1}>
          {/* The page (a lazy screen group's chunk) and the footer show together: the footer never jumps down. */}
          <Suspense fallback={<Spinner label={t('loader.loading')} />}>
            <RoutedPage />
            <Footer chrome={chrome} />
          </Suspense>
        </div>
      </div>
      <RightBar chrome={chrome} />
      {withSideMenu && <BottomTabs loggedIn={loggedIn} onMemberLink={memberLink} />}
      <Suspense fallback={null}>
        <EnvelopeRain popUp={withSideMenu} />
      </Suspense>
    </div>
  );
}

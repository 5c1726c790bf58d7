import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useSession } from '../../../lib/session-store.ts';
import { Icon } from '../../../ui/icons/icon.tsx';
import { Logo } from '../../../ui/logo.tsx';
import { openModal } from '../../../ui/modals/modal-store.ts';
import { type ChromeData, memberPage } from '../chrome-data.ts';
import { openDrawer, useDrawer } from '../hooks/use-drawer.ts';
import { GuardedLink } from './guarded-link.tsx';
import { LanguageSelect } from './language-select.tsx';
import { ThemeToggle } from './theme-toggle.tsx';

export type HeaderProps = {
  chrome: ChromeData;
  /** The logged-in part (balance, deposit/withdraw, avatar, account menu), plugged in by the accounts work. */
  accountArea?: ReactNode;
  /** Whether the page has a side menu (and so a drawer button on phones). */
  withSideMenu: boolean;
  /** A small count beside "Events" (open promotions), plugged in by the app. */
  eventsBadge?: ReactNode;
};

/** The site header: logo, main menu, login/register or the account area, language and theme. */
export function Header({ chrome, accountArea, withSideMenu, eventsBadge }: HeaderProps) {
  const { t } = useTranslation();
  const loggedIn = useSession((s) => s.loggedIn);
  const drawerOpen = useDrawer((s) => s.open);

  return (
    <header className="site-header">
      <div className="header-inner">
        {withSideMenu && (
          <button
            type="button"
            id="side-menu-toggle"
            className="icon-button drawer-toggle"
            aria-label={t('header.openMenu')}
            aria-expanded={drawerOpen}
            aria-controls="side-menu"
            onClick={openDrawer}
          >
            <Icon name="menu" />
          </button>
        )}
        <Link
          to="/"
          className="logo-link"
          aria-label={chrome.brandName ? t('header.home', { brand: chrome.brandName }) : t('header.homeNoBrand')}
        >
          <Logo name={chrome.brandName} />
        </Link>

        <nav className="header-nav" aria-label={t('header.mainNav')}>
          <GuardedLink to="/" className="header-nav-link">
            <Icon name="gamepad" />
            {t('header.game')}
          </GuardedLink>
          <GuardedLink to="/promotions" className="header-nav-link">
            <Icon name="megaphone" />
            {t('header.events')}
            {eventsBadge}
          </GuardedLink>
          <GuardedLink to={memberPage('rewardCenter')} needsLogin className="header-nav-link">
            <Icon name="gift" />
            {t('header.rewards')}
          </GuardedLink>
          <GuardedLink to="/pointMall" needsLogin className="header-nav-link">
            <Icon name="star" />
            {t('header.pointMall')}
          </GuardedLink>
          {chrome.referralEnabled && (
            <GuardedLink to={memberPage('referral')} needsLogin className="header-nav-link">
              <Icon name="share" />
              {t('header.share')}
            </GuardedLink>
          )}
        </nav>

        <div className="header-actions">
          {loggedIn ? (
            accountArea
          ) : (
            <>
              <button type="button" className="btn btn-ghost btn-sm" onClick={() => openModal('loginPopupModal')}>
                {t('header.login')}
              </button>
              <button type="button" className="btn btn-primary btn-sm" onClick={() => openModal('registerModal')}>
                {t('header.register')}
              </button>
            </>
          )}
          <LanguageSelect className="wide-only" />
          <ThemeToggle className="icon-button wide-only" />
        </div>
      </div>
    </header>
  );
}

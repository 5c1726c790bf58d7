import './bottom-tabs.css';
import type { MouseEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { Icon, type IconName } from '../../../ui/icons/icon.tsx';

export type BottomTabsProps = {
  loggedIn: boolean;
  /** A member page was tapped: the app logs a guest in first and refuses a trial account where it must. */
  onMemberLink: (to: string) => void;
};

type Tab = { id: 'home' | 'promotions' | 'deposit' | 'records' | 'account'; icon: IconName; to: string; member: boolean };

const TABS: readonly Tab[] = [
  { id: 'home', icon: 'gamepad', to: '/', member: false },
  { id: 'promotions', icon: 'gift', to: '/promotions', member: false },
  { id: 'deposit', icon: 'deposit', to: '/member?page=depositv2', member: true },
  { id: 'records', icon: 'receipt', to: '/member?page=personalHistoryCopy', member: true },
  { id: 'account', icon: 'user', to: '/member', member: true },
];

/** Which tab the current address belongs to. */
export function activeTab(pathname: string, search: string): Tab['id'] | null {
  if (pathname === '/' || pathname === '/home' || pathname === '/index') return 'home';
  if (pathname.startsWith('/promotions')) return 'promotions';
  if (pathname.startsWith('/member')) {
    const page = new URLSearchParams(search).get('page') ?? new URLSearchParams(search).get('tab');
    if (page === 'depositv2' || page === 'deposit') return 'deposit';
    if (page === 'personalHistoryCopy' || page === 'transactionHistory') return 'records';
    return 'account';
  }
  return null;
}

/**
 * The phone's bottom tab bar (issue 22): home, promotions, deposit, records and account one tap away. Shown
 * below 900 px only (CSS); a guest tapping a member tab is asked to log in (the account tab says "Log in").
 */
export function BottomTabs({ loggedIn, onMemberLink }: BottomTabsProps) {
  const { t } = useTranslation();
  const { pathname, search } = useLocation();
  const active = activeTab(pathname, search);
  const follow = (tab: Tab) => (e: MouseEvent) => {
    if (!tab.member) return;
    e.preventDefault();
    onMemberLink(tab.to);
  };
  return (
    <nav className="bottom-tabs" aria-label={t('bottomTabs.label')}>
      <ul>
        {TABS.map((tab) => (
          <li key={tab.id} className={tab.id === 'deposit' ? 'bottom-tab-deposit' : undefined}>
            <Link to={tab.to} onClick={follow(tab)} aria-current={active === tab.id ? 'page' : undefined} className="bottom-tab">
              <Icon name={tab.id === 'account' && !loggedIn ? 'login' : tab.icon} size={22} />
              <span>{t(tab.id === 'account' && !loggedIn ? 'bottomTabs.login' : `bottomTabs.${tab.id}`)}</span>
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}

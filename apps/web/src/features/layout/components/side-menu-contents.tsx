import { isBuiltInChat } from '@playfront/contract/support-chat-paths';
import { useTranslation } from 'react-i18next';
import { safeUrl } from '../../../lib/safe-url.ts';
import { Icon, type IconName } from '../../../ui/icons/icon.tsx';
import { openModal } from '../../../ui/modals/modal-store.ts';
import { type ChromeData, memberPage } from '../chrome-data.ts';
import { closeDrawer } from '../hooks/use-drawer.ts';
import { AppDownload } from './app-download.tsx';
import { GuardedLink } from './guarded-link.tsx';
import { LanguageSelect } from './language-select.tsx';
import { ThemeToggle } from './theme-toggle.tsx';

type MenuItem = { key: string; to: string; icon: IconName; needsLogin: boolean };

/** Side-menu entries of spec section 2, with the page each opens. */
const QUICK: MenuItem[] = [
  { key: 'favorites', to: '/favorite', icon: 'heart', needsLogin: true },
  { key: 'deposit', to: memberPage('depositv2'), icon: 'deposit', needsLogin: true },
  { key: 'withdraw', to: memberPage('withdraw'), icon: 'withdraw', needsLogin: true },
  { key: 'promotions', to: '/promotions', icon: 'megaphone', needsLogin: false },
  { key: 'vip', to: memberPage('vip'), icon: 'crown', needsLogin: true },
  { key: 'rewardCenter', to: memberPage('rewardCenter'), icon: 'gift', needsLogin: true },
  { key: 'pointMall', to: '/pointMall', icon: 'star', needsLogin: true },
  { key: 'manualRebate', to: memberPage('manualRebate'), icon: 'percent', needsLogin: true },
  { key: 'luckyWheel', to: memberPage('luckyWheel'), icon: 'ball', needsLogin: true },
  { key: 'goldenEggs', to: memberPage('goldenEggs'), icon: 'star', needsLogin: true },
  { key: 'raffle', to: memberPage('raffle'), icon: 'ticket', needsLogin: true },
];

const MEMBER: MenuItem[] = [
  { key: 'bettingRecord', to: memberPage('personalHistoryCopy'), icon: 'receipt', needsLogin: true },
  { key: 'myAccount', to: memberPage('securityCenter'), icon: 'user', needsLogin: true },
  { key: 'depositRecord', to: memberPage('transactionHistory'), icon: 'list', needsLogin: true },
  { key: 'profitLoss', to: memberPage('personalProfit'), icon: 'chart', needsLogin: true },
  { key: 'messages', to: memberPage('messageV2'), icon: 'mail', needsLogin: true },
  // the feedback page and the help centre.
  { key: 'feedback', to: memberPage('feedback'), icon: 'headset', needsLogin: true },
  { key: 'helpCentre', to: '/help', icon: 'info', needsLogin: false },
];

const GAMES: MenuItem[] = [
  { key: 'live', to: '/live', icon: 'live', needsLogin: false },
  { key: 'rng', to: '/rng', icon: 'slots', needsLogin: false },
  { key: 'fish', to: '/fish', icon: 'fish', needsLogin: false },
  { key: 'pvp', to: '/pvp', icon: 'cards', needsLogin: false },
  { key: 'sports', to: '/sports', icon: 'ball', needsLogin: false },
  { key: 'esports', to: '/esports', icon: 'gamepad', needsLogin: false },
  { key: 'lott', to: '/lott', icon: 'balls', needsLogin: false },
  { key: 'elott', to: '/elott', icon: 'ticket', needsLogin: false },
];

const SOCIAL_ICONS = { whatsapp: 'whatsapp', facebook: 'facebook', instagram: 'instagram', telegram: 'telegram' } as const;

/**
 * What the side menu holds (its own chunk, decision 068): the shell in side-menu.tsx is the column, or the phone's
 * drawer with its focus trap, and shows this as soon as it has loaded.
 */
export function SideMenuContents({ chrome, phone, open }: { chrome: ChromeData; phone: boolean; open: boolean }) {
  const { t } = useTranslation();
  const liveChat = safeUrl(chrome.liveChat?.url);
  // The brand's built-in live chat opens the chat popup (issue 15); an external chat service opens in a new tab.
  const builtInChat = isBuiltInChat(chrome.liveChat?.url);
  const chatUnread = chrome.chatUnread ?? 0;
  // A menu link closes the drawer on phones.
  const onNavigate = phone ? closeDrawer : undefined;
  const item = (i: MenuItem, className: string) => (
    <li key={i.key}>
      <GuardedLink to={i.to} needsLogin={i.needsLogin} className={className} onNavigate={onNavigate}>
        <Icon name={i.icon} />
        <span>{t(`side.items.${i.key}` as 'side.items.favorites')}</span>
      </GuardedLink>
    </li>
  );

  return (
    <>
      <div className="drawer-top">
        <LanguageSelect />
        <ThemeToggle />
        <button type="button" className="icon-button drawer-close" aria-label={t('header.closeMenu')} onClick={closeDrawer}>
          <Icon name="close" />
        </button>
      </div>

      <nav className="side-section" aria-label={t('side.quick')}>
        <ul className="quick-grid">{QUICK.filter((i) => i.key !== 'vip' || chrome.vipEnabled).map((i) => item(i, 'quick-tile'))}</ul>
      </nav>

      <nav className="side-section" aria-labelledby="side-member-title">
        <h2 id="side-member-title" className="side-heading">
          {t('side.memberCenter')}
        </h2>
        <ul className="side-list">{MEMBER.map((i) => item(i, 'side-link'))}</ul>
      </nav>

      <nav className="side-section" aria-labelledby="side-games-title">
        <h2 id="side-games-title" className="side-heading">
          {t('side.gameCenter')}
        </h2>
        <ul className="side-list side-list-2col">
          {GAMES.filter((i) => !chrome.gameCategories || chrome.gameCategories.includes(i.key)).map((i) => item(i, 'side-link'))}
        </ul>
      </nav>

      <AppDownload iosAppUrl={chrome.iosAppUrl} androidAppUrl={chrome.androidAppUrl} visible={!phone || open} />

      {chrome.socialLinks.length > 0 && (
        <section className="side-section" aria-labelledby="side-social-title">
          <h2 id="side-social-title" className="side-heading">
            {t('side.social')}
          </h2>
          <ul className="social-row">
            {chrome.socialLinks.map((link) => {
              const href = safeUrl(link.url);
              return href ? (
                <li key={link.kind}>
                  <a className={`social-link social-${link.kind}`} href={href} target="_blank" rel="noopener noreferrer">
                    <Icon name={SOCIAL_ICONS[link.kind]} label={t(`side.socialKinds.${link.kind}`)} />
                  </a>
                </li>
              ) : null;
            })}
          </ul>
        </section>
      )}

      <div className="side-section">
        <button
          type="button"
          className="btn btn-ghost live-chat"
          onClick={() => {
            closeDrawer();
            openModal('chatRoomModal', { from: 'sideMenu' });
          }}
        >
          {t('side.chatRoom')}
        </button>
      </div>
      {builtInChat ? (
        <div className="side-section">
          <button
            type="button"
            className="btn btn-primary live-chat"
            onClick={() => {
              closeDrawer();
              openModal('supportChatModal', { from: 'sideMenu' });
            }}
          >
            <Icon name="headset" />
            {t('side.liveChat')}
            {chatUnread > 0 && (
              <span className="right-bar-badge side-chat-badge">
                <span aria-hidden="true">{chatUnread > 99 ? '99+' : chatUnread}</span>
                <span className="visually-hidden">{t('rightBar.chatUnread', { count: chatUnread })}</span>
              </span>
            )}
          </button>
        </div>
      ) : (
        liveChat && (
          <div className="side-section">
            <a className="btn btn-primary live-chat" href={liveChat} target="_blank" rel="noopener noreferrer">
              <Icon name="headset" />
              {t('side.liveChat')}
            </a>
          </div>
        )
      )}
    </>
  );
}

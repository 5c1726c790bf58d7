import { isBuiltInChat } from '@playfront/contract/support-chat-paths';
import { useTranslation } from 'react-i18next';
import { safeUrl } from '../../../lib/safe-url.ts';
import { Icon, type IconName } from '../../../ui/icons/icon.tsx';
import { openModal } from '../../../ui/modals/modal-store.ts';
import type { ChromeData } from '../chrome-data.ts';

/** The floating right bar: customer service, telegram and facebook (from the brand configuration). */
export function RightBar({ chrome }: { chrome: ChromeData }) {
  const { t } = useTranslation();
  const entries: { key: 'customerService' | 'telegram' | 'facebook'; icon: IconName; href?: string }[] = [
    { key: 'customerService', icon: 'headset', href: safeUrl(chrome.liveChat?.url) },
    { key: 'telegram', icon: 'telegram', href: safeUrl(chrome.telegram?.url) },
    { key: 'facebook', icon: 'facebook', href: safeUrl(chrome.facebook?.url) },
  ];
  const shown = entries.filter((e) => e.href);
  // The brand's built-in live chat opens the chat popup; an external chat service opens in a new tab.
  const builtIn = isBuiltInChat(chrome.liveChat?.url);
  const unread = chrome.chatUnread ?? 0;
  if (shown.length === 0) return null;
  return (
    <nav className="right-bar" aria-label={t('rightBar.label')}>
      <ul>
        {shown.map((e) => (
          <li key={e.key}>
            {e.key === 'customerService' && builtIn ? (
              <button
                type="button"
                className="right-bar-link right-customerService"
                title={t('rightBar.customerService')}
                onClick={() => openModal('supportChatModal', { from: 'rightBar' })}
                data-testid="right-bar-chat"
              >
                <Icon name="headset" size={22} label={t('rightBar.customerService')} />
                {unread > 0 && (
                  <span className="right-bar-badge" data-testid="chat-unread">
                    <span aria-hidden="true">{unread > 99 ? '99+' : unread}</span>
                    <span className="visually-hidden">{t('rightBar.chatUnread', { count: unread })}</span>
                  </span>
                )}
              </button>
            ) : (
              <a
                className={`right-bar-link right-${e.key}`}
                href={e.href}
                target="_blank"
                rel="noopener noreferrer"
                title={t(`rightBar.${e.key}`)}
              >
                <Icon name={e.icon} size={22} label={t(`rightBar.${e.key}`)} />
              </a>
            )}
          </li>
        ))}
      </ul>
    </nav>
  );
}

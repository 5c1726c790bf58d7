import { useTranslation } from 'react-i18next';
import { safeUrl } from '../../../lib/safe-url.ts';
import { Icon, type IconName } from '../../../ui/icons/icon.tsx';
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
  if (shown.length === 0) return null;
  return (
    <nav className="right-bar" aria-label={t('rightBar.label')}>
      <ul>
        {shown.map((e) => (
          <li key={e.key}>
            <a
              className={`right-bar-link right-${e.key}`}
              href={e.href}
              target="_blank"
              rel="noopener noreferrer"
              title={t(`rightBar.${e.key}`)}
            >
              <Icon name={e.icon} size={22} label={t(`rightBar.${e.key}`)} />
            </a>
          </li>
        ))}
      </ul>
    </nav>
  );
}

import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Icon } from '../../../ui/icons/icon.tsx';

/** Chromium's install offer (not in the DOM typings). main.tsx keeps the one that came before this page opened. */
type InstallPromptEvent = Event & { prompt(): Promise<void>; userChoice: Promise<{ outcome: 'accepted' | 'dismissed' }> };
type InstallWindow = Window & { __pfInstallPrompt?: InstallPromptEvent | null };

const standalone = () => typeof window.matchMedia === 'function' && window.matchMedia('(display-mode: standalone)').matches;

/**
 * The lite app: this site installed from the browser (manifest + service worker). Where the browser offers an
 * install prompt (Chromium, Android), one button shows it; elsewhere (iOS Safari) the guide below tells how.
 */
export function LiteAppCard() {
  const { t } = useTranslation('app');
  const [offer, setOffer] = useState<InstallPromptEvent | null>(() => (window as InstallWindow).__pfInstallPrompt ?? null);
  const [state, setState] = useState<'idle' | 'installed' | 'dismissed'>(() => (standalone() ? 'installed' : 'idle'));

  useEffect(() => {
    const take = () => setOffer((window as InstallWindow).__pfInstallPrompt ?? null);
    const installed = () => setState('installed');
    window.addEventListener('pf-installable', take);
    window.addEventListener('appinstalled', installed);
    return () => {
      window.removeEventListener('pf-installable', take);
      window.removeEventListener('appinstalled', installed);
    };
  }, []);

  const install = async () => {
    if (!offer) return;
    await offer.prompt();
    const { outcome } = await offer.userChoice;
    // An offer can be shown once; the browser sends a new one later if the visitor may still install.
    (window as InstallWindow).__pfInstallPrompt = null;
    setOffer(null);
    setState(outcome === 'accepted' ? 'installed' : 'dismissed');
  };

  return (
    <article className="ad-card" aria-labelledby="ad-lite-title">
      <div className="ad-card-head">
        <span className="ad-card-icon" aria-hidden="true">
          <Icon name="globe" size={22} />
        </span>
        <h2 id="ad-lite-title" className="ad-card-title">
          {t('lite.title')}
        </h2>
      </div>
      <p className="ad-card-text">{t('lite.text')}</p>
      <div className="ad-card-actions" aria-live="polite">
        {state === 'installed' ? (
          <p className="ad-note ad-note-ok">
            <Icon name="success" size={18} />
            {t('lite.installed')}
          </p>
        ) : offer ? (
          <button type="button" className="btn btn-primary" onClick={() => void install()}>
            <Icon name="download" size={18} />
            {t('lite.install')}
          </button>
        ) : (
          <a className="btn btn-ghost" href="#guide-lite">
            {t('lite.howTo')}
          </a>
        )}
        {state === 'dismissed' && <p className="ad-note">{t('lite.dismissed')}</p>}
      </div>
    </article>
  );
}

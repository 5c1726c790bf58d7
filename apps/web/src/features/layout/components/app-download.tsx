import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { currentLanguage } from '../../../lib/i18n.ts';
import { safeUrl, withQuery } from '../../../lib/safe-url.ts';
import { useSession } from '../../../lib/session-store.ts';
import { Icon } from '../../../ui/icons/icon.tsx';

const AppQr = lazy(() => import('./app-qr.tsx'));

export type AppDownloadProps = {
  iosAppUrl?: string;
  androidAppUrl?: string /** Render the QR only when the menu is on screen. */;
  visible: boolean;
};

/**
 * App download (spec section 2): a QR code of the iOS link, which carries the
 * language and the session token so the app opens signed in; the Android
 * button only when the brand has an Android resource.
 */
export function AppDownload({ iosAppUrl, androidAppUrl, visible }: AppDownloadProps) {
  const { t } = useTranslation();
  const token = useSession((s) => s.token);
  const ios = safeUrl(iosAppUrl);
  const android = safeUrl(androidAppUrl);
  if (!ios && !android) return null;
  const iosLink = ios ? withQuery(ios, { lang: currentLanguage(), token }) : undefined;
  // A QR must hold an absolute address to be scanned from another device.
  const qrValue = iosLink ? new URL(iosLink, window.location.origin).toString() : undefined;

  return (
    <section className="side-section app-download" aria-labelledby="side-app-title">
      <h2 id="side-app-title" className="side-heading">
        {t('side.appDownload')}
      </h2>
      <div className="app-download-body">
        {qrValue && (
          <div className="qr-box">
            {visible && (
              <Suspense fallback={<span className="qr-placeholder" />}>
                <AppQr value={qrValue} label={t('side.appQr')} />
              </Suspense>
            )}
          </div>
        )}
        <p className="app-download-hint">{t('side.appScan')}</p>
      </div>
      <div className="app-download-links">
        {iosLink && (
          <a className="btn btn-ghost btn-sm" href={iosLink} target="_blank" rel="noopener noreferrer">
            <Icon name="phone" size={16} />
            {t('side.ios')}
          </a>
        )}
        {android && (
          <a className="btn btn-ghost btn-sm" href={android} target="_blank" rel="noopener noreferrer">
            <Icon name="download" size={16} />
            {t('side.android')}
          </a>
        )}
      </div>
    </section>
  );
}

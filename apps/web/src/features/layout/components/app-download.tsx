import { SESSION_PATHS } from '@playfront/contract/session-paths';
import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { api } from '../../../lib/api-client.ts';
import { currentLanguage } from '../../../lib/i18n.ts';
import { safeUrl, withQuery } from '../../../lib/safe-url.ts';
import { useSession } from '../../../lib/session-store.ts';
import { Icon } from '../../../ui/icons/icon.tsx';

type HandoffCode = { code: string; expiresInSeconds: number };

const AppQr = lazy(() => import('./app-qr.tsx'));

export type AppDownloadProps = {
  iosAppUrl?: string;
  androidAppUrl?: string /** Render the QR only when the menu is on screen. */;
  visible: boolean;
};

/** A fresh code well before the 60 s one expires, while the QR is on screen. */
const CODE_REFRESH_MS = 45_000;

/**
 * App download (spec section 2): a QR code of the iOS link, which carries the
 * language and, for a member, a single-use 60-second sign-in code (never the
 * session token: issue 21 item 4) so the app opens signed in; the Android
 * button only when the brand has an Android resource.
 */
export function AppDownload({ iosAppUrl, androidAppUrl, visible }: AppDownloadProps) {
  const { t } = useTranslation();
  const loggedIn = useSession((s) => s.loggedIn && !s.isTrial);
  const ios = safeUrl(iosAppUrl);
  const android = safeUrl(androidAppUrl);
  const signInCode = useQuery({
    queryKey: ['account', 'signInCode'],
    queryFn: () => api<HandoffCode>(SESSION_PATHS.handoff, { method: 'POST' }),
    enabled: Boolean(ios) && loggedIn && visible,
    refetchInterval: CODE_REFRESH_MS,
    staleTime: CODE_REFRESH_MS,
    gcTime: 0,
  });
  if (!ios && !android) return null;
  const token = loggedIn ? signInCode.data?.code : undefined;
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
        <Link className="btn btn-ghost btn-sm" to="/download">
          <Icon name="info" size={16} />
          {t('side.appGuide')}
        </Link>
      </div>
    </section>
  );
}

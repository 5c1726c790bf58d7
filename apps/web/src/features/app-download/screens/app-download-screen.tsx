import '../../../ui/styles/member-page.css';
import '../app-download.css';
import { QRCodeSVG } from 'qrcode.react';
import { useTranslation } from 'react-i18next';
import { fromI18n } from '../../../lib/i18n.ts';
import { usePermission } from '../../../lib/permission.ts';
import { safeUrl, withQuery } from '../../../lib/safe-url.ts';
import { useSession } from '../../../lib/session-store.ts';
import { Icon } from '../../../ui/icons/icon.tsx';
import { useSignInCode } from '../api/get-sign-in-code.ts';
import { InstallGuide } from '../components/install-guide.tsx';
import { LiteAppCard } from '../components/lite-app-card.tsx';

/** A QR must hold an absolute address to be scanned from another device. */
const absolute = (link: string) => new URL(link, window.location.origin).toString();

/**
 * /download (the side menu's app banner leads here; spec sections 1 and 2): the iOS app as a QR code and a link
 * carrying the page language and, for a member, a single-use sign-in code (never the session token); the Android
 * app only when the brand has its resource; the lite app (this site installed as a PWA); and an install guide with
 * pictures for each.
 */
export default function AppDownloadScreen() {
  const { t, i18n } = useTranslation('app');
  const permission = usePermission();
  const member = useSession((s) => s.loggedIn && !s.isTrial);
  const ios = safeUrl(permission.data?.resources.IOS_APP?.url);
  const android = safeUrl(permission.data?.resources.ANDROID_APP?.url);
  const code = useSignInCode(Boolean(ios) && member);
  const lang = fromI18n(i18n.resolvedLanguage ?? i18n.language);
  const iosLink = ios ? withQuery(ios, { lang, token: member ? code.data?.code : undefined }) : undefined;

  return (
    <main className="page ad-page">
      <header className="ad-head">
        <h1 className="ad-title">{t('title')}</h1>
        <p className="ad-lead">{t('lead')}</p>
      </header>

      {permission.isPending ? (
        <div className="wl-state" role="status" aria-live="polite">
          <div className="spinner" aria-hidden="true" />
          <span>{t('loading')}</span>
        </div>
      ) : permission.isError ? (
        <div className="wl-state wl-state-error" role="alert">
          <p>{t('loadFailed')}</p>
          <button type="button" className="btn btn-ghost btn-sm" onClick={() => void permission.refetch()}>
            {t('retry')}
          </button>
        </div>
      ) : (
        <>
          <div className="ad-cards">
            {iosLink && (
              <article className="ad-card" aria-labelledby="ad-ios-title">
                <div className="ad-card-head">
                  <span className="ad-card-icon" aria-hidden="true">
                    <Icon name="phone" size={22} />
                  </span>
                  <h2 id="ad-ios-title" className="ad-card-title">
                    {t('ios.title')}
                  </h2>
                </div>
                <div className="ad-qr" data-testid="ios-qr">
                  {member && code.isPending ? (
                    <span className="ad-qr-wait spinner" role="status" aria-label={t('ios.preparing')} />
                  ) : (
                    <QRCodeSVG
                      value={absolute(iosLink)}
                      size={148}
                      marginSize={2}
                      level="M"
                      bgColor="#ffffff"
                      fgColor="#0b1120"
                      role="img"
                      aria-label={t('ios.qr')}
                    />
                  )}
                </div>
                <p className="ad-card-text">{member ? t('ios.signedIn') : t('ios.guest')}</p>
                {member && code.isError && (
                  <p className="ad-note ad-note-warn" role="alert">
                    {t('ios.codeFailed')}
                  </p>
                )}
                <div className="ad-card-actions">
                  <a className="btn btn-primary" href={iosLink} target="_blank" rel="noopener noreferrer" data-testid="ios-link">
                    <Icon name="download" size={18} />
                    {t('ios.download')}
                  </a>
                </div>
              </article>
            )}
            {android && (
              <article className="ad-card" aria-labelledby="ad-android-title">
                <div className="ad-card-head">
                  <span className="ad-card-icon" aria-hidden="true">
                    <Icon name="phone" size={22} />
                  </span>
                  <h2 id="ad-android-title" className="ad-card-title">
                    {t('android.title')}
                  </h2>
                </div>
                <div className="ad-qr">
                  <QRCodeSVG
                    value={absolute(android)}
                    size={148}
                    marginSize={2}
                    level="M"
                    bgColor="#ffffff"
                    fgColor="#0b1120"
                    role="img"
                    aria-label={t('android.qr')}
                  />
                </div>
                <p className="ad-card-text">{t('android.text')}</p>
                <div className="ad-card-actions">
                  <a className="btn btn-primary" href={android} rel="noopener noreferrer" data-testid="android-link">
                    <Icon name="download" size={18} />
                    {t('android.download')}
                  </a>
                </div>
              </article>
            )}
            <LiteAppCard />
          </div>
          {!iosLink && !android && <p className="ad-note">{t('noNative')}</p>}

          <nav className="ad-guide-nav" aria-label={t('guidesNav')}>
            {iosLink && <a href="#guide-ios">{t('guide.ios.title')}</a>}
            {android && <a href="#guide-android">{t('guide.android.title')}</a>}
            <a href="#guide-lite">{t('guide.lite.title')}</a>
          </nav>
          {iosLink && <InstallGuide kind="ios" />}
          {android && <InstallGuide kind="android" />}
          <InstallGuide kind="lite" />
        </>
      )}
    </main>
  );
}

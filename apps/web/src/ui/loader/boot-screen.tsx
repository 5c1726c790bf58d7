import { useTranslation } from 'react-i18next';
import { LogoMark } from '../logo.tsx';

/** The first banner the server drew into the home page's boot screen (apps/server/src/features/web/boot-screen.ts). */
export type ServerBootBanner = { src: string; alt: string; host: string | undefined; path: string | undefined };

/** Read once, before React replaces the server's markup. */
export const serverBootBanner: ServerBootBanner | null = (() => {
  const img = typeof document === 'undefined' ? null : document.querySelector<HTMLImageElement>('img.boot-banner');
  if (!img) return null;
  return { src: img.getAttribute('src') ?? '', alt: img.alt, host: img.dataset.bootHost, path: img.dataset.bootPath };
})();

/**
 * The start-up screen while the system status loads. index.html draws the same markup before any script has
 * run (on the home page, the server's: the header and the first banner), so a phone paints it at once and
 * React's first screen matches it.
 */
export function BootScreen() {
  const { t } = useTranslation();
  const status = (
    <span className="visually-hidden" role="status">
      {t('loader.loading')}
    </span>
  );
  if (serverBootBanner) {
    return (
      <div className="site boot-site" aria-busy="true">
        <header className="site-header">
          <div className="header-inner">
            <span className="logo">
              <LogoMark />
            </span>
          </div>
        </header>
        <div className="site-body">
          <div className="side-menu boot-side" aria-hidden="true" />
          <div className="site-main">
            <main className="page lobby">
              <div className="banner-frame">
                <img className="boot-banner" src={serverBootBanner.src} alt={serverBootBanner.alt} width={1200} height={360} />
              </div>
              <span className="spinner boot-spinner" aria-hidden="true" />
              {status}
            </main>
          </div>
        </div>
      </div>
    );
  }
  return (
    <div className="boot-screen" aria-busy="true">
      <LogoMark size={56} />
      <span className="spinner" aria-hidden="true" />
      {status}
    </div>
  );
}

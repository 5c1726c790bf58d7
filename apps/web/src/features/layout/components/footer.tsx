import { FOOTER_VENDORS } from '@playfront/contract/constants';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { ChromeData } from '../chrome-data.ts';
import { LicenceBadges } from './licence-badges.tsx';
import { VendorBadge } from './vendor-badge.tsx';

/** The footer: game providers, licence marks, help articles (each opens the help centre page on it) and the copyright. */
export function Footer({ chrome }: { chrome: ChromeData }) {
  const { t } = useTranslation();

  return (
    <footer className="site-footer">
      <section className="footer-block" aria-labelledby="footer-providers">
        <h2 id="footer-providers" className="footer-heading">
          {t('footer.providers')}
        </h2>
        <ul className="vendor-row">
          {FOOTER_VENDORS.map((code) => (
            <li key={code}>
              <VendorBadge code={code} />
            </li>
          ))}
        </ul>
      </section>

      <div className="footer-columns">
        {chrome.helpArticles.length > 0 && (
          <nav className="footer-block" aria-labelledby="footer-help">
            <h2 id="footer-help" className="footer-heading">
              {t('footer.help')}
            </h2>
            <ul className="help-list">
              {chrome.helpArticles.map((a) => (
                <li key={a.slug}>
                  {/* The help centre page, opened on this article (issue 15). */}
                  <Link to={`/help#${encodeURIComponent(a.slug)}`}>{a.title}</Link>
                </li>
              ))}
            </ul>
          </nav>
        )}
        <section className="footer-block" aria-labelledby="footer-licences">
          <h2 id="footer-licences" className="footer-heading">
            {t('footer.licences')}
          </h2>
          <LicenceBadges />
          <p className="footer-note">{t('footer.responsibleNote')}</p>
        </section>
      </div>

      <p className="copyright">
        {chrome.brandName
          ? t('footer.copyright', { year: new Date().getFullYear(), brand: chrome.brandName })
          : t('footer.copyrightNoBrand', { year: new Date().getFullYear() })}
      </p>
    </footer>
  );
}

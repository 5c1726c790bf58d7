import { useTranslation } from 'react-i18next';
import { BlockedPage } from './blocked-page.tsx';
import { CustomerServiceButton } from './customer-service-button.tsx';

/** Status 2: the visitor's location is not served; shows the IP the server saw, for support. */
export function RegionBlockedPage({ ip }: { ip: string }) {
  const { t } = useTranslation('system');
  return (
    <BlockedPage art={<RegionArt />} title={t('region.title')}>
      <p className="blocked-text">{t('region.text')}</p>
      <p className="visitor-ip">
        <span>{t('region.yourIp')}</span>{' '}
        <strong data-testid="visitor-ip" dir="ltr">
          {ip}
        </strong>
      </p>
      <div className="blocked-actions">
        <CustomerServiceButton />
      </div>
    </BlockedPage>
  );
}

function RegionArt() {
  return (
    <svg width="120" height="120" viewBox="0 0 120 120" aria-hidden="true" focusable="false">
      <circle cx="60" cy="60" r="56" fill="var(--surface-2)" />
      <g fill="none" stroke="var(--text-muted)" strokeWidth="4">
        <circle cx="56" cy="56" r="26" />
        <path d="M30 56h52M56 30c8 8 11 16 11 26s-3 18-11 26c-8-8-11-16-11-26s3-18 11-26z" />
      </g>
      <circle cx="82" cy="82" r="16" fill="var(--bg)" stroke="var(--danger)" strokeWidth="5" />
      <path d="M71 93 93 71" stroke="var(--danger)" strokeWidth="5" strokeLinecap="round" />
    </svg>
  );
}

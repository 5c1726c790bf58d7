import { useTranslation } from 'react-i18next';
import { BlockedPage } from './blocked-page.tsx';
import { CustomerServiceButton } from './customer-service-button.tsx';

export type MaintenancePageProps = { message?: string | undefined };

/** Status 1: the whole site is replaced by this page; the operator's message (console brand page) when one is set. */
export function MaintenancePage({ message }: MaintenancePageProps) {
  const { t } = useTranslation('system');
  return (
    <BlockedPage art={<MaintenanceArt />} title={t('maintenance.title')}>
      <p className="blocked-text">{message || t('maintenance.text')}</p>
      <div className="blocked-actions">
        <CustomerServiceButton />
        <button type="button" className="btn btn-ghost" onClick={() => window.location.reload()}>
          {t('maintenance.retry')}
        </button>
      </div>
    </BlockedPage>
  );
}

/** Two meshing gears: "work in progress" without words. */
function MaintenanceArt() {
  return (
    <svg width="120" height="120" viewBox="0 0 120 120" aria-hidden="true" focusable="false">
      <circle cx="60" cy="60" r="56" fill="var(--surface-2)" />
      <g fill="none" stroke="var(--accent)">
        <circle cx="50" cy="52" r="21" strokeWidth="9" strokeDasharray="8.25 8.25" />
        <circle cx="50" cy="52" r="15" strokeWidth="7" />
      </g>
      <circle cx="50" cy="52" r="5" fill="var(--accent)" />
      <g fill="none" stroke="var(--text-muted)">
        <circle cx="81" cy="81" r="12" strokeWidth="7" strokeDasharray="5.4 5.4" />
        <circle cx="81" cy="81" r="8" strokeWidth="5" />
      </g>
    </svg>
  );
}

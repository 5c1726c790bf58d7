import { useTranslation } from 'react-i18next';

/** Licence and responsible-gaming marks, drawn locally: 18+, responsible gaming, licensed & regulated. */
export function LicenceBadges() {
  const { t } = useTranslation();
  return (
    <ul className="licence-row">
      <li className="licence-badge">
        <svg width="36" height="36" viewBox="0 0 36 36" aria-hidden="true" focusable="false">
          <circle cx="18" cy="18" r="16" fill="none" stroke="var(--danger)" strokeWidth="3" />
          <text x="18" y="23" textAnchor="middle" fontSize="12" fontWeight="800" fill="var(--text)" fontFamily="system-ui, sans-serif">
            18+
          </text>
        </svg>
        <span>{t('footer.adultsOnly')}</span>
      </li>
      <li className="licence-badge">
        <svg width="36" height="36" viewBox="0 0 36 36" aria-hidden="true" focusable="false">
          <path
            d="M18 3l12 4.5v8.2c0 7-5 12.6-12 14.3C11 28.3 6 22.7 6 15.7V7.5L18 3z"
            fill="none"
            stroke="var(--success)"
            strokeWidth="2.5"
            strokeLinejoin="round"
          />
          <path d="M12.5 17.5l4 4 7-8" fill="none" stroke="var(--success)" strokeWidth="2.5" strokeLinecap="round" strokeLinejoin="round" />
        </svg>
        <span>{t('footer.responsibleGaming')}</span>
      </li>
      <li className="licence-badge">
        <svg width="36" height="36" viewBox="0 0 36 36" aria-hidden="true" focusable="false">
          <path
            d="M18 2l3.2 3 4.3-.8 1.4 4.2 4.2 1.4-.8 4.3 3 3.2-3 3.2.8 4.3-4.2 1.4-1.4 4.2-4.3-.8-3.2 3-3.2-3-4.3.8-1.4-4.2-4.2-1.4.8-4.3-3-3.2 3-3.2-.8-4.3 4.2-1.4 1.4-4.2 4.3.8z"
            fill="none"
            stroke="var(--accent)"
            strokeWidth="2"
            strokeLinejoin="round"
          />
          <path
            d="M12.5 18l3.8 3.8 7.2-7.6"
            fill="none"
            stroke="var(--accent)"
            strokeWidth="2.5"
            strokeLinecap="round"
            strokeLinejoin="round"
          />
        </svg>
        <span>{t('footer.licensed')}</span>
      </li>
    </ul>
  );
}

import { useTranslation } from 'react-i18next';
import { LogoMark } from '../logo.tsx';

/**
 * The start-up screen while the system status loads: the brand mark and a spinner. index.html draws the
 * same markup before any script has run, so a phone paints it at once and React's first screen matches it.
 */
export function BootScreen() {
  const { t } = useTranslation();
  return (
    <div className="boot-screen" aria-busy="true">
      <LogoMark size={56} />
      <span className="spinner" aria-hidden="true" />
      <span className="visually-hidden" role="status">
        {t('loader.loading')}
      </span>
    </div>
  );
}

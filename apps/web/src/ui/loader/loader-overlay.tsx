import { createPortal } from 'react-dom';
import { useTranslation } from 'react-i18next';
import { useLoaderStore } from './loader-store.ts';

/** A spinner with an accessible busy label. `fullScreen` covers the page (start-up, system gate). */
export function Spinner({ label }: { label: string }) {
  return (
    <div className="spinner-wrap" role="status" aria-live="polite">
      <span className="spinner" aria-hidden="true" />
      <span className="visually-hidden">{label}</span>
    </div>
  );
}

export function FullScreenLoader() {
  const { t } = useTranslation();
  return (
    <div className="loader-overlay" aria-busy="true" data-testid="loader-overlay">
      <Spinner label={t('loader.loading')} />
    </div>
  );
}

/** The overlay driven by showLoader()/hideLoader(). */
export function LoaderOverlay() {
  const visible = useLoaderStore((s) => s.visible);
  return visible ? createPortal(<FullScreenLoader />, document.body) : null;
}

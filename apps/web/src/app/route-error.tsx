import { useTranslation } from 'react-i18next';

/** Shown when a screen fails to load (chunk load error, module not found) or throws. */
export function RouteError({ error }: { error: unknown }) {
  const { t } = useTranslation('errors');
  const chunk =
    error instanceof Error && /dynamically imported module|Importing a module script failed|Failed to fetch/i.test(error.message);
  const message = chunk ? t('chunkLoad') : t('unknown');
  return (
    <main className="page-state" role="alert">
      <h1>{message}</h1>
      <button type="button" className="btn btn-primary" onClick={() => window.location.reload()}>
        {t('reload')}
      </button>
    </main>
  );
}

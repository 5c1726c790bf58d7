import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

export type PlaceholderPageProps = {
  titleKey:
    | 'placeholder.seamless'
    | 'placeholder.lottery'
    | 'placeholder.memberCenter'
    | 'placeholder.accountGame'
    | 'placeholder.gameListCenter'
    | 'placeholder.gameCenter'
    | 'placeholder.agent';
};

/** A screen that is not built yet says so clearly instead of showing a blank page. */
export function PlaceholderPage({ titleKey }: PlaceholderPageProps) {
  const { t } = useTranslation();
  return (
    <main className="page page-state">
      <h1>{t(titleKey)}</h1>
      <p>{t('placeholder.comingSoon')}</p>
      <Link className="btn btn-primary" to="/">
        {t('placeholder.backHome')}
      </Link>
    </main>
  );
}

import { CATEGORY_PATHS } from '@playfront/contract/constants';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { VendorCards } from '../components/vendor-cards.tsx';
import { useLanes } from '../hooks/use-lanes.ts';
import '../lobby.css';

/** Game centre (/sports, /esports, /lott, /elott): the category's vendors as large cards. */
export default function GameCenter() {
  const { t } = useTranslation('lobby');
  const { pathname } = useLocation();
  const category = CATEGORY_PATHS[pathname.toLowerCase()] ?? 'SPORTS';
  const { lanes, isPending, isError, refetch } = useLanes();
  const title = t(`menu.${category}`);
  const cards = lanes
    .filter((l) => l.gameCategory === category || (category === 'SPORTS' && l.gameCategory === 'COCKFIGHT'))
    .flatMap((l) => l.cards);
  return (
    <main className="page lobby game-centre">
      <h1 className="lobby-title">{title}</h1>
      {isPending ? (
        <div className="vendor-cards skeleton" aria-hidden="true" />
      ) : isError && lanes.length === 0 ? (
        <div className="lobby-state" role="alert">
          <p>{t('state.error')}</p>
          <button type="button" className="btn btn-primary" onClick={() => void refetch()}>
            {t('state.retry')}
          </button>
        </div>
      ) : (
        <VendorCards cards={cards} label={title} headingLevel={2} />
      )}
    </main>
  );
}

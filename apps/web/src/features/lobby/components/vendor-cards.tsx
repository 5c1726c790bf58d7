import type { VendorCard } from '@playfront/contract/games';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useLaunchGame } from '../hooks/use-launch-game.ts';
import { GameImage } from './game-image.tsx';

/**
 * Where a vendor card leads: an RNG vendor to its slot list (browsing needs no
 * login); the others launch (spec section 4, routing by vendor): a vendor-type
 * vendor opens the popup game list, a lottery its screen, anything else its lobby.
 */
export function useOpenVendor() {
  const navigate = useNavigate();
  const launch = useLaunchGame();
  return (card: VendorCard) => {
    if (card.gameType === 'RNG') return navigate(`/rng?vassalage=${encodeURIComponent(card.vassalage)}`);
    launch({ vassalage: card.vassalage, gameType: card.gameType, displayName: card.displayName, isVendorType: card.isVendorType });
  };
}

/**
 * A category's vendors as large cards (game centre, and the SPORTS-like sections of the lobby). `headingLevel`: the
 * card titles' level under the page's headings (the lobby's section has an h2 above; the game centre only its h1).
 */
export function VendorCards({ cards, label, headingLevel = 3 }: { cards: VendorCard[]; label: string; headingLevel?: 2 | 3 }) {
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  const { t } = useTranslation('lobby');
  const open = useOpenVendor();
  if (cards.length === 0) {
    return (
      <div className="lobby-state">
        <p>{t('state.noData')}</p>
      </div>
    );
  }
  return (
    <ul className="vendor-cards" aria-label={label}>
      {cards.map((c) => (
        <li key={c.vassalage} className="vendor-card">
          <GameImage path={c.iconUrl} alt="" className="vendor-card-icon" />
          <div className="vendor-card-body">
            <Heading className="vendor-card-title">{c.displayName}</Heading>
            <p className="muted">{t('vendor.games', { count: c.gameCount })}</p>
          </div>
          <button
            type="button"
            className="btn btn-primary"
            onClick={() => open(c)}
            aria-label={t('vendor.enter', { vendor: c.displayName })}
          >
            {t('vendor.enterShort')}
          </button>
        </li>
      ))}
    </ul>
  );
}

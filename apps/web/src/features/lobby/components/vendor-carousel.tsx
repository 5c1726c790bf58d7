import type { VendorLane } from '@playfront/contract/games';
import { vendorCentreLanes } from '@playfront/contract/games-paths';
import { useTranslation } from 'react-i18next';
import { GameImage } from './game-image.tsx';
import { LazyCarousel } from './lazy-swiper.tsx';
import { useOpenVendor } from './vendor-cards.tsx';

/** The vendor centre as a carousel: 3 per view, pagination when there are more than 12 vendors (spec section 2). */
export function VendorCarousel({ lanes }: { lanes: VendorLane[] }) {
  const { t } = useTranslation('lobby');
  const open = useOpenVendor();
  const cards = vendorCentreLanes(lanes).flatMap((l) => l.cards);
  if (cards.length === 0) return null;
  const slides = cards.map((c) => ({
    key: c.vassalage,
    node: (
      <button type="button" className="vendor-slide" onClick={() => open(c)}>
        <GameImage path={c.iconUrl} alt="" className="vendor-slide-icon" />
        <span>{c.displayName}</span>
      </button>
    ),
  }));
  return (
    <section className="vendor-carousel" aria-labelledby="vendors-title">
      <h2 id="vendors-title" className="lobby-heading">
        {t('vendor.centre')}
      </h2>
      <LazyCarousel
        start="idle"
        fallback={<div className="vendor-fallback" />}
        label={t('vendor.centre')}
        slides={slides}
        loop={false}
        slidesPerView={3}
        pagination={cards.length > 12}
        navigation
        prevLabel={t('carousel.previous')}
        nextLabel={t('carousel.next')}
      />
    </section>
  );
}

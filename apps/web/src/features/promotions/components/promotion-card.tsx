import type { PromotionCard as Card } from '@playfront/contract/promotions';
import { useTranslation } from 'react-i18next';
import { openModal } from '../../../ui/modals/modal-store.ts';
import { PromotionPeriod } from './promotion-period.tsx';
import { StateBadge } from './state-badge.tsx';

/**
 * One promotion in the list: banner, category, state, title, summary and period. The whole card opens the detail
 * popup (the title's button is stretched over it, so there is one control to tab to and one name to hear).
 * `aboveFold`: one of the first cards, whose banner loads at once.
 */
export function PromotionCard({ promotion, aboveFold = false }: { promotion: Card; aboveFold?: boolean }) {
  const { t } = useTranslation('promotions');
  return (
    <article className="promo-card" data-state={promotion.state} data-code={promotion.code} data-testid="promotion-card">
      <div className="promo-banner">
        {/* The first cards' banners are the page's largest paint on a phone: asked at once, not when layout finds
            them near the viewport (decision 062). */}
        <img
          src={promotion.bannerUrl}
          alt=""
          loading={aboveFold ? 'eager' : 'lazy'}
          fetchPriority={aboveFold ? 'high' : 'auto'}
          decoding="async"
          width={800}
          height={300}
        />
      </div>
      <div className="promo-card-body">
        <div className="promo-tags">
          <span className="promo-category">{t(`categories.${promotion.category}`)}</span>
          <StateBadge state={promotion.state} />
        </div>
        <h2 className="promo-card-title">
          <button type="button" className="promo-open" onClick={() => openModal('promotionModal', { code: promotion.code })}>
            {promotion.title}
          </button>
        </h2>
        <p className="promo-summary">{promotion.summary}</p>
        <p className="promo-period">
          <PromotionPeriod startsAt={promotion.startsAt} endsAt={promotion.endsAt} />
        </p>
        <span className="promo-more" aria-hidden="true">
          {t('card.details')} ›
        </span>
      </div>
    </article>
  );
}

import '../promotions.css';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ApiError } from '../../../lib/api-client.ts';
import { useSession } from '../../../lib/session-store.ts';
import type { ModalBodyProps } from '../../../ui/modals/modal-types.ts';
import { SafeHtml } from '../../../ui/safe-html.tsx';
import { usePromotion } from '../api/get-promotion.ts';
import { useFormat } from '../hooks/use-format.ts';
import { CommentSection } from './comment-section.tsx';
import { PromotionActions } from './promotion-actions.tsx';
import { PromotionPeriod } from './promotion-period.tsx';
import { PromotionTerms } from './promotion-terms.tsx';
import { StateBadge } from './state-badge.tsx';

/**
 * promotionModal: one promotion in full (banner, terms, rules, the button for its state, the activity comment).
 * Opened from the promotions page, a banner or notice that links a promotion, or the reward centre.
 */
export default function PromotionModal({ options, titleId, close }: ModalBodyProps<'promotionModal'>) {
  const { t } = useTranslation('promotions');
  const { lang } = useFormat();
  const token = useSession((s) => s.token);
  const detail = usePromotion(options.code, lang, token);

  if (detail.isPending)
    return (
      <div className="promo-detail-state" role="status">
        <h2 id={titleId} className="visually-hidden">
          {t('loading')}
        </h2>
        <div className="spinner" aria-hidden="true" />
      </div>
    );
  if (detail.isError) {
    const gone = detail.error instanceof ApiError && detail.error.status === 404;
    return (
      <div className="promo-detail-state">
        <h2 id={titleId} className="promo-detail-title">
          {gone ? t('detail.gone') : t('loadFailed')}
        </h2>
        <div className="promo-action-row">
          {gone ? (
            <Link className="btn btn-primary" to="/promotions" onClick={close}>
              {t('detail.seeAll')}
            </Link>
          ) : (
            <button type="button" className="btn btn-primary" onClick={() => void detail.refetch()}>
              {t('retry')}
            </button>
          )}
        </div>
      </div>
    );
  }

  const p = detail.data;
  return (
    <article className="promo-detail" data-state={p.state} data-code={p.code}>
      <div className="promo-detail-top">
        <div className="promo-banner promo-detail-banner">
          <img src={p.bannerUrl} alt="" width={800} height={300} />
        </div>
        <header className="promo-detail-head">
          <div className="promo-tags">
            <span className="promo-category">{t(`categories.${p.category}`)}</span>
            <StateBadge state={p.state} />
          </div>
          <h2 id={titleId} className="promo-detail-title">
            {p.title}
          </h2>
          <p className="promo-period">
            <PromotionPeriod startsAt={p.startsAt} endsAt={p.endsAt} />
          </p>
          <p className="promo-detail-summary">{p.summary}</p>
        </header>
      </div>

      <PromotionActions promotion={p} close={close} />

      <section className="promo-section" aria-labelledby={`${titleId}-terms`}>
        <h3 id={`${titleId}-terms`} className="promo-section-title">
          {t('terms.title')}
        </h3>
        <PromotionTerms promotion={p} />
      </section>

      {p.rulesHtml.trim() && (
        <section className="promo-section" aria-labelledby={`${titleId}-rules`}>
          <h3 id={`${titleId}-rules`} className="promo-section-title">
            {t('detail.rules')}
          </h3>
          {/* Operator HTML, sanitised by the server and again here; scoped so it cannot restyle the page. */}
          <SafeHtml className="promo-rules rich-text" html={p.rulesHtml} />
        </section>
      )}

      {p.state !== 'comingSoon' && <CommentSection code={p.code} />}
    </article>
  );
}

import './promotions.css';
import { PROMOTION_CATEGORIES, type PromotionCategory } from '@playfront/contract/promotions-paths';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { useSession } from '../../lib/session-store.ts';
import { openModal } from '../../ui/modals/modal-store.ts';
import { usePromotions } from './api/get-promotions.ts';
import { PromotionCard } from './components/promotion-card.tsx';
import { useFormat } from './hooks/use-format.ts';

/** The promotion popup's body (promotionModal), from this chunk: the page opens it from every card. */
export { default as PromotionModal } from './components/promotion-modal.tsx';

const isCategory = (v: string | null): v is PromotionCategory => v !== null && (PROMOTION_CATEGORIES as readonly string[]).includes(v);

/**
 * /promotions (the "Events" of the header; a lazily loaded screen group): category tabs, the promotion cards, and
 * the detail popup. `?category=` keeps the tab in the address; `?promo=<code>` (a banner's or a notice's link) opens
 * that promotion's popup once.
 */
export default function PromotionsScreen() {
  const { t } = useTranslation('promotions');
  const { lang } = useFormat();
  const token = useSession((s) => s.token);
  const [params, setParams] = useSearchParams();
  const asked = params.get('category');
  const category = isCategory(asked) ? asked : null;
  const promotions = usePromotions(lang, token);

  const linked = params.get('promo');
  useEffect(() => {
    if (!linked) return;
    openModal('promotionModal', { code: linked });
    setParams(
      (p) => {
        p.delete('promo');
        return p;
      },
      { replace: true },
    );
  }, [linked, setParams]);

  const all = promotions.data ?? [];
  const present = PROMOTION_CATEGORIES.filter((c) => all.some((p) => p.category === c));
  const shown = category ? all.filter((p) => p.category === category) : all;
  const choose = (c: PromotionCategory | null) =>
    setParams(
      (p) => {
        if (c) p.set('category', c);
        else p.delete('category');
        return p;
      },
      { replace: true },
    );

  return (
    <main className="page promos">
      <header className="promos-head">
        <h1 className="promos-title">{t('title')}</h1>
        <p className="promos-lead">{t('lead')}</p>
      </header>

      {promotions.isPending && (
        // The tabs' place while the list loads, so the cards below do not jump down when the tabs arrive.
        <div className="promos-tabs" aria-hidden="true">
          {[0, 1, 2].map((i) => (
            <span key={i} className="promos-tab promos-tab-skeleton skeleton" />
          ))}
        </div>
      )}
      {present.length > 0 && (
        // Toggle buttons rather than ARIA tabs: each one filters the same list below, nothing else changes.
        // biome-ignore lint/a11y/useSemanticElements: a group of toggle buttons, not a form fieldset.
        <div className="promos-tabs" role="group" aria-label={t('categories.label')}>
          <button type="button" className="promos-tab" aria-pressed={category === null} onClick={() => choose(null)}>
            {t('categories.all')}
            <span className="promos-tab-count">{all.length}</span>
          </button>
          {present.map((c) => (
            <button key={c} type="button" className="promos-tab" aria-pressed={category === c} onClick={() => choose(c)}>
              {t(`categories.${c}`)}
              <span className="promos-tab-count">{all.filter((p) => p.category === c).length}</span>
            </button>
          ))}
        </div>
      )}

      {promotions.isPending ? (
        <ul className="promos-grid" aria-busy="true" aria-label={t('loading')}>
          {[0, 1, 2].map((i) => (
            <li key={i} className="promo-card promo-skeleton" aria-hidden="true">
              <div className="promo-banner skeleton" />
              <div className="promo-card-body">
                <span className="skeleton promo-skeleton-line" />
                <span className="skeleton promo-skeleton-line promo-skeleton-short" />
              </div>
            </li>
          ))}
        </ul>
      ) : promotions.isError ? (
        <div className="promos-state" role="alert">
          <p>{t('loadFailed')}</p>
          <button type="button" className="btn btn-primary" onClick={() => void promotions.refetch()}>
            {t('retry')}
          </button>
        </div>
      ) : shown.length === 0 ? (
        <div className="promos-state">
          <p>{category ? t('emptyCategory') : t('empty')}</p>
          {category && (
            <button type="button" className="btn btn-ghost" onClick={() => choose(null)}>
              {t('showAll')}
            </button>
          )}
        </div>
      ) : (
        <ul className="promos-grid" aria-label={category ? t(`categories.${category}`) : t('categories.all')}>
          {shown.map((p, index) => (
            <li key={p.code}>
              <PromotionCard promotion={p} aboveFold={index < 2} />
            </li>
          ))}
        </ul>
      )}
    </main>
  );
}

import './events-count.css';
import { useTranslation } from 'react-i18next';
import { usePromotionSummary } from '../features/rewards/api/get-promotion-summary.ts';
import { useSession } from '../lib/session-store.ts';

/**
 * The public state's `availablePromoCount` (promotions the member may still act on) as a small count on the
 * header's "Events"; none when 0, unknown, or for a trial account (which takes part in none).
 */
export default function EventsCount() {
  const { t } = useTranslation();
  const token = useSession((s) => s.token);
  const realMember = useSession((s) => s.loggedIn && Boolean(s.member) && !s.isTrial);
  const count = usePromotionSummary(token, realMember).data?.availablePromoCount;
  if (!count) return null;
  return (
    <span className="header-count" data-testid="events-count">
      <span aria-hidden="true">{count > 99 ? '99+' : count}</span>
      <span className="visually-hidden">{t('header.openPromotions', { count })}</span>
    </span>
  );
}

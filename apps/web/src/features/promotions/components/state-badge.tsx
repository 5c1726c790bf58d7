import type { ActivityState } from '@playfront/contract/promotions-paths';
import { useTranslation } from 'react-i18next';

/** The member's state in a promotion (spec section 4), as a small coloured label. */
export function StateBadge({ state }: { state: ActivityState }) {
  const { t } = useTranslation('promotions');
  return (
    <span className="promo-state" data-state={state}>
      {t(`states.${state}`)}
    </span>
  );
}

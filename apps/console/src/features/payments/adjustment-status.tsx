import type { Adjustment } from '@playfront/contract/console';
import { useTranslation } from 'react-i18next';

/** PENDING reads "waiting for a second approval": a different staff member must approve it. */
export function AdjustmentStatus({ adjustment }: { adjustment: Adjustment }) {
  const { t } = useTranslation();
  if (adjustment.status === 'PENDING') return <span className="badge warn">{t('adjustments.waitingSecond')}</span>;
  if (adjustment.status === 'APPLIED') return <span className="badge ok">{t('adjustments.APPLIED')}</span>;
  return <span className="badge danger">{t('adjustments.REJECTED')}</span>;
}

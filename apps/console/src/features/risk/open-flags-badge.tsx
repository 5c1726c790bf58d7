import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

export type OpenFlagsBadgeProps = { memberId: string; count: number };

/** The member's open risk flags, as a badge linking to the risk page filtered to the member (nothing when none). */
export function OpenFlagsBadge({ memberId, count }: OpenFlagsBadgeProps) {
  const { t } = useTranslation();
  if (count <= 0) return null;
  return (
    <Link className="badge danger" to={`/risk?memberId=${encodeURIComponent(memberId)}`}>
      {t('risk.openFlagsBadge', { count })}
    </Link>
  );
}

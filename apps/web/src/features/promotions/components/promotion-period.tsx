import { useTranslation } from 'react-i18next';
import { useFormat } from '../hooks/use-format.ts';

/** When a promotion runs: "1 Nov 2026 – 30 Nov 2026", "From 1 Nov 2026" (no end), "Starts 1 Dec 2026" (not yet). */
export function PromotionPeriod({ startsAt, endsAt }: { startsAt: string; endsAt: string | null }) {
  const { t } = useTranslation('promotions');
  const { day } = useFormat();
  const started = new Date(startsAt).getTime() <= Date.now();
  const text = !started
    ? t('period.starts', { start: day(startsAt) })
    : endsAt
      ? t('period.range', { start: day(startsAt), end: day(endsAt) })
      : t('period.from', { start: day(startsAt) });
  return <time dateTime={endsAt ? `${startsAt}/${endsAt}` : startsAt}>{text}</time>;
}

import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { pad2, timeLeft } from '../lib/countdown.ts';
import { useFormat } from './parts.tsx';

/**
 * Time left until the bonus expires: days, hours and minutes while more than a day is left, then a ticking clock.
 * Not a live region (a screen reader would hear every second); the exact date and time are beside it.
 */
export function ExpiryCountdown({ expiresAt, onExpired }: { expiresAt: string; onExpired?: () => void }) {
  const { t } = useTranslation('promotions');
  const { dateTime } = useFormat();
  const [now, setNow] = useState(() => Date.now());
  const left = timeLeft(expiresAt, now);
  useEffect(() => {
    if (left.expired) {
      onExpired?.();
      return;
    }
    // Seconds only matter on the last day.
    const timer = window.setTimeout(() => setNow(Date.now()), left.days > 0 ? 30_000 : 1000);
    return () => window.clearTimeout(timer);
  }, [left.expired, left.days, onExpired]);

  const text = left.expired
    ? t('bonus.expired')
    : left.days > 0
      ? t('bonus.leftDays', { days: left.days, hours: left.hours, minutes: left.minutes })
      : t('bonus.leftClock', { clock: `${pad2(left.hours)}:${pad2(left.minutes)}:${pad2(left.seconds)}` });
  return (
    <span className="rw-countdown" data-urgent={!left.expired && left.days === 0 ? true : undefined}>
      <strong data-testid="bonus-countdown">{text}</strong>
      <span className="rw-muted"> ({t('bonus.expiresAt', { date: dateTime(expiresAt) })})</span>
    </span>
  );
}

import '../envelopes.css';
import type { NextRain } from '@playfront/contract/envelopes';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { formatWeekdayTime, useDateFormat } from '../../../lib/date-format.ts';
import { useSession } from '../../../lib/session-store.ts';
import { useRain } from '../api/get-rain.ts';
import { clockOffset, clockText } from '../lib/countdown.ts';
import { useRainOverlay } from '../lib/overlay-store.ts';
import { EnvelopeArt } from './envelope-art.tsx';
import { useTimeLeft } from './envelope-rain.tsx';

/**
 * The red envelope schedule card (reward centre): the rain running now with a button that brings its overlay back,
 * else a countdown to the next one with its time, how often it comes and for whom.
 */
export default function RainSchedule() {
  const { t } = useTranslation('envelopes');
  const token = useSession((s) => s.token);
  const rain = useRain(token);
  const pin = useRainOverlay((s) => s.pin);

  let body: ReactNode;
  if (rain.isPending) {
    body = (
      <p className="env-card-muted" role="status">
        {t('schedule.loading')}
      </p>
    );
  } else if (rain.isError) {
    body = (
      <p className="env-card-muted" role="alert">
        {t('schedule.error')}{' '}
        <button type="button" className="env-link" onClick={() => void rain.refetch()}>
          {t('schedule.retry')}
        </button>
      </p>
    );
  } else if (rain.data.current) {
    const current = rain.data.current;
    body = (
      <>
        <p className="env-card-now">{t('schedule.rainingNow')}</p>
        <Countdown label={t('schedule.endsIn')} endsAt={current.endsAt} serverNow={rain.data.now} receivedAt={rain.dataUpdatedAt} />
        <button type="button" className="env-done env-primary" onClick={() => pin(current.occurrenceId)}>
          {t('schedule.openNow')}
        </button>
      </>
    );
  } else if (rain.data.next) {
    body = <Next next={rain.data.next} serverNow={rain.data.now} receivedAt={rain.dataUpdatedAt} />;
  } else {
    body = <p className="env-card-muted">{t('schedule.none')}</p>;
  }

  return (
    <section className="env-card" aria-labelledby="env-card-title" data-testid="envelope-schedule">
      <EnvelopeArt size={44} />
      <div className="env-card-text">
        <h3 id="env-card-title" className="env-card-title">
          {t('schedule.title')}
        </h3>
        {body}
      </div>
    </section>
  );
}

function Next({ next, serverNow, receivedAt }: { next: NextRain; serverNow: string; receivedAt: number }) {
  const { t } = useTranslation('envelopes');
  const { lang } = useDateFormat();
  // The site's one rule for times (lib/date-format.ts): Bengali digits in Bengali, a 24-hour clock in both; by hand,
  // not Intl.DateTimeFormat, whose first use in a page loads the locale's data (~100 ms of a phone's main thread).
  const at = formatWeekdayTime(next.startsAt, lang);
  const often =
    next.repeatMinutes === null
      ? t('schedule.once')
      : next.repeatMinutes === 1440
        ? t('schedule.daily')
        : t('schedule.everyMinutes', { count: next.repeatMinutes });
  return (
    <>
      <Countdown label={t('schedule.nextIn')} endsAt={next.startsAt} serverNow={serverNow} receivedAt={receivedAt} />
      <p className="env-card-muted">
        {t('schedule.startsAt', { time: at })} · {often} · {t('schedule.lasts', { count: next.durationSeconds })} ·{' '}
        {next.minVipLevel > 0 ? t('schedule.forVip', { level: next.minVipLevel }) : t('schedule.forAll')}
      </p>
    </>
  );
}

function Countdown({ label, endsAt, serverNow, receivedAt }: { label: string; endsAt: string; serverNow: string; receivedAt: number }) {
  const left = useTimeLeft(endsAt, clockOffset(serverNow, receivedAt));
  return (
    <p className="env-countdown">
      <span className="env-card-muted">{label}</span>{' '}
      {/* The figure changes every second: not announced each time (role timer is not live by default). */}
      <strong role="timer" data-testid="envelope-countdown">
        {clockText(left)}
      </strong>
    </p>
  );
}

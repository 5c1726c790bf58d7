import '../../../ui/styles/member-page.css';
import './protection.css';
import type { ProtectionStatus } from '@playfront/contract/protection';
import { COOL_OFF_CHOICES, LIMIT_KINDS, REALITY_CHECK_CHOICES, SELF_EXCLUSION_CHOICES } from '@playfront/contract/protection-paths';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { localDigits, useDateFormat } from '../../../lib/date-format.ts';
import { usePermission } from '../../../lib/permission.ts';
import { useSession } from '../../../lib/session-store.ts';
import { showDialog } from '../../../ui/modals/modal-store.ts';
import { ErrorAlert, MemberPageFrame } from '../../../ui/page-states.tsx';
import { useSetRealityCheck, useStartBlock } from '../api/change-protection.ts';
import { useProtection } from '../api/get-protection.ts';
import { LimitRow } from './limit-row.tsx';

/**
 * Responsible gaming (issue 18), reached from the security centre: the member's deposit, loss and wager limits per
 * day, week and month and the daily session time, the reality check, and a cool-off or self-exclusion.
 */
export default function ProtectionPage() {
  const { t } = useTranslation('protection');
  const token = useSession((s) => s.token);
  const status = useProtection(token);
  const symbol = usePermission().data?.brand.currencySymbol ?? '';
  return (
    <MemberPageFrame id="pr-title" className="pr-page" title={t('title')} lead={t('lead')}>
      {status.isPending ? (
        <div className="wl-state" role="status" aria-live="polite">
          <div className="spinner" aria-hidden="true" />
          <span>{t('loading')}</span>
        </div>
      ) : status.isError ? (
        <div className="wl-state wl-state-error" role="alert">
          <p>{t('loadFailed')}</p>
          <button type="button" className="btn btn-ghost btn-sm" onClick={() => void status.refetch()}>
            {t('retry')}
          </button>
        </div>
      ) : (
        <>
          {status.data.block && <BlockNotice block={status.data.block} />}
          <section className="pr-card" aria-labelledby="pr-limits">
            <h3 id="pr-limits" className="pr-card-title">
              {t('limitsTitle')}
            </h3>
            <p className="pr-hint">{t('limitsLead', { zone: status.data.timeZone })}</p>
            <div className="pr-groups">
              {LIMIT_KINDS.map((kind) => (
                <div key={kind} className="pr-group">
                  <h4 className="pr-group-title">{t(`kinds.${kind}`)}</h4>
                  <p className="pr-hint">{t(`kindHints.${kind}`)}</p>
                  <ul className="pr-list">
                    {status.data.limits
                      .filter((l) => l.name.startsWith(kind))
                      .map((l) => (
                        <LimitRow key={l.name} limit={l} symbol={symbol} />
                      ))}
                  </ul>
                </div>
              ))}
              <div className="pr-group">
                <h4 className="pr-group-title">{t('kinds.SESSION')}</h4>
                <p className="pr-hint">{t('kindHints.SESSION')}</p>
                <ul className="pr-list">
                  {status.data.limits
                    .filter((l) => l.name === 'SESSION_DAY')
                    .map((l) => (
                      <LimitRow key={l.name} limit={l} symbol={symbol} />
                    ))}
                </ul>
              </div>
            </div>
          </section>
          <RealityCheckCard minutes={status.data.realityCheckMinutes} />
          {!status.data.block && <BreakCard />}
        </>
      )}
    </MemberPageFrame>
  );
}

function BlockNotice({ block }: { block: NonNullable<ProtectionStatus['block']> }) {
  const { t } = useTranslation('protection');
  const { dateTime } = useDateFormat();
  const text =
    block.kind === 'COOL_OFF'
      ? t('block.coolOffUntil', { at: dateTime(block.until ?? '') })
      : block.until
        ? t('block.excludedUntil', { at: dateTime(block.until) })
        : t('block.excludedPermanent');
  return (
    <div className="pr-block" role="status">
      <p className="pr-block-title">{text}</p>
      <p>{t('block.withdrawStill')}</p>
      <Link className="btn btn-primary btn-sm" to="/member?page=withdraw">
        {t('block.withdraw')}
      </Link>
    </div>
  );
}

function RealityCheckCard({ minutes }: { minutes: number }) {
  const { t } = useTranslation('protection');
  const { lang } = useDateFormat();
  const id = useId();
  const save = useSetRealityCheck();
  const [saved, setSaved] = useState(false);
  return (
    <section className="pr-card" aria-labelledby={`${id}-t`}>
      <h3 id={`${id}-t`} className="pr-card-title">
        {t('reality.title')}
      </h3>
      <p className="pr-hint">{t('reality.lead')}</p>
      <div className="pr-form">
        <label htmlFor={`${id}-s`} className="pr-label">
          {t('reality.every')}
        </label>
        <select
          id={`${id}-s`}
          className="pr-input"
          value={minutes}
          disabled={save.isPending}
          onChange={(e) => {
            setSaved(false);
            save.mutate(Number(e.target.value), { onSuccess: () => setSaved(true) });
          }}
        >
          {REALITY_CHECK_CHOICES.map((m) => (
            <option key={m} value={m}>
              {m === 0 ? t('reality.off') : t('minutes', { count: m, n: localDigits(m, lang) })}
            </option>
          ))}
        </select>
      </div>
      <ErrorAlert error={save.error} className="pr-error" />
      {saved && (
        <p className="pr-ok" role="status">
          {t('saved')}
        </p>
      )}
    </section>
  );
}

function BreakCard() {
  const { t } = useTranslation('protection');
  const id = useId();
  const start = useStartBlock();
  const [coolOff, setCoolOff] = useState<(typeof COOL_OFF_CHOICES)[number]>('1D');
  const [exclusion, setExclusion] = useState<(typeof SELF_EXCLUSION_CHOICES)[number]>('6M');

  const ask = async (kind: 'COOL_OFF' | 'SELF_EXCLUSION') => {
    const duration = kind === 'COOL_OFF' ? coolOff : exclusion;
    const answer = await showDialog({
      icon: 'warning',
      titleKey: kind === 'COOL_OFF' ? 'protection:break.confirmCoolOffTitle' : 'protection:break.confirmExclusionTitle',
      messageKey: 'protection:break.confirmMessage',
      params: { duration: t(`durations.${duration}`) },
      buttons: [
        { id: 'cancel', labelKey: 'dialog.cancel', variant: 'secondary' },
        { id: 'confirm', labelKey: 'protection:break.confirm', variant: 'primary' },
      ],
    });
    if (answer === 'confirm') start.mutate(kind === 'COOL_OFF' ? { kind, duration: coolOff } : { kind, duration: exclusion });
  };

  return (
    <section className="pr-card" aria-labelledby={`${id}-t`}>
      <h3 id={`${id}-t`} className="pr-card-title">
        {t('break.title')}
      </h3>
      <p className="pr-hint">{t('break.lead')}</p>
      <div className="pr-break">
        <div className="pr-break-option">
          <h4 className="pr-group-title">{t('break.coolOff')}</h4>
          <p className="pr-hint">{t('break.coolOffHint')}</p>
          <div className="pr-form">
            <label htmlFor={`${id}-c`} className="pr-sr">
              {t('break.duration')}
            </label>
            <select id={`${id}-c`} className="pr-input" value={coolOff} onChange={(e) => setCoolOff(e.target.value as typeof coolOff)}>
              {COOL_OFF_CHOICES.map((d) => (
                <option key={d} value={d}>
                  {t(`durations.${d}`)}
                </option>
              ))}
            </select>
            <button type="button" className="btn btn-primary btn-sm" disabled={start.isPending} onClick={() => void ask('COOL_OFF')}>
              {t('break.startCoolOff')}
            </button>
          </div>
        </div>
        <div className="pr-break-option">
          <h4 className="pr-group-title">{t('break.exclusion')}</h4>
          <p className="pr-hint">{t('break.exclusionHint')}</p>
          <div className="pr-form">
            <label htmlFor={`${id}-e`} className="pr-sr">
              {t('break.duration')}
            </label>
            <select
              id={`${id}-e`}
              className="pr-input"
              value={exclusion}
              onChange={(e) => setExclusion(e.target.value as typeof exclusion)}
            >
              {SELF_EXCLUSION_CHOICES.map((d) => (
                <option key={d} value={d}>
                  {t(`durations.${d}`)}
                </option>
              ))}
            </select>
            <button
              type="button"
              className="btn btn-primary btn-sm pr-danger"
              disabled={start.isPending}
              onClick={() => void ask('SELF_EXCLUSION')}
            >
              {t('break.startExclusion')}
            </button>
          </div>
        </div>
      </div>
      <ErrorAlert error={start.error} className="pr-error" />
    </section>
  );
}

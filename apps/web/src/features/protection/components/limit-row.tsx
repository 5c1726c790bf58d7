import type { LimitState } from '@playfront/contract/protection';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { localDigits, useDateFormat } from '../../../lib/date-format.ts';
import { formatMoney } from '../../../lib/format.ts';
import { ErrorAlert } from '../../../ui/page-states.tsx';
import { useCancelLimit, useConfirmLimit, useSetLimit } from '../api/change-protection.ts';
import { parseLimitInput, usedPercent } from '../lib/limit-amount.ts';

export type LimitRowProps = { limit: LimitState; symbol: string };

/**
 * One limit: what is set, how much of it this period used (a meter), a field to change it, and a pending raise or
 * removal with the time it may be confirmed from. Lowering applies at once; raising or removing waits 24 hours.
 */
export function LimitRow({ limit, symbol }: LimitRowProps) {
  const { t } = useTranslation('protection');
  const { dateTime, lang } = useDateFormat();
  const id = useId();
  const minutes = limit.name === 'SESSION_DAY';
  const show = (v: string) => (minutes ? t('minutes', { count: Number(v), n: localDigits(v, lang) }) : formatMoney(v, { symbol }));
  const [text, setText] = useState('');
  const [invalid, setInvalid] = useState(false);
  const [notice, setNotice] = useState<string | null>(null);
  const set = useSetLimit();
  const confirm = useConfirmLimit();
  const cancel = useCancelLimit();
  const error = set.error ?? confirm.error ?? cancel.error;
  const busy = set.isPending || confirm.isPending || cancel.isPending;

  const save = (value: string | null) => {
    setNotice(null);
    set.mutate(
      { name: limit.name, value },
      {
        onSuccess: (status) => {
          setText('');
          const now = status.limits.find((l) => l.name === limit.name);
          setNotice(now?.pending ? t('pendingSaved') : t('saved'));
        },
      },
    );
  };
  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    const value = parseLimitInput(text, minutes);
    setInvalid(value === null);
    if (value !== null) save(value);
  };
  const percent = usedPercent(limit.used, limit.value);

  return (
    <li className="pr-limit" aria-labelledby={`${id}-name`}>
      <div className="pr-limit-head">
        <span id={`${id}-name`} className="pr-limit-name">
          {t(`periods.${limit.name.split('_')[1] as 'DAY' | 'WEEK' | 'MONTH'}`)}
        </span>
        <span className="pr-limit-value">{limit.value === null ? t('noLimit') : show(limit.value)}</span>
      </div>
      {limit.value !== null && (
        <div className="pr-meter-wrap">
          {/* Decorative: the line below says the same in words. */}
          <div className="pr-meter" aria-hidden="true">
            <span style={{ width: `${percent}%` }} data-full={percent >= 100 || undefined} />
          </div>
          <p className="pr-hint">
            {t('usedOf', { used: show(limit.used), limit: show(limit.value) })} · {t('resets', { at: dateTime(limit.periodEnd) })}
          </p>
        </div>
      )}
      {limit.value === null && BigInt(limit.used) > 0n && <p className="pr-hint">{t('usedSoFar', { used: show(limit.used) })}</p>}
      {limit.pending && (
        <div className="pr-pending" role="status">
          <p>
            {limit.pending.value === null
              ? t('pendingRemove', { at: dateTime(limit.pending.availableAt) })
              : t('pendingRaise', { value: show(limit.pending.value), at: dateTime(limit.pending.availableAt) })}
          </p>
          <div className="pr-actions">
            <button
              type="button"
              className="btn btn-primary btn-sm"
              disabled={!limit.pending.confirmable || busy}
              onClick={() => confirm.mutate(limit.name, { onSuccess: () => setNotice(t('confirmed')) })}
            >
              {t('confirm')}
            </button>
            <button type="button" className="btn btn-ghost btn-sm" disabled={busy} onClick={() => cancel.mutate(limit.name)}>
              {t('cancelChange')}
            </button>
          </div>
        </div>
      )}
      <form className="pr-form" onSubmit={submit} noValidate>
        <label className="pr-sr" htmlFor={`${id}-input`}>
          {t('newValue', { name: t(`names.${limit.name}`) })}
        </label>
        <input
          id={`${id}-input`}
          className="pr-input"
          inputMode={minutes ? 'numeric' : 'decimal'}
          autoComplete="off"
          placeholder={minutes ? t('minutesPlaceholder') : t('amountPlaceholder')}
          value={text}
          aria-invalid={invalid || undefined}
          aria-describedby={invalid ? `${id}-invalid` : undefined}
          onChange={(e) => {
            setText(e.target.value);
            setInvalid(false);
          }}
        />
        <button type="submit" className="btn btn-primary btn-sm" disabled={busy || !text.trim()}>
          {t('set')}
        </button>
        {limit.value !== null && !limit.pending && (
          <button type="button" className="btn btn-ghost btn-sm" disabled={busy} onClick={() => save(null)}>
            {t('remove')}
          </button>
        )}
      </form>
      {invalid && (
        <p id={`${id}-invalid`} className="pr-error" role="alert">
          {minutes ? t('invalidMinutes') : t('invalidAmount')}
        </p>
      )}
      <ErrorAlert error={error} className="pr-error" />
      {notice && !error && (
        <p className="pr-ok" role="status">
          {notice}
        </p>
      )}
    </li>
  );
}

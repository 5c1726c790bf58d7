import { LIMITS } from '@playfront/contract/constants';
import { useEffect, useRef, useState } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { localDigits } from '../../../lib/date-format.ts';
import { fromI18n } from '../../../lib/i18n.ts';
import { TextField } from './form-parts.tsx';

/**
 * The get-code button (spec section 4, SMS code): after a code is sent it is
 * disabled for the server's minutes × 60 s (1 minute by default), counting
 * down, and presses closer than 1 s apart are ignored.
 */
export function SmsCodeButton({ onRequest, startSeconds = 0 }: { onRequest: () => Promise<number | null>; startSeconds?: number }) {
  const { t, i18n } = useTranslation('auth');
  const lang = fromI18n(i18n.resolvedLanguage ?? i18n.language);
  // A code may already be on its way when the field appears (the login's second step).
  const [until, setUntil] = useState(() => (startSeconds > 0 ? Date.now() + startSeconds * 1000 : 0));
  const [now, setNow] = useState(() => Date.now());
  const [busy, setBusy] = useState(false);
  const lastPress = useRef(0);
  const left = Math.max(0, Math.ceil((until - now) / 1000));

  useEffect(() => {
    if (until <= Date.now()) return;
    const timer = window.setInterval(() => setNow(Date.now()), 1000);
    return () => window.clearInterval(timer);
  }, [until]);

  const press = async () => {
    const at = Date.now();
    if (busy || left > 0 || at - lastPress.current < LIMITS.smsButtonThrottleMs) return;
    lastPress.current = at;
    setBusy(true);
    try {
      const minutes = await onRequest();
      if (minutes !== null) {
        // The contract's default (its session module, with zod) is read only when the server named no duration.
        const duration = minutes || (await import('@playfront/contract/session')).DEFAULT_SMS_CODE_MINUTES;
        setNow(Date.now());
        setUntil(Date.now() + duration * 60_000);
      }
    } finally {
      setBusy(false);
    }
  };

  return (
    <button type="button" className="btn btn-ghost btn-sm field-action" disabled={busy || left > 0} onClick={() => void press()}>
      {left > 0 ? t('sms.resendIn', { seconds: localDigits(left, lang) }) : busy ? t('sms.sending') : t('sms.getCode')}
    </button>
  );
}

export type SmsCodeFieldProps = {
  registration: UseFormRegisterReturn;
  error?: string | undefined;
  required?: boolean;
  onRequest: () => Promise<number | null>;
  /** Shown under the field (e.g. where the code went). */
  hint?: string | undefined;
  /** Seconds of countdown already running (a code was sent before the field appeared). */
  startSeconds?: number;
};

/** The verification code input with its get-code button. */
export function SmsCodeField({ registration, error, required, onRequest, hint, startSeconds }: SmsCodeFieldProps) {
  const { t } = useTranslation('auth');
  return (
    <TextField
      label={t('field.verificationCode')}
      registration={registration}
      error={error}
      required={required}
      hint={hint}
      autoComplete="one-time-code"
      inputMode="numeric"
      maxLength={LIMITS.verificationCodeMax}
      trailing={<SmsCodeButton onRequest={onRequest} startSeconds={startSeconds} />}
    />
  );
}

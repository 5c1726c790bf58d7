import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../lib/api-client.ts';
import { sendPaymentPasswordCode, useSavePaymentPassword } from '../api/payment-password.ts';

export type PaymentPasswordMode = 'set' | 'change' | 'forgot';
type Values = { proof: string; smsCode: string; pin: string; confirm: string };

const PIN = /^\d{6}$/;

/**
 * The payment password (a 6-digit PIN, decision 016): set it the first time with the login password, change it with
 * the old one and an SMS code, or replace a forgotten one with the login password and an SMS code.
 */
export function PaymentPasswordForm({ mode, onCancel, onDone }: { mode: PaymentPasswordMode; onCancel: () => void; onDone: () => void }) {
  const { t } = useTranslation('security');
  const { t: tAny } = useTranslation();
  const save = useSavePaymentPassword();
  const [alert, setAlert] = useState<string | null>(null);
  const [sent, setSent] = useState<{ maskedMobile: string; expiredMinutes: number } | null>(null);
  const [sending, setSending] = useState(false);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<Values>({ defaultValues: { proof: '', smsCode: '', pin: '', confirm: '' } });
  const needsCode = mode !== 'set';

  const sendCode = async () => {
    setAlert(null);
    setSending(true);
    try {
      setSent(await sendPaymentPasswordCode());
    } catch (err) {
      setAlert(err instanceof ApiError ? err.messageKey : 'errors:unknown');
    } finally {
      setSending(false);
    }
  };

  const onSubmit = handleSubmit((v) => {
    setAlert(null);
    const required = 'security:pay.required';
    if (v.proof === '') return setError('proof', { type: 'client', message: required }, { shouldFocus: true });
    if (needsCode && v.smsCode.trim() === '') return setError('smsCode', { type: 'client', message: required }, { shouldFocus: true });
    if (!PIN.test(v.pin)) return setError('pin', { type: 'client', message: 'security:pay.pinRule' }, { shouldFocus: true });
    if (v.confirm !== v.pin) return setError('confirm', { type: 'client', message: 'security:pay.mismatch' }, { shouldFocus: true });
    const input =
      mode === 'set'
        ? { mode, password: v.proof, newPaymentPassword: v.pin }
        : mode === 'change'
          ? { mode, oldPaymentPassword: v.proof, smsCode: v.smsCode.trim(), newPaymentPassword: v.pin }
          : { mode, password: v.proof, smsCode: v.smsCode.trim(), newPaymentPassword: v.pin };
    save.mutate(input, {
      onSuccess: onDone,
      onError: (err) => {
        if (!(err instanceof ApiError)) return setAlert('errors:unknown');
        if (['OLD_PASSWORD_INCORRECT', 'PAYMENT_PASSWORD_INVALID'].includes(err.code))
          return setError('proof', { type: 'server', message: err.messageKey }, { shouldFocus: true });
        if (['INVALID_VERIFICATION_CODE', 'CODE_EXPIRED'].includes(err.code))
          return setError('smsCode', { type: 'server', message: err.messageKey }, { shouldFocus: true });
        setAlert(err.messageKey);
      },
    });
  });

  const proofLabel = mode === 'change' ? t('pay.oldPin') : t('pay.loginPassword');
  return (
    <form className="sc-form sc-code-form" noValidate onSubmit={onSubmit}>
      <h4 className="sc-row-title">{t(`pay.title_${mode}`)}</h4>
      <PinField label={proofLabel} error={errors.proof?.message} numeric={mode === 'change'} autoComplete="current-password">
        {register('proof')}
      </PinField>
      {needsCode && (
        <div className="sc-code-row">
          <PinField label={t('pay.smsCode')} error={errors.smsCode?.message} numeric visible autoComplete="one-time-code">
            {register('smsCode')}
          </PinField>
          <button type="button" className="btn btn-ghost btn-sm" disabled={sending} onClick={() => void sendCode()}>
            {sent ? t('contacts.resend') : t('contacts.sendCode')}
          </button>
          {sent && (
            <p role="status" className="sc-hint">
              {t('pay.sent', { mobile: sent.maskedMobile, minutes: sent.expiredMinutes })}
            </p>
          )}
        </div>
      )}
      <PinField label={t('pay.newPin')} hint={t('pay.pinRule')} error={errors.pin?.message} numeric autoComplete="new-password">
        {register('pin')}
      </PinField>
      <PinField label={t('pay.confirmPin')} error={errors.confirm?.message} numeric autoComplete="new-password">
        {register('confirm')}
      </PinField>
      {alert && (
        <p role="alert" className="sc-alert sc-alert-error">
          {tAny(alert as never) as string}
        </p>
      )}
      <div className="sc-actions">
        <button type="button" className="btn btn-ghost" onClick={onCancel}>
          {t('twoStep.cancel')}
        </button>
        <button type="submit" className="btn btn-primary" disabled={save.isPending}>
          {save.isPending ? t('loading') : t('pay.save')}
        </button>
      </div>
    </form>
  );
}

function PinField({
  label,
  hint,
  error,
  numeric,
  visible,
  autoComplete,
  children,
}: {
  label: string;
  hint?: string;
  error: string | undefined;
  numeric?: boolean;
  visible?: boolean;
  autoComplete: string;
  children: ReturnType<ReturnType<typeof useForm<Values>>['register']>;
}) {
  const { t } = useTranslation();
  const id = useId();
  const described = [hint ? `${id}-hint` : null, error ? `${id}-error` : null].filter(Boolean).join(' ') || undefined;
  return (
    <div className="sc-field" data-invalid={error ? '' : undefined}>
      <label className="sc-label" htmlFor={id}>
        {label}
      </label>
      <input
        id={id}
        className="sc-input sc-code-input"
        type={visible ? 'text' : 'password'}
        inputMode={numeric ? 'numeric' : 'text'}
        autoComplete={autoComplete}
        maxLength={numeric ? 6 : 128}
        aria-invalid={error ? true : undefined}
        aria-describedby={described}
        {...children}
      />
      {hint && (
        <p id={`${id}-hint`} className="sc-hint">
          {hint}
        </p>
      )}
      {error && (
        <p id={`${id}-error`} className="sc-field-error">
          {t(error as never) as string}
        </p>
      )}
    </div>
  );
}

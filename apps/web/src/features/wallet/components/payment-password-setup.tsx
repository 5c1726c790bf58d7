import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSetPaymentPassword } from '../api/set-payment-password.ts';
import { describedBy, Field, FormError } from './parts.tsx';
import { useWithdrawAccess } from './withdraw-access.ts';

const SIX_DIGITS = /^\d{6}$/;

/**
 * First-time payment password (the server asks for the login password as proof).
 * Shown wherever a payment password is needed and none is set yet.
 */
export function PaymentPasswordSetup() {
  const { t } = useTranslation('wallet');
  const id = useId();
  const access = useWithdrawAccess();
  const save = useSetPaymentPassword(access.restricted ? (access.token ?? undefined) : undefined);
  const [values, setValues] = useState({ password: '', next: '', confirm: '' });
  const [tried, setTried] = useState(false);
  const errors = {
    password: values.password ? undefined : t('payPassword.problems.loginRequired'),
    next: SIX_DIGITS.test(values.next) ? undefined : t('payPassword.problems.sixDigits'),
    confirm: values.confirm === values.next ? undefined : t('payPassword.problems.mismatch'),
  };
  const shown = (k: keyof typeof errors) => (tried ? errors[k] : undefined);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    setTried(true);
    if (errors.password || errors.next || errors.confirm) return;
    save.mutate({ password: values.password, newPaymentPassword: values.next });
  };
  const set = (k: keyof typeof values) => (e: { target: { value: string } }) => setValues((v) => ({ ...v, [k]: e.target.value }));
  return (
    <form className="wl-card wl-form" onSubmit={submit} noValidate aria-labelledby={`${id}-title`}>
      <h3 id={`${id}-title`} className="wl-card-title">
        {t('payPassword.title')}
      </h3>
      <p className="wl-muted">{t('payPassword.lead')}</p>
      <Field id={`${id}-login`} label={t('payPassword.loginPassword')} error={shown('password')}>
        <input
          id={`${id}-login`}
          className="wl-input"
          type="password"
          autoComplete="current-password"
          value={values.password}
          onChange={set('password')}
          {...describedBy(`${id}-login`, shown('password'))}
        />
      </Field>
      <Field id={`${id}-new`} label={t('payPassword.new')} error={shown('next')} hint={t('payPassword.hint')}>
        <input
          id={`${id}-new`}
          className="wl-input"
          type="password"
          inputMode="numeric"
          autoComplete="new-password"
          maxLength={6}
          value={values.next}
          onChange={set('next')}
          {...describedBy(`${id}-new`, shown('next'), true)}
        />
      </Field>
      <Field id={`${id}-confirm`} label={t('payPassword.confirm')} error={shown('confirm')}>
        <input
          id={`${id}-confirm`}
          className="wl-input"
          type="password"
          inputMode="numeric"
          autoComplete="new-password"
          maxLength={6}
          value={values.confirm}
          onChange={set('confirm')}
          {...describedBy(`${id}-confirm`, shown('confirm'))}
        />
      </Field>
      <FormError error={save.error} />
      <button type="submit" className="btn btn-primary" disabled={save.isPending}>
        {save.isPending ? t('state.saving') : t('payPassword.save')}
      </button>
    </form>
  );
}

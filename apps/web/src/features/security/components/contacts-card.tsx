import type { AccountInfo } from '@playfront/contract/security';
import { EMAIL_MAX, isEmailAddress } from '@playfront/contract/security-paths';
import { type ReactNode, useEffect, useId, useState } from 'react';
import { type FieldValues, type Path, type UseFormSetError, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../lib/api-client.ts';
import { useSession } from '../../../lib/session-store.ts';
import { useBindContact } from '../api/bind-contact.ts';
import { useCountryCodes } from '../api/get-country-codes.ts';
import { sendEmailCode, sendMobileCode } from '../api/send-contact-code.ts';

type Kind = 'mobile' | 'email';

/**
 * The mobile number and e-mail bound to the account (issue 15, part 2), shown masked: bind one with a code sent to
 * it, or change it with codes to the bound one and the new one.
 */
export function ContactsCard({ account }: { account: AccountInfo }) {
  const { t } = useTranslation('security');
  const id = useId();
  const [editing, setEditing] = useState<Kind | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const done = (kind: Kind) => {
    setEditing(null);
    setNotice(t(`contacts.${kind}Saved`));
  };
  const row = (kind: Kind, value: string | null) => (
    <div className="sc-password-row">
      <div>
        <h4 className="sc-row-title">{t(`contacts.${kind}`)}</h4>
        <p className="sc-hint">{value ?? t('account.notBound')}</p>
      </div>
      {editing !== kind && (
        <button
          type="button"
          className="btn btn-ghost btn-sm"
          aria-label={t(value ? `contacts.change_${kind}` : `contacts.bind_${kind}`)}
          onClick={() => {
            setNotice(null);
            setEditing(kind);
          }}
        >
          {value ? t('contacts.change') : t('contacts.bind')}
        </button>
      )}
    </div>
  );
  return (
    <section className="sc-card" aria-labelledby={`${id}-title`}>
      <h3 id={`${id}-title`} className="sc-card-title">
        {t('contacts.title')}
      </h3>
      <p className="sc-hint">{t('contacts.lead')}</p>
      {notice && (
        <p role="status" className="sc-alert sc-alert-success">
          {notice}
        </p>
      )}
      {row('mobile', account.mobile)}
      {editing === 'mobile' && <MobileForm bound={account.mobile} onCancel={() => setEditing(null)} onDone={() => done('mobile')} />}
      {row('email', account.email)}
      {editing === 'email' && <EmailForm bound={account.email} onCancel={() => setEditing(null)} onDone={() => done('email')} />}
    </section>
  );
}

/** Server refusals: field problems go to their fields, anything else to the form's alert. */
function applyError<T extends FieldValues>(err: unknown, setError: UseFormSetError<T>, setAlert: (key: string) => void) {
  if (!(err instanceof ApiError)) return setAlert('errors:unknown');
  const fields = Object.entries(err.body?.fields ?? {});
  for (const [name, problem] of fields) setError(name as Path<T>, { type: 'server', message: problem.key.replace(/^errors\./, 'errors:') });
  if (fields.length === 0) setAlert(err.messageKey);
}

type MobileValues = { countryDialingCode: string; mobileNum: string; code: string; currentCode: string };

function MobileForm({ bound, onCancel, onDone }: { bound: string | null; onCancel: () => void; onDone: () => void }) {
  const { t } = useTranslation('security');
  const token = useSession((s) => s.token);
  const countries = useCountryCodes(true);
  const bind = useBindContact(token).mobile;
  const [alert, setAlert] = useState<string | null>(null);
  const [sent, setSent] = useState<{ new?: number; current?: number }>({});
  const {
    register,
    handleSubmit,
    getValues,
    setValue,
    setError,
    clearErrors,
    formState: { errors },
  } = useForm<MobileValues>({ defaultValues: { countryDialingCode: '', mobileNum: '', code: '', currentCode: '' } });
  const list = countries.data?.list ?? [];
  const defaultDialing = list.find((c) => c.code === countries.data?.defaultCountry)?.dialingCode ?? list[0]?.dialingCode ?? '';
  // The brand's default country is chosen once the list arrives.
  useEffect(() => {
    if (defaultDialing && getValues('countryDialingCode') === '') setValue('countryDialingCode', defaultDialing);
  }, [defaultDialing, getValues, setValue]);

  const send = async (to: 'new' | 'current') => {
    setAlert(null);
    clearErrors();
    const { countryDialingCode, mobileNum } = getValues();
    if (to === 'new' && mobileNum.trim() === '')
      return setError('mobileNum', { type: 'client', message: 'security:contacts.mobileRequired' }, { shouldFocus: true });
    try {
      const r = await sendMobileCode(
        to === 'new' ? { to, countryDialingCode: countryDialingCode || defaultDialing, mobileNum: mobileNum.trim() } : { to },
      );
      setSent((s) => ({ ...s, [to]: r.expiredMinutes }));
    } catch (err) {
      applyError(err, setError, setAlert);
    }
  };

  const onSubmit = handleSubmit((v) => {
    setAlert(null);
    if (v.code.trim() === '') return setError('code', { type: 'client', message: 'security:contacts.codeRequired' }, { shouldFocus: true });
    if (bound && v.currentCode.trim() === '')
      return setError('currentCode', { type: 'client', message: 'security:contacts.codeRequired' }, { shouldFocus: true });
    bind.mutate(
      {
        countryDialingCode: v.countryDialingCode || defaultDialing,
        mobileNum: v.mobileNum.trim(),
        code: v.code.trim(),
        ...(bound ? { currentCode: v.currentCode.trim() } : {}),
      },
      { onSuccess: onDone, onError: (err) => applyError(err, setError, setAlert) },
    );
  });

  return (
    <form className="sc-form sc-code-form" noValidate onSubmit={onSubmit}>
      {bound && (
        <CodeRow
          label={t('contacts.currentCode', { value: bound })}
          registration={register('currentCode')}
          error={errors.currentCode?.message}
          sentMinutes={sent.current}
          onSend={() => void send('current')}
        />
      )}
      <div className="sc-inline-fields">
        <Field label={t('contacts.country')} error={errors.countryDialingCode?.message}>
          {(props) => (
            <select className="sc-input" {...props} {...register('countryDialingCode')} disabled={countries.isPending}>
              {list.map((c) => (
                <option key={c.code} value={c.dialingCode}>
                  {`${c.code} ${c.dialingCode}`}
                </option>
              ))}
            </select>
          )}
        </Field>
        <Field label={t('contacts.newMobile')} error={errors.mobileNum?.message}>
          {(props) => (
            <input
              className="sc-input"
              type="tel"
              inputMode="tel"
              autoComplete="tel-national"
              maxLength={20}
              {...props}
              {...register('mobileNum')}
            />
          )}
        </Field>
      </div>
      <CodeRow
        label={t('contacts.newCode')}
        registration={register('code')}
        error={errors.code?.message}
        sentMinutes={sent.new}
        onSend={() => void send('new')}
      />
      <FormEnd alert={alert} busy={bind.isPending} onCancel={onCancel} />
    </form>
  );
}

type EmailValues = { email: string; code: string; currentCode: string };

function EmailForm({ bound, onCancel, onDone }: { bound: string | null; onCancel: () => void; onDone: () => void }) {
  const { t } = useTranslation('security');
  const token = useSession((s) => s.token);
  const bind = useBindContact(token).email;
  const [alert, setAlert] = useState<string | null>(null);
  const [sent, setSent] = useState<{ new?: number; current?: number }>({});
  const {
    register,
    handleSubmit,
    getValues,
    setError,
    clearErrors,
    formState: { errors },
  } = useForm<EmailValues>({ defaultValues: { email: '', code: '', currentCode: '' } });

  const send = async (to: 'new' | 'current') => {
    setAlert(null);
    clearErrors();
    const email = getValues('email').trim();
    if (to === 'new' && !isEmailAddress(email))
      return setError('email', { type: 'client', message: 'errors:emailInvalid' }, { shouldFocus: true });
    try {
      const r = await sendEmailCode(to === 'new' ? { to, email } : { to });
      setSent((s) => ({ ...s, [to]: r.expiredMinutes }));
    } catch (err) {
      applyError(err, setError, setAlert);
    }
  };

  const onSubmit = handleSubmit((v) => {
    setAlert(null);
    if (!isEmailAddress(v.email.trim()))
      return setError('email', { type: 'client', message: 'errors:emailInvalid' }, { shouldFocus: true });
    if (v.code.trim() === '') return setError('code', { type: 'client', message: 'security:contacts.codeRequired' }, { shouldFocus: true });
    if (bound && v.currentCode.trim() === '')
      return setError('currentCode', { type: 'client', message: 'security:contacts.codeRequired' }, { shouldFocus: true });
    bind.mutate(
      { email: v.email.trim(), code: v.code.trim(), ...(bound ? { currentCode: v.currentCode.trim() } : {}) },
      { onSuccess: onDone, onError: (err) => applyError(err, setError, setAlert) },
    );
  });

  return (
    <form className="sc-form sc-code-form" noValidate onSubmit={onSubmit}>
      {bound && (
        <CodeRow
          label={t('contacts.currentCode', { value: bound })}
          registration={register('currentCode')}
          error={errors.currentCode?.message}
          sentMinutes={sent.current}
          onSend={() => void send('current')}
        />
      )}
      <Field label={t('contacts.newEmail')} error={errors.email?.message}>
        {(props) => (
          <input className="sc-input" type="email" autoComplete="email" maxLength={EMAIL_MAX} {...props} {...register('email')} />
        )}
      </Field>
      <CodeRow
        label={t('contacts.newCode')}
        registration={register('code')}
        error={errors.code?.message}
        sentMinutes={sent.new}
        onSend={() => void send('new')}
      />
      <FormEnd alert={alert} busy={bind.isPending} onCancel={onCancel} />
    </form>
  );
}

type FieldProps = { id: string; 'aria-invalid'?: true; 'aria-describedby'?: string };

/** A labelled control with its error (a catalogue key `ns:key`), linked for screen readers. */
function Field({ label, error, children }: { label: string; error: string | undefined; children: (props: FieldProps) => ReactNode }) {
  const { t } = useTranslation();
  const id = useId();
  return (
    <div className="sc-field" data-invalid={error ? '' : undefined}>
      <label className="sc-label" htmlFor={id}>
        {label}
      </label>
      {children({ id, ...(error ? { 'aria-invalid': true as const, 'aria-describedby': `${id}-error` } : {}) })}
      {error && (
        <p id={`${id}-error`} className="sc-field-error">
          {t(error as never) as string}
        </p>
      )}
    </div>
  );
}

function CodeRow({
  label,
  registration,
  error,
  sentMinutes,
  onSend,
}: {
  label: string;
  registration: ReturnType<ReturnType<typeof useForm>['register']>;
  error: string | undefined;
  sentMinutes: number | undefined;
  onSend: () => void;
}) {
  const { t } = useTranslation('security');
  return (
    <div className="sc-code-row">
      <Field label={label} error={error}>
        {(props) => (
          <input
            className="sc-input sc-code-input"
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={10}
            {...props}
            {...registration}
          />
        )}
      </Field>
      <button type="button" className="btn btn-ghost btn-sm" onClick={onSend}>
        {sentMinutes ? t('contacts.resend') : t('contacts.sendCode')}
      </button>
      {sentMinutes ? (
        <p role="status" className="sc-hint">
          {t('contacts.sent', { minutes: sentMinutes })}
        </p>
      ) : null}
    </div>
  );
}

function FormEnd({ alert, busy, onCancel }: { alert: string | null; busy: boolean; onCancel: () => void }) {
  const { t } = useTranslation('security');
  const { t: tAny } = useTranslation();
  return (
    <>
      {alert && (
        <p role="alert" className="sc-alert sc-alert-error">
          {tAny(alert as never) as string}
        </p>
      )}
      <div className="sc-actions">
        <button type="button" className="btn btn-ghost" onClick={onCancel}>
          {t('twoStep.cancel')}
        </button>
        <button type="submit" className="btn btn-primary" disabled={busy}>
          {busy ? t('loading') : t('contacts.save')}
        </button>
      </div>
    </>
  );
}

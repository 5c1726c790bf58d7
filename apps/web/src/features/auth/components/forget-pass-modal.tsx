import './auth.css';
import { zodResolver } from '@hookform/resolvers/zod';
import { useId, useMemo, useState } from 'react';
import { type FieldPath, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { closeModal, openModal, showDialog } from '../../../ui/modals/modal-store.ts';
import type { ModalBodyProps } from '../../../ui/modals/modal-types.ts';
import { forgotByEmail } from '../api/forgot-by-email.ts';
import { type AuthSettings, useAuthSettings } from '../api/get-auth-settings.ts';
import { login } from '../api/login.ts';
import { resetByEmail, resetByPhone } from '../api/reset-password.ts';
import { sendNoLoginCode } from '../api/send-sms-code.ts';
import { encodeProblem } from '../lib/field-problem.ts';
import {
  type ForgotEmailValues,
  forgotEmailSchema,
  mobileProblem,
  type ResetCodeValues,
  type ResetPhoneValues,
  resetByEmailSchema,
  resetByPhoneSchema,
} from '../lib/form-rules.ts';
import { errorMessage, fieldErrors } from '../lib/server-errors.ts';
import { useCompleteLogin } from '../session/use-complete-login.ts';
import { CaptchaField, useCaptcha } from './captcha.tsx';
import { FormAlert, LinkButton, PasswordField, SubmitButton, TextField } from './form-parts.tsx';
import { MobileField } from './mobile-field.tsx';
import { SmsCodeField } from './sms-code.tsx';
import { showSmsFailure } from './sms-failure.ts';
import { TabPanel, Tabs } from './tabs.tsx';

type Method = 'email' | 'mobile';

// The e-mail step the member returns to from the "code sent" dialog (the popup itself closes, spec section 4).
let emailCodeFor: string | null = null;

/**
 * forgetPassModal (spec sections 2, 4, 5): by e-mail (username + e-mail →
 * a reset code by e-mail, then code + new password) and, when phone reset is
 * on (PHONE_PASSWORD_RESET), by mobile (code by SMS + new password, then an
 * automatic login).
 */
export default function ForgetPassModal({ options, titleId, modalId }: ModalBodyProps<'forgetPassModal'>) {
  const { t } = useTranslation('auth');
  const idBase = useId();
  const settings = useAuthSettings();
  const phoneReset = Boolean(settings.data?.whitelabel.features.PHONE_PASSWORD_RESET);
  const [chosen, setChosen] = useState<Method>(options.method ?? 'email');
  const method: Method = phoneReset ? chosen : 'email';
  const [codeStepFor] = useState(() => {
    const username = emailCodeFor;
    emailCodeFor = null;
    return username;
  });

  return (
    <div className="auth">
      <h2 id={titleId} className="modal-title">
        {t('forgot.title')}
      </h2>
      {phoneReset && (
        <Tabs
          label={t('forgot.methods')}
          idBase={idBase}
          value={method}
          onChange={setChosen}
          tabs={[
            { id: 'email', label: t('forgot.tabEmail') },
            { id: 'mobile', label: t('forgot.tabMobile') },
          ]}
        />
      )}
      <TabPanel idBase={idBase} value={method} withTabs={phoneReset}>
        {method === 'mobile' && settings.data ? (
          <PhoneResetForm settings={settings.data} />
        ) : (
          <EmailReset settings={settings.data} modalId={modalId} codeStepFor={codeStepFor} />
        )}
      </TabPanel>
      <p className="auth-switch">
        {t('forgot.remembered')} <LinkButton onClick={() => openModal('loginPopupModal')}>{t('register.toLogin')}</LinkButton>
      </p>
    </div>
  );
}

function EmailReset({
  settings,
  modalId,
  codeStepFor,
}: {
  settings: AuthSettings | undefined;
  modalId: number;
  codeStepFor: string | null;
}) {
  const { t } = useTranslation('auth');
  const [step, setStep] = useState<'request' | 'code'>(codeStepFor === null ? 'request' : 'code');
  if (step === 'code') return <EmailCodeForm settings={settings} username={codeStepFor ?? ''} />;
  return (
    <>
      <p className="auth-lead">{t('forgot.emailLead')}</p>
      <EmailRequestForm settings={settings} modalId={modalId} />
      <p className="auth-switch">
        <LinkButton onClick={() => setStep('code')}>{t('forgot.haveCode')}</LinkButton>
      </p>
    </>
  );
}

/** Username + e-mail: success is a confirmation dialog and the popup closes (spec section 4). */
function EmailRequestForm({ settings, modalId }: { settings: AuthSettings | undefined; modalId: number }) {
  const { t } = useTranslation('auth');
  const schema = useMemo(() => forgotEmailSchema(settings?.rules), [settings]);
  const [alert, setAlert] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<ForgotEmailValues>({ resolver: zodResolver(schema), defaultValues: { username: '', email: '' } });

  const onSubmit = handleSubmit(async (values) => {
    setAlert(null);
    const username = values.username.trim();
    try {
      await forgotByEmail({ username, email: values.email.trim() });
    } catch (err) {
      const fields = fieldErrors(err);
      for (const [name, message] of fields) setError(name as FieldPath<ForgotEmailValues>, { type: 'server', message });
      if (fields.length === 0) setAlert(errorMessage(err));
      return;
    }
    closeModal(modalId);
    const choice = await showDialog({
      icon: 'success',
      titleKey: 'auth:forgot.emailSentTitle',
      messageKey: 'auth:forgot.emailSent',
      buttons: [
        { id: 'later', labelKey: 'dialog.ok' },
        { id: 'code', labelKey: 'auth:forgot.enterCode', variant: 'primary' },
      ],
    });
    if (choice === 'code') {
      emailCodeFor = username;
      openModal('forgetPassModal', { method: 'email' });
    }
  });

  return (
    <form className="auth-form" noValidate onSubmit={onSubmit}>
      <FormAlert message={alert} />
      <TextField
        label={t('field.username')}
        registration={register('username')}
        error={errors.username?.message}
        required
        autoComplete="username"
        maxLength={64}
        autoFocus
      />
      <TextField
        label={t('field.email')}
        registration={register('email')}
        error={errors.email?.message}
        required
        type="email"
        inputMode="email"
        autoComplete="email"
        maxLength={255}
      />
      <SubmitButton busy={isSubmitting} busyLabel={t('forgot.sending')}>
        {t('forgot.sendEmail')}
      </SubmitButton>
    </form>
  );
}

/** Logs in with the new password after a reset; when that needs more (a second step), the login popup takes over. */
function useLoginAfterReset() {
  const completeLogin = useCompleteLogin();
  return async (username: string, password: string) => {
    try {
      const result = await login({ type: 'username', username, password, site: 'member' });
      completeLogin(result, { kind: 'reset', site: 'member', username, password });
    } catch {
      openModal('loginPopupModal');
      await showDialog({ icon: 'success', messageKey: 'auth:forgot.resetDone' });
    }
  };
}

/** The e-mailed code + a new password. */
function EmailCodeForm({ settings, username }: { settings: AuthSettings | undefined; username: string }) {
  const { t } = useTranslation('auth');
  const loginAfterReset = useLoginAfterReset();
  const schema = useMemo(() => resetByEmailSchema(settings?.rules), [settings]);
  const rule = settings?.rules.password;
  const [alert, setAlert] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<ResetCodeValues>({ resolver: zodResolver(schema), defaultValues: { username, verificationCode: '', newPassword: '' } });

  const onSubmit = handleSubmit(async (values) => {
    setAlert(null);
    try {
      const result = await resetByEmail({
        username: values.username.trim(),
        verificationCode: values.verificationCode.trim(),
        newPassword: values.newPassword,
      });
      await loginAfterReset(result.username, values.newPassword);
    } catch (err) {
      const fields = fieldErrors(err);
      for (const [name, message] of fields) setError(name as FieldPath<ResetCodeValues>, { type: 'server', message });
      if (fields.length === 0) setAlert(errorMessage(err));
    }
  });

  return (
    <form className="auth-form" noValidate onSubmit={onSubmit}>
      <p className="auth-lead">{t('forgot.codeLead')}</p>
      <FormAlert message={alert} />
      <TextField
        label={t('field.username')}
        registration={register('username')}
        error={errors.username?.message}
        required
        autoComplete="username"
        maxLength={64}
        autoFocus={username === ''}
      />
      <TextField
        label={t('field.emailCode')}
        registration={register('verificationCode')}
        error={errors.verificationCode?.message}
        required
        autoComplete="one-time-code"
        inputMode="numeric"
        maxLength={255}
        autoFocus={username !== ''}
      />
      <PasswordField
        label={t('field.newPassword')}
        registration={register('newPassword')}
        error={errors.newPassword?.message}
        hint={rule ? t(`patterns:${rule.patternId}` as never, { min: rule.minLength, max: rule.maxLength }) : undefined}
        required
        autoComplete="new-password"
        maxLength={128}
      />
      <SubmitButton busy={isSubmitting} busyLabel={t('forgot.saving')}>
        {t('forgot.savePassword')}
      </SubmitButton>
    </form>
  );
}

/** Mobile + SMS code + new password; success logs in with the new password and goes home (spec section 4). */
function PhoneResetForm({ settings }: { settings: AuthSettings }) {
  const { t } = useTranslation('auth');
  const loginAfterReset = useLoginAfterReset();
  const countries = settings.register.countries;
  const schema = useMemo(() => resetByPhoneSchema(settings.rules, countries), [settings, countries]);
  const rule = settings.rules.password;
  const captcha = useCaptcha(true);
  const [alert, setAlert] = useState<string | null>(null);
  const [codeHint, setCodeHint] = useState<string | undefined>(undefined);
  const defaultDialing = countries.find((c) => c.code === settings.register.defaultCountry)?.dialingCode ?? countries[0]?.dialingCode ?? '';
  const {
    register,
    handleSubmit,
    setError,
    setValue,
    getValues,
    clearErrors,
    formState: { errors, isSubmitting },
  } = useForm<ResetPhoneValues>({
    resolver: zodResolver(schema),
    defaultValues: { countryDialingCode: defaultDialing, mobileNum: '', verificationCode: '', captcha: '', newPassword: '' },
  });

  const requestCode = async (): Promise<number | null> => {
    clearErrors(['mobileNum', 'captcha']);
    const { countryDialingCode, mobileNum, captcha: answer } = getValues();
    const problem = mobileProblem(countryDialingCode, mobileNum, countries);
    if (problem) {
      setError('mobileNum', { type: 'client', message: encodeProblem(problem) }, { shouldFocus: true });
      return null;
    }
    if (answer.trim() === '') {
      setError('captcha', { type: 'client', message: encodeProblem({ key: 'patterns.captcha' }) }, { shouldFocus: true });
      return null;
    }
    try {
      const sent = await sendNoLoginCode({
        mobileNum: mobileNum.trim(),
        countryDialingCode,
        captchaId: captcha.captchaId,
        captcha: answer.trim(),
      });
      setCodeHint(t('sms.sent'));
      return sent.expiredMinutes;
    } catch (err) {
      for (const [name, message] of fieldErrors(err)) setError(name as FieldPath<ResetPhoneValues>, { type: 'server', message });
      await showSmsFailure(err);
      return null;
    } finally {
      captcha.renew();
      setValue('captcha', '');
    }
  };

  const onSubmit = handleSubmit(async (values) => {
    setAlert(null);
    try {
      const result = await resetByPhone({
        mobileNum: values.mobileNum.trim(),
        countryDialingCode: values.countryDialingCode,
        verificationCode: values.verificationCode.trim(),
        newPassword: values.newPassword,
      });
      await loginAfterReset(result.username, values.newPassword);
    } catch (err) {
      const fields = fieldErrors(err);
      for (const [name, message] of fields) setError(name as FieldPath<ResetPhoneValues>, { type: 'server', message });
      if (fields.length === 0) setAlert(errorMessage(err));
    }
  });

  return (
    <form className="auth-form" noValidate onSubmit={onSubmit}>
      <FormAlert message={alert} />
      <MobileField
        countries={countries}
        countryRegistration={register('countryDialingCode')}
        registration={register('mobileNum')}
        error={errors.mobileNum?.message}
        required
      />
      <CaptchaField state={captcha} registration={register('captcha')} error={errors.captcha?.message} hint={t('captcha.beforeCode')} />
      <SmsCodeField
        registration={register('verificationCode')}
        error={errors.verificationCode?.message}
        required
        hint={codeHint}
        onRequest={requestCode}
      />
      <PasswordField
        label={t('field.newPassword')}
        registration={register('newPassword')}
        error={errors.newPassword?.message}
        hint={rule ? t(`patterns:${rule.patternId}` as never, { min: rule.minLength, max: rule.maxLength }) : undefined}
        required
        autoComplete="new-password"
        maxLength={128}
      />
      <SubmitButton busy={isSubmitting} busyLabel={t('forgot.saving')}>
        {t('forgot.savePassword')}
      </SubmitButton>
    </form>
  );
}

import type { LoginSite, TwoStepRequiredValue } from '@playfront/contract/session';
import { useMemo, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { type BlockedLogin, blockedLoginOf } from '../../../lib/withdraw-only.ts';
import type { AuthSettings } from '../api/get-auth-settings.ts';
import { login, preloadLogin } from '../api/login.ts';
import { sendNoLoginCode } from '../api/send-sms-code.ts';
import { encodeProblem } from '../lib/field-problem.ts';
import type { SmsLoginValues } from '../lib/form-rules.ts';
import { lazyZodResolver, preloadFormRules } from '../lib/lazy-resolver.ts';
import { readRemembered, rememberSmsMobile } from '../lib/remember-me.ts';
import { errorCode, errorMessage, errorValue, fieldErrors } from '../lib/server-errors.ts';
import { useCompleteLogin } from '../session/use-complete-login.ts';
import { CaptchaField, useCaptcha } from './captcha.tsx';
import { CheckboxField, FormAlert, SubmitButton } from './form-parts.tsx';
import { MobileField } from './mobile-field.tsx';
import { SmsCodeField } from './sms-code.tsx';
import { showSmsFailure } from './sms-failure.ts';
import { isTwoStep, TwoStepLoginStep } from './two-step-login-step.tsx';
import { WithdrawOnlyOffer } from './withdraw-only-offer.tsx';

/** A form's first keystroke fetches what its submit needs (the rules with zod, the sealing code), not its opening. */
const preloadSubmit = () => {
  preloadFormRules();
  preloadLogin();
};

/**
 * SMS code login (MOBILEVERCODELOGIN3): mobile with country code, a captcha
 * that guards the code request, the code, remember-me (the mobile is kept).
 * Never forces a password change (the server decides; spec section 4).
 */
export function SmsLoginForm({ settings, site }: { settings: AuthSettings; site: LoginSite }) {
  const { t } = useTranslation('auth');
  const completeLogin = useCompleteLogin();
  const countries = settings.register.countries;
  const remembered = useMemo(readRemembered, []);
  const defaultDialing = countries.find((c) => c.code === settings.register.defaultCountry)?.dialingCode ?? countries[0]?.dialingCode ?? '';
  const [alert, setAlert] = useState<string | null>(null);
  // A cool-off or self-exclusion: the refusal's withdrawal-only access (member site only).
  const [blocked, setBlocked] = useState<BlockedLogin | null>(null);
  const [twoStep, setTwoStep] = useState<TwoStepRequiredValue | null>(null);
  const [codeHint, setCodeHint] = useState<string | undefined>(undefined);
  const captcha = useCaptcha(true);
  const resolver = useMemo(() => lazyZodResolver<SmsLoginValues>((rules) => rules.smsLoginSchema(countries)), [countries]);
  const {
    register,
    handleSubmit,
    setError,
    setValue,
    getValues,
    clearErrors,
    formState: { errors, isSubmitting },
  } = useForm<SmsLoginValues>({
    resolver,
    defaultValues: {
      countryDialingCode: remembered.smsMobile?.countryDialingCode ?? defaultDialing,
      mobileNum: remembered.smsMobile?.mobileNum ?? '',
      verificationCode: '',
      captcha: '',
      remember: Boolean(remembered.smsMobile),
    },
  });

  /** The mobile is checked before a code is requested; the captcha answer is spent by the request. */
  const requestCode = async (): Promise<number | null> => {
    clearErrors(['mobileNum', 'captcha']);
    const { countryDialingCode, mobileNum, captcha: answer } = getValues();
    const { mobileProblem } = await import('../lib/form-rules.ts');
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
      for (const [name, message] of fieldErrors(err)) setError(name as keyof SmsLoginValues, { type: 'server', message });
      await showSmsFailure(err);
      return null;
    } finally {
      captcha.renew();
      setValue('captcha', '');
    }
  };

  const onSubmit = handleSubmit(async (values) => {
    setAlert(null);
    setBlocked(null);
    try {
      const result = await login({
        type: 'sms',
        mobileNum: values.mobileNum.trim(),
        countryDialingCode: values.countryDialingCode,
        verificationCode: values.verificationCode.trim(),
        site,
      });
      rememberSmsMobile(values.countryDialingCode, values.mobileNum.trim(), values.remember);
      completeLogin(result, { kind: 'sms', site });
    } catch (err) {
      // Two-step login on: the SMS code was right; the authenticator code is still asked for.
      const value = errorValue(err);
      if (errorCode(err) === 'TWO_STEP_REQUIRED' && isTwoStep(value)) {
        rememberSmsMobile(values.countryDialingCode, values.mobileNum.trim(), values.remember);
        setTwoStep(value);
        return;
      }
      const fields = fieldErrors(err);
      for (const [name, message] of fields) setError(name as keyof SmsLoginValues, { type: 'server', message });
      if (fields.length === 0) {
        if (['INVALID_VERIFICATION_CODE', 'CODE_EXPIRED'].includes((err as { code?: string }).code ?? '')) {
          setError('verificationCode', { type: 'server', message: errorMessage(err) }, { shouldFocus: true });
        } else setAlert(errorMessage(err));
      }
      if (site === 'member') setBlocked(blockedLoginOf(errorCode(err), value));
    }
  });

  if (twoStep)
    return (
      <TwoStepLoginStep
        step={twoStep}
        context={{ kind: 'sms', site }}
        onRestart={() => {
          setTwoStep(null);
          setValue('verificationCode', '');
        }}
      />
    );

  return (
    <form className="auth-form" noValidate onSubmit={onSubmit} onInput={preloadSubmit}>
      <FormAlert message={alert} />
      <WithdrawOnlyOffer blocked={blocked} />
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
      <CheckboxField registration={register('remember')}>{t('login.rememberMobile')}</CheckboxField>
      <SubmitButton busy={isSubmitting} busyLabel={t('login.submitting')}>
        {t('login.submit')}
      </SubmitButton>
    </form>
  );
}

import type { LoginSite, TwoStepRequiredValue, VerificationRequiredValue } from '@playfront/contract/session';
import { useMemo, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { type BlockedLogin, blockedLoginOf } from '../../../lib/withdraw-only.ts';
import { openModal } from '../../../ui/modals/modal-store.ts';
import { login, preloadLogin } from '../api/login.ts';
import type { PasswordLoginValues } from '../lib/form-rules.ts';
import { lazyZodResolver, preloadFormRules } from '../lib/lazy-resolver.ts';
import { readRemembered, rememberUsername } from '../lib/remember-me.ts';
import { errorCode, errorMessage, errorValue, fieldErrors, isCaptchaError } from '../lib/server-errors.ts';
import { type LoginContext, useCompleteLogin } from '../session/use-complete-login.ts';
import { CaptchaField, useCaptcha } from './captcha.tsx';
import { CheckboxField, FormAlert, LinkButton, PasswordField, SubmitButton, TextField } from './form-parts.tsx';
import { SmsCodeField } from './sms-code.tsx';
import { isTwoStep, TwoStepLoginStep } from './two-step-login-step.tsx';
import { WithdrawOnlyOffer } from './withdraw-only-offer.tsx';

const isVerificationStep = (value: Record<string, unknown>): value is VerificationRequiredValue =>
  value.verificationRequired === 'mobile' && typeof value.maskedMobile === 'string';

export type PasswordLoginFormProps = {
  /** `agent`: the agent site's login (agents only). */
  site: LoginSite;
};

/** A form's first keystroke fetches what its submit needs (the rules with zod, the sealing code), not its opening. */
const preloadSubmit = () => {
  preloadFormRules();
  preloadLogin();
};

/**
 * Username/password login (spec sections 2, 4, 5): remember-me, the captcha
 * once the server asks for it after a failure, and the second step (a code
 * sent to the member's mobile) for an IP the account has not used before.
 * The payload is sealed for the server (E call).
 */
export function PasswordLoginForm({ site }: PasswordLoginFormProps) {
  const { t } = useTranslation('auth');
  const completeLogin = useCompleteLogin();
  const remembered = useMemo(readRemembered, []);
  const [captchaShown, setCaptchaShown] = useState(false);
  const [verification, setVerification] = useState<VerificationRequiredValue | null>(null);
  const [alert, setAlert] = useState<string | null>(null);
  // A cool-off or self-exclusion: the refusal's withdrawal-only access (member site only).
  const [blocked, setBlocked] = useState<BlockedLogin | null>(null);
  const [twoStep, setTwoStep] = useState<{ step: TwoStepRequiredValue; context: LoginContext } | null>(null);
  const captcha = useCaptcha(captchaShown);
  const resolver = useMemo(
    () =>
      lazyZodResolver<PasswordLoginValues>((rules) =>
        rules.passwordLoginSchema({ captcha: captchaShown, verification: verification !== null }),
      ),
    [captchaShown, verification],
  );
  const {
    register,
    handleSubmit,
    setError,
    setValue,
    getValues,
    formState: { errors, isSubmitting },
  } = useForm<PasswordLoginValues>({
    resolver,
    defaultValues: {
      username: remembered.username,
      password: '',
      captcha: '',
      verificationCode: '',
      remember: Boolean(remembered.username),
    },
  });

  /** One attempt; `withCode` false re-sends the second-step code. Returns the code's minutes when one was sent. */
  const attempt = async (values: PasswordLoginValues, withCode: boolean): Promise<number | null> => {
    setAlert(null);
    setBlocked(null);
    const captchaUsed = captchaShown;
    const username = values.username.trim();
    try {
      const result = await login({
        type: 'username',
        username,
        password: values.password,
        site,
        captchaId: captchaUsed ? captcha.captchaId : undefined,
        captcha: captchaUsed ? values.captcha.trim() : undefined,
        verificationCode: withCode && verification ? values.verificationCode.trim() : undefined,
      });
      rememberUsername(username, values.remember);
      completeLogin(result, { kind: 'password', site, username, password: values.password });
      return null;
    } catch (err) {
      const value = errorValue(err);
      // Every captcha answer is single use: a new image after each attempt that used one.
      if (captchaUsed) {
        captcha.renew();
        setValue('captcha', '');
      }
      if (value.captcha === true) setCaptchaShown(true);
      // Two-step login on: the password was right; the authenticator code is the second step.
      if (errorCode(err) === 'TWO_STEP_REQUIRED' && isTwoStep(value)) {
        rememberUsername(username, values.remember);
        setTwoStep({ step: value, context: { kind: 'password', site, username, password: values.password } });
        return null;
      }
      if (errorCode(err) === 'VERIFICATION_REQUIRED' && isVerificationStep(value)) {
        setVerification(value);
        return value.expiredMinutes;
      }
      if (isCaptchaError(err) && captchaUsed) {
        setError('captcha', { type: 'server', message: errorMessage(err) });
        return null;
      }
      if (['INVALID_VERIFICATION_CODE', 'CODE_EXPIRED'].includes(errorCode(err))) {
        setError('verificationCode', { type: 'server', message: errorMessage(err) });
        return null;
      }
      const fields = fieldErrors(err);
      for (const [name, message] of fields) setError(name as keyof PasswordLoginValues, { type: 'server', message });
      if (fields.length === 0) setAlert(errorMessage(err));
      if (site === 'member') setBlocked(blockedLoginOf(errorCode(err), value));
      return null;
    }
  };

  const onSubmit = handleSubmit(async (values) => {
    await attempt(values, true);
  });

  if (twoStep)
    return (
      <TwoStepLoginStep
        step={twoStep.step}
        context={twoStep.context}
        onRestart={() => {
          setTwoStep(null);
          setValue('password', '');
        }}
      />
    );

  return (
    <form className="auth-form" noValidate onSubmit={onSubmit} onInput={preloadSubmit}>
      <FormAlert message={alert} />
      <WithdrawOnlyOffer blocked={blocked} />
      <TextField
        label={t(site === 'agent' ? 'field.agentUsername' : 'field.username')}
        registration={register('username')}
        error={errors.username?.message}
        required
        autoComplete="username"
        maxLength={64}
        autoFocus
      />
      <PasswordField
        label={t('field.password')}
        registration={register('password')}
        error={errors.password?.message}
        required
        autoComplete="current-password"
        maxLength={128}
      />
      {captchaShown && <CaptchaField state={captcha} registration={register('captcha')} error={errors.captcha?.message} required />}
      {verification && (
        <SmsCodeField
          registration={register('verificationCode')}
          error={errors.verificationCode?.message}
          required
          startSeconds={verification.expiredMinutes * 60}
          hint={t('login.verificationSent', { mobile: verification.maskedMobile })}
          onRequest={() => attempt(getValues(), false)}
        />
      )}
      <div className="auth-row">
        <CheckboxField registration={register('remember')}>{t('login.remember')}</CheckboxField>
        <LinkButton onClick={() => openModal('forgetPassModal')}>{t('login.forgot')}</LinkButton>
      </div>
      <SubmitButton busy={isSubmitting} busyLabel={t('login.submitting')}>
        {t('login.submit')}
      </SubmitButton>
    </form>
  );
}

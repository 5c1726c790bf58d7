import type { RegisterRequest } from '@playfront/contract/session';
import type { FieldRuleDto } from '@playfront/contract/system';
import { useEffect, useMemo, useState } from 'react';
import { type FieldPath, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { localDigits } from '../../../lib/date-format.ts';
import { fromI18n } from '../../../lib/i18n.ts';
import { showDialog } from '../../../ui/modals/modal-store.ts';
import { checkAffiliate } from '../api/check-affiliate.ts';
import type { AuthSettings } from '../api/get-auth-settings.ts';
import { getTerms } from '../api/get-terms.ts';
import { register as registerAccount } from '../api/register.ts';
import { sendRegisterCode } from '../api/send-sms-code.ts';
import { encodeProblem } from '../lib/field-problem.ts';
import { lazyZodResolver, preloadFormRules } from '../lib/lazy-resolver.ts';
import {
  codeCoversCaptcha,
  emptyRegisterValues,
  type OptionalField,
  planRegister,
  type RegisterMode,
  type RegisterValues,
} from '../lib/register-plan.ts';
import { errorCode, errorMessage, fieldErrors, isCaptchaError } from '../lib/server-errors.ts';
import { useCompleteLogin } from '../session/use-complete-login.ts';
import { CaptchaField, useCaptcha } from './captcha.tsx';
import { CheckboxField, FormAlert, LinkButton, PasswordField, SubmitButton, TextField, type TextFieldProps } from './form-parts.tsx';
import { MobileField } from './mobile-field.tsx';
import { SmsCodeField } from './sms-code.tsx';
import { showSmsFailure } from './sms-failure.ts';

/** How each optional field is typed: the keyboard and autofill a phone should offer. */
const OPTIONAL_INPUTS: Record<OptionalField, Pick<TextFieldProps, 'type' | 'autoComplete' | 'inputMode'>> = {
  payeeName: { autoComplete: 'name' },
  paymentPassword: { autoComplete: 'new-password', inputMode: 'numeric' },
  qqNum: { inputMode: 'numeric', autoComplete: 'off' },
  line: { autoComplete: 'off' },
  whatsapp: { type: 'tel', inputMode: 'tel', autoComplete: 'tel' },
  facebook: { autoComplete: 'off' },
  wechat: { autoComplete: 'off' },
  idNumber: { autoComplete: 'off' },
  email: { type: 'email', inputMode: 'email', autoComplete: 'email' },
  affiliateCode: { autoComplete: 'off' },
};

/** Server names that differ from the form's. */
const SERVER_FIELDS = { mobileNo: 'mobileNum', termsAccepted: 'terms' };

export type RegisterFormProps = {
  mode: RegisterMode;
  settings: AuthSettings;
  referralCode: string | undefined;
  /** An agent's code from their referral link (`?affiliateCode=`): the field starts filled, so the member joins the team. */
  affiliateCode?: string | undefined;
};

/**
 * One registration tab. Fields, required-ness and messages come from the
 * brand's rules (regValidata) through register-plan.ts; the affiliate code is
 * checked before registering; server field problems land under their inputs.
 * The resolver (zod and the schema) is fetched at the first keystroke and
 * needed at the first check, so opening the popup runs no zod (issue 19).
 */
export function RegisterForm({ mode, settings, referralCode, affiliateCode: linkedAffiliate }: RegisterFormProps) {
  const { t, i18n } = useTranslation('auth');
  const completeLogin = useCompleteLogin();
  const { rules, whitelabel, register: registerSettings } = settings;
  const countries = registerSettings.countries;
  const plan = useMemo(() => planRegister(mode, rules, whitelabel), [mode, rules, whitelabel]);
  const minimumAge = registerSettings.minimumAge;
  const resolver = useMemo(
    () => lazyZodResolver<RegisterValues>((formRules) => formRules.registerSchema(plan, rules, countries, minimumAge)),
    [plan, rules, countries, minimumAge],
  );
  // The captcha is asked once (issue 22): with an SMS code it sits above "Get code" and goes with the code request;
  // the registration then needs none. After a code is sent it hides until another code may be asked for.
  const withCode = plan.verificationCode.shown;
  const [codeSentTo, setCodeSentTo] = useState<string | null>(null);
  const [captchaRestsUntil, setCaptchaRestsUntil] = useState(0);
  const captchaResting = captchaRestsUntil > 0;
  const captcha = useCaptcha(plan.captcha.shown || withCode);
  const [alert, setAlert] = useState<string | null>(null);
  const [codeHint, setCodeHint] = useState<string | undefined>(undefined);
  useEffect(() => {
    if (captchaRestsUntil <= 0) return;
    const timer = window.setTimeout(() => setCaptchaRestsUntil(0), Math.max(0, captchaRestsUntil - Date.now()));
    return () => window.clearTimeout(timer);
  }, [captchaRestsUntil]);
  const defaultDialing = countries.find((c) => c.code === registerSettings.defaultCountry)?.dialingCode ?? countries[0]?.dialingCode ?? '';
  const {
    register,
    handleSubmit,
    setError,
    setValue,
    getValues,
    trigger,
    clearErrors,
    formState: { errors, isSubmitting },
    watch,
  } = useForm<RegisterValues>({
    // Each field is checked when it loses focus, then as it is corrected (issue 22), and all of them on submit.
    mode: 'onTouched',
    // The first check (a blur, or a submit) may wait for the rules' chunk; the first keystroke starts fetching it.
    resolver,
    defaultValues: { ...emptyRegisterValues(defaultDialing), affiliateCode: linkedAffiliate ?? '' },
  });

  const ruleHint = (rule: FieldRuleDto | undefined) =>
    rule ? t(`patterns:${rule.patternId}` as never, { min: rule.minLength, max: rule.maxLength }) : undefined;
  const setServerErrors = (err: unknown): boolean => {
    const fields = fieldErrors(err, SERVER_FIELDS);
    for (const [name, message] of fields) setError(name as FieldPath<RegisterValues>, { type: 'server', message });
    return fields.length > 0;
  };

  const requestCode = async (): Promise<number | null> => {
    clearErrors(['mobileNum', 'captcha']);
    const { mobileNum, countryDialingCode, captcha: answer } = getValues();
    if (mobileNum.trim() === '') {
      setError('mobileNum', { type: 'client', message: encodeProblem({ key: 'patterns.required' }) }, { shouldFocus: true });
      return null;
    }
    if (!(await trigger('mobileNum', { shouldFocus: true }))) return null;
    if (answer.trim() === '') {
      setError('captcha', { type: 'client', message: encodeProblem({ key: 'patterns.captcha' }) }, { shouldFocus: true });
      return null;
    }
    try {
      const sent = await sendRegisterCode({
        mobileNo: mobileNum.trim(),
        countryDialingCode,
        captchaId: captcha.captchaId,
        captcha: answer.trim(),
      });
      const lang = fromI18n(i18n.resolvedLanguage ?? i18n.language);
      setCodeHint(t('sms.sentValid', { minutes: localDigits(sent.validMinutes ?? sent.expiredMinutes, lang) }));
      setCodeSentTo(mobileNum.trim());
      setCaptchaRestsUntil(Date.now() + (sent.expiredMinutes || 1) * 60_000);
      return sent.expiredMinutes;
    } catch (err) {
      setServerErrors(err);
      await showSmsFailure(err);
      return null;
    } finally {
      captcha.renew();
      setValue('captcha', '');
    }
  };

  const onSubmit = handleSubmit(async (values) => {
    setAlert(null);
    const affiliateCode = values.affiliateCode.trim();
    const shows = (field: OptionalField) => plan.optional.some((o) => o.field === field);
    // The affiliate code first (spec section 4): an invalid one stops here with a warning.
    if (shows('affiliateCode') && affiliateCode !== '') {
      try {
        await checkAffiliate(affiliateCode);
      } catch (err) {
        if (errorCode(err) === 'INVALID_AFFILIATE') {
          setError('affiliateCode', { type: 'server', message: errorMessage(err) });
          await showDialog({ icon: 'warning', messageKey: 'errors:invalidAffiliate' });
        } else setAlert(errorMessage(err));
        return;
      }
    }
    const optional = (field: OptionalField) => {
      if (!shows(field)) return undefined;
      const value = field === 'paymentPassword' ? values[field] : values[field].trim();
      return value === '' ? undefined : value;
    };
    const mobile = values.mobileNum.trim();
    const askCaptchaOnSubmit = plan.captcha.shown && !codeCoversCaptcha(plan, mobile);
    const payload: RegisterRequest = {
      username: plan.username.shown ? values.username.trim() : undefined,
      password: plan.password.shown ? values.password : undefined,
      confirmPassword: plan.password.shown ? values.confirmPassword : undefined,
      mobileNum: plan.mobileNum.shown && mobile !== '' ? mobile : undefined,
      countryDialingCode: plan.mobileNum.shown && mobile !== '' ? values.countryDialingCode : undefined,
      verificationCode: plan.verificationCode.shown && values.verificationCode.trim() !== '' ? values.verificationCode.trim() : undefined,
      payeeName: optional('payeeName'),
      paymentPassword: optional('paymentPassword'),
      qqNum: optional('qqNum'),
      line: optional('line'),
      whatsapp: optional('whatsapp'),
      facebook: optional('facebook'),
      wechat: optional('wechat'),
      idNumber: optional('idNumber'),
      email: optional('email'),
      affiliateCode: optional('affiliateCode'),
      captchaId: askCaptchaOnSubmit ? captcha.captchaId : undefined,
      captcha: askCaptchaOnSubmit ? values.captcha.trim() : undefined,
      referralCode,
      domain: window.location.hostname,
      registerUrl: `${window.location.origin}${window.location.pathname}${window.location.search}`,
      registerMethod: 'WEB',
      login: true,
      termsAccepted: values.terms,
      ageConfirmed: values.ageConfirmed,
    };
    try {
      const result = await registerAccount(mode, payload);
      completeLogin(result, { kind: 'register', site: 'member' });
    } catch (err) {
      if (askCaptchaOnSubmit) {
        captcha.renew();
        setValue('captcha', '');
      }
      if (isCaptchaError(err)) {
        setError('captcha', { type: 'server', message: errorMessage(err) }, { shouldFocus: true });
        return;
      }
      const hadFields = setServerErrors(err);
      if (errorCode(err) === 'INVALID_AFFILIATE') await showDialog({ icon: 'warning', messageKey: 'errors:invalidAffiliate' });
      else if (!hadFields) setAlert(errorMessage(err));
    }
  });

  const showTerms = async () => {
    try {
      const terms = await getTerms();
      await showDialog({
        icon: 'info',
        titleKey: 'auth:register.termsTitle',
        html: terms?.content,
        messageKey: terms ? undefined : 'auth:register.termsMissing',
      });
    } catch (err) {
      await showDialog({ icon: 'warning', messageKey: errorMessage(err) });
    }
  };

  const usernameBlock = () =>
    plan.username.shown && (
      <TextField
        label={t('field.username')}
        registration={register('username')}
        error={errors.username?.message}
        hint={ruleHint(rules.username)}
        required
        autoComplete="username"
        maxLength={rules.username?.maxLength ?? 64}
        autoFocus
      />
    );
  const typedMobile = watch('mobileNum');
  // Above "Get code" until a code went to this number; again once another code may be asked for.
  const captchaAboveCode = withCode && !(captchaResting && codeSentTo !== null && codeSentTo === typedMobile.trim());
  const captchaBlock = (hint: string | undefined) => (
    <CaptchaField
      state={captcha}
      registration={register('captcha')}
      error={errors.captcha?.message}
      required={plan.captcha.required || plan.verificationCode.required}
      hint={hint}
    />
  );
  const mobileBlock = () => (
    <>
      {plan.mobileNum.shown && (
        <MobileField
          countries={countries}
          countryRegistration={register('countryDialingCode')}
          registration={register('mobileNum')}
          error={errors.mobileNum?.message}
          required={plan.mobileNum.required}
          hint={mode === 'mobile' ? t('register.mobileIsUsername') : undefined}
        />
      )}
      {captchaAboveCode && captchaBlock(t('captcha.beforeCode'))}
      {withCode && !captchaAboveCode && (
        <p className="field-note" data-testid="captcha-done">
          {t('sms.captchaDone')}
        </p>
      )}
      {plan.verificationCode.shown && (
        <SmsCodeField
          registration={register('verificationCode')}
          error={errors.verificationCode?.message}
          required={plan.verificationCode.required}
          hint={codeHint ?? (plan.verificationCode.whenMobileTyped ? t('register.codeWithMobile') : undefined)}
          onRequest={requestCode}
        />
      )}
    </>
  );
  const passwordBlock = () =>
    plan.password.shown && (
      <>
        <PasswordField
          label={t('field.password')}
          registration={register('password')}
          error={errors.password?.message}
          hint={ruleHint(rules.password)}
          required
          autoComplete="new-password"
          maxLength={rules.password?.maxLength ?? 128}
        />
        <PasswordField
          label={t('field.confirmPassword')}
          registration={register('confirmPassword')}
          error={errors.confirmPassword?.message}
          required
          autoComplete="new-password"
          maxLength={rules.password?.maxLength ?? 128}
        />
      </>
    );

  // Registered in the order shown, so a failed submit focuses the first field with a problem.
  const fieldsInOrder =
    mode === 'mobile' ? (
      <>
        {mobileBlock()}
        {passwordBlock()}
      </>
    ) : (
      <>
        {usernameBlock()}
        {passwordBlock()}
        {mobileBlock()}
      </>
    );

  return (
    <form className="auth-form" noValidate onSubmit={onSubmit} onInput={preloadFormRules}>
      <FormAlert message={alert} />
      {fieldsInOrder}
      {plan.optional.map(({ field, required }) =>
        field === 'paymentPassword' ? (
          <PasswordField
            key={field}
            label={t('field.paymentPassword')}
            registration={register(field)}
            error={errors[field]?.message}
            hint={ruleHint(rules[field])}
            required={required}
            {...OPTIONAL_INPUTS[field]}
          />
        ) : (
          <TextField
            key={field}
            label={t(`field.${field}`)}
            registration={register(field)}
            error={errors[field]?.message}
            hint={field === 'payeeName' ? t('register.payeeNameHint') : undefined}
            required={required}
            maxLength={rules[field]?.maxLength ?? 255}
            {...OPTIONAL_INPUTS[field]}
          />
        ),
      )}
      {plan.captcha.shown && !withCode && captchaBlock(undefined)}
      <CheckboxField registration={register('ageConfirmed')} error={errors.ageConfirmed?.message}>
        {t('register.ageConfirm', { age: minimumAge })}
      </CheckboxField>
      <CheckboxField
        registration={register('terms')}
        error={errors.terms?.message}
        extra={<LinkButton onClick={() => void showTerms()}>{t('register.readTerms')}</LinkButton>}
      >
        {t('register.terms')}
      </CheckboxField>
      <SubmitButton busy={isSubmitting} busyLabel={t('register.submitting')}>
        {t('register.submit')}
      </SubmitButton>
    </form>
  );
}

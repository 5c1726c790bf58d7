import type { TwoStepRequiredValue } from '@playfront/contract/session';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { type BlockedLogin, blockedLoginOf } from '../../../lib/withdraw-only.ts';
import { loginTwoStep } from '../api/login-two-step.ts';
import { errorCode, errorMessage, errorValue } from '../lib/server-errors.ts';
import { type LoginContext, useCompleteLogin } from '../session/use-complete-login.ts';
import { FormAlert, LinkButton, SubmitButton, TextField } from './form-parts.tsx';
import { WithdrawOnlyOffer } from './withdraw-only-offer.tsx';

/** The 6 digits of the app, or a recovery code `xxxxx-xxxxx` (spaces and case ignored, as on the server). */
const CODE = /^(\d{6}|[a-z2-9]{5}-?[a-z2-9]{5})$/i;

/** A TWO_STEP_REQUIRED answer's value. */
export const isTwoStep = (value: Record<string, unknown>): value is TwoStepRequiredValue =>
  value.twoStepRequired === 'totp' && typeof value.challenge === 'string';

export type TwoStepLoginStepProps = {
  step: TwoStepRequiredValue;
  context: LoginContext;
  /** Back to the first step (the challenge expired, was used, or the member wants to start over). */
  onRestart: () => void;
};

/**
 * The login popup's second verification step (spec section 2) when the account has two-step login on: the code
 * from the authenticator app ("Google code") or one of the recovery codes. The password step answered a
 * single-use challenge, not a session; this step turns it into the session.
 */
export function TwoStepLoginStep({ step, context, onRestart }: TwoStepLoginStepProps) {
  const { t } = useTranslation('auth');
  const completeLogin = useCompleteLogin();
  const [alert, setAlert] = useState<string | null>(null);
  const [expired, setExpired] = useState(false);
  // A cool-off or self-exclusion: the refusal's withdrawal-only access (member site only).
  const [blocked, setBlocked] = useState<BlockedLogin | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<{ code: string }>({ defaultValues: { code: '' } });

  const onSubmit = handleSubmit(async ({ code }) => {
    setAlert(null);
    setBlocked(null);
    const typed = code.replace(/\s+/g, '');
    if (typed === '') return setError('code', { type: 'client', message: 'auth:twoStep.codeRequired' }, { shouldFocus: true });
    if (!CODE.test(typed)) return setError('code', { type: 'client', message: 'auth:twoStep.codeInvalid' }, { shouldFocus: true });
    try {
      const result = await loginTwoStep({ challenge: step.challenge, code: typed });
      completeLogin(result, context);
    } catch (err) {
      const codeOf = errorCode(err);
      if (codeOf === 'TWO_STEP_CODE_INVALID' || codeOf === 'TWO_STEP_CODE_USED') {
        setError('code', { type: 'server', message: errorMessage(err) }, { shouldFocus: true });
        return;
      }
      if (codeOf === 'TWO_STEP_CHALLENGE_INVALID') setExpired(true);
      setAlert(errorMessage(err));
      const refusal = context.site === 'member' ? blockedLoginOf(codeOf, errorValue(err)) : null;
      setBlocked(refusal);
      // The code was right: only the withdrawal-only access remains, so the code field goes.
      if (refusal) setExpired(true);
    }
  });

  return (
    <form className="auth-form" noValidate onSubmit={onSubmit} aria-labelledby="two-step-login-title">
      <h3 id="two-step-login-title" className="auth-step-title">
        {t('twoStep.title')}
      </h3>
      <p className="auth-step-lead">{t('twoStep.lead')}</p>
      <FormAlert message={alert} />
      <WithdrawOnlyOffer blocked={blocked} />
      {expired ? (
        <button type="button" className="btn btn-primary auth-submit" onClick={onRestart}>
          {t('twoStep.again')}
        </button>
      ) : (
        <>
          <TextField
            label={t('twoStep.code')}
            registration={register('code')}
            error={errors.code?.message}
            hint={t('twoStep.hint')}
            required
            autoComplete="one-time-code"
            maxLength={20}
            autoFocus
          />
          <SubmitButton busy={isSubmitting} busyLabel={t('login.submitting')}>
            {t('twoStep.submit')}
          </SubmitButton>
          <div className="auth-row">
            <LinkButton onClick={onRestart}>{t('twoStep.back')}</LinkButton>
          </div>
        </>
      )}
    </form>
  );
}

import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Navigate, useNavigate } from 'react-router';
import { z } from 'zod';
import { setSession, takeEndReason, useSession } from '../../lib/session.ts';
import { FormError } from '../../ui/states.tsx';
import { login, secondFactor } from './api.ts';
import { AuthFrame } from './auth-frame.tsx';
import { EnrolFlow } from './enrol-flow.tsx';

const LoginForm = z.object({
  username: z.string().trim().min(1, 'login.usernameRequired').max(64),
  password: z.string().min(1, 'login.passwordRequired').max(256),
});
type LoginValues = z.infer<typeof LoginForm>;

/** Username + password → TOTP enrolment (first login) or the second-factor step → the console. */
export default function LoginScreen() {
  const { t } = useTranslation();
  const session = useSession();
  const [endReason] = useState(takeEndReason);
  const [enrolToken, setEnrolToken] = useState<string | null>(null);
  const form = useForm<LoginValues>({ resolver: zodResolver(LoginForm), defaultValues: { username: '', password: '' } });
  const submit = useMutation({
    mutationFn: (v: LoginValues) => login(v.username, v.password),
    onSuccess: (step) => {
      if (step.step === 'ENROL') setEnrolToken(step.enrolmentToken);
      else setSession({ token: step.sessionToken, secondFactor: 'pending' });
    },
  });

  if (session?.secondFactor === 'passed') return <Navigate to="/" replace />;
  if (enrolToken) {
    return (
      <AuthFrame title={t('enrol.title')} wide>
        <EnrolFlow token={enrolToken} />
      </AuthFrame>
    );
  }
  if (session?.secondFactor === 'pending') {
    return (
      <AuthFrame title={t('login.secondFactorTitle')}>
        <SecondFactorStep token={session.token} />
      </AuthFrame>
    );
  }
  const errors = form.formState.errors;
  return (
    <AuthFrame title={t('login.title')}>
      {endReason && (
        <div className="alert warn" role="status">
          {t(endReason === 'idle' ? 'login.endedIdle' : 'login.endedExpired')}
        </div>
      )}
      <form onSubmit={form.handleSubmit((v) => submit.mutate(v))} noValidate>
        <div className="field">
          <label htmlFor="login-username">{t('login.username')}</label>
          <input
            id="login-username"
            autoComplete="username"
            autoCapitalize="none"
            {...form.register('username')}
            aria-invalid={Boolean(errors.username)}
          />
          {errors.username?.message && <span className="error">{t(errors.username.message)}</span>}
        </div>
        <div className="field">
          <label htmlFor="login-password">{t('login.password')}</label>
          <input
            id="login-password"
            type="password"
            autoComplete="current-password"
            {...form.register('password')}
            aria-invalid={Boolean(errors.password)}
          />
          {errors.password?.message && <span className="error">{t(errors.password.message)}</span>}
        </div>
        <FormError error={submit.error} />
        <button type="submit" className="primary" disabled={submit.isPending}>
          {t('login.submit')}
        </button>
      </form>
    </AuthFrame>
  );
}

function SecondFactorStep({ token }: { token: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [useRecovery, setUseRecovery] = useState(false);
  const [value, setValue] = useState('');
  const [formatError, setFormatError] = useState<string | null>(null);
  const verify = useMutation({
    mutationFn: () => secondFactor(token, useRecovery ? { recoveryCode: value.trim() } : { code: value.trim() }),
    onSuccess: (s) => {
      setSession({ token: s.sessionToken, secondFactor: 'passed' });
      void navigate('/', { replace: true });
    },
  });
  const onSubmit = (e: React.FormEvent) => {
    e.preventDefault();
    const v = value.trim();
    if (useRecovery ? v.length < 8 : !/^\d{6}$/.test(v)) {
      setFormatError(useRecovery ? 'login.recoveryFormat' : 'login.codeFormat');
      return;
    }
    setFormatError(null);
    verify.mutate();
  };
  const id = useRecovery ? 'login-recovery' : 'login-code';
  return (
    <form onSubmit={onSubmit} noValidate>
      <p className="muted">{t(useRecovery ? 'login.recoveryText' : 'login.codeText')}</p>
      <div className="field">
        <label htmlFor={id}>{t(useRecovery ? 'login.recoveryCode' : 'login.code')}</label>
        <input
          id={id}
          key={id}
          inputMode={useRecovery ? 'text' : 'numeric'}
          autoComplete="one-time-code"
          maxLength={useRecovery ? 40 : 6}
          value={value}
          onChange={(e) => setValue(e.target.value)}
          aria-invalid={Boolean(formatError)}
          // biome-ignore lint/a11y/noAutofocus: the only field of this step
          autoFocus
        />
        {formatError && <span className="error">{t(formatError)}</span>}
      </div>
      <FormError error={verify.error} />
      <div className="row">
        <button type="submit" className="primary" disabled={verify.isPending}>
          {t('login.verify')}
        </button>
        <button
          type="button"
          className="link"
          onClick={() => {
            setUseRecovery((r) => !r);
            setValue('');
            setFormatError(null);
          }}
        >
          {t(useRecovery ? 'login.useCode' : 'login.useRecovery')}
        </button>
        <button type="button" className="link" onClick={() => setSession(null)}>
          {t('login.startOver')}
        </button>
      </div>
    </form>
  );
}

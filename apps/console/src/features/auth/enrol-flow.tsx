import { zodResolver } from '@hookform/resolvers/zod';
import { STAFF_PASSWORD_MAX, STAFF_PASSWORD_MIN } from '@playfront/contract/console-paths';
import { useMutation, useQuery } from '@tanstack/react-query';
import { QRCodeSVG } from 'qrcode.react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { z } from 'zod';
import { setSession } from '../../lib/session.ts';
import { ErrorState, FormError, Loading } from '../../ui/states.tsx';
import { enrolConfirm, enrolInfo, enrolStart } from './api.ts';
import { RecoveryCodes as RecoveryCodesBlock } from './recovery-codes.tsx';

const PasswordForm = z
  .object({
    password: z.string().min(STAFF_PASSWORD_MIN, 'enrol.passwordTooShort').max(STAFF_PASSWORD_MAX, 'enrol.passwordTooLong'),
    confirm: z.string(),
  })
  .refine((v) => v.password === v.confirm, { path: ['confirm'], message: 'enrol.passwordMismatch' });
const CodeForm = z.object({ code: z.string().regex(/^\d{6}$/, 'login.codeFormat'), saved: z.literal(true, 'enrol.savedRequired') });

/**
 * Two-factor enrolment from a one-time token (an enrolment link, or the login of a staff member without TOTP):
 * set a password when the account has none, scan the QR (or type the secret), keep the recovery codes, confirm
 * with a code → signed in.
 */
export function EnrolFlow({ token }: { token: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const info = useQuery({ queryKey: ['enrol-info', token], queryFn: () => enrolInfo(token), retry: false, staleTime: Infinity });
  const start = useMutation({ mutationFn: (password?: string) => enrolStart(token, password) });
  const confirm = useMutation({
    mutationFn: (code: string) => enrolConfirm(token, code),
    onSuccess: (session) => {
      setSession({ token: session.sessionToken, secondFactor: 'passed' });
      void navigate('/', { replace: true });
    },
  });
  const passwordForm = useForm<z.infer<typeof PasswordForm>>({ resolver: zodResolver(PasswordForm) });
  const codeForm = useForm<{ code: string; saved: boolean }>({
    resolver: zodResolver(CodeForm) as never,
    defaultValues: { code: '', saved: false },
  });

  if (info.isLoading) return <Loading />;
  if (info.error || !info.data) return <ErrorState error={info.error} />;
  const { username, role, passwordRequired } = info.data;

  if (!start.data) {
    const begin = passwordRequired
      ? passwordForm.handleSubmit(({ password }) => start.mutate(password))
      : (e: React.FormEvent) => {
          e.preventDefault();
          start.mutate(undefined);
        };
    return (
      <form onSubmit={begin} noValidate className="stack">
        <p>{t('enrol.for', { username, role: t(`roles.${role}`) })}</p>
        {passwordRequired && (
          <>
            <div className="field">
              <label htmlFor="enrol-password">{t('enrol.password')}</label>
              <input
                id="enrol-password"
                type="password"
                autoComplete="new-password"
                {...passwordForm.register('password')}
                aria-invalid={Boolean(passwordForm.formState.errors.password)}
                aria-describedby="enrol-password-hint"
              />
              <span id="enrol-password-hint" className="hint">
                {t('enrol.passwordHint', { min: STAFF_PASSWORD_MIN })}
              </span>
              {passwordForm.formState.errors.password?.message && (
                <span className="error">{t(passwordForm.formState.errors.password.message, { min: STAFF_PASSWORD_MIN })}</span>
              )}
            </div>
            <div className="field">
              <label htmlFor="enrol-confirm">{t('enrol.confirmPassword')}</label>
              <input
                id="enrol-confirm"
                type="password"
                autoComplete="new-password"
                {...passwordForm.register('confirm')}
                aria-invalid={Boolean(passwordForm.formState.errors.confirm)}
              />
              {passwordForm.formState.errors.confirm?.message && (
                <span className="error">{t(passwordForm.formState.errors.confirm.message)}</span>
              )}
            </div>
          </>
        )}
        <FormError error={start.error} />
        <button type="submit" className="primary" disabled={start.isPending}>
          {t('enrol.begin')}
        </button>
      </form>
    );
  }

  const { secret, otpauthUri, recoveryCodes } = start.data;
  return (
    <div className="stack">
      <section aria-labelledby="qr-title" className="stack">
        <h2 id="qr-title">{t('enrol.scanTitle')}</h2>
        <p className="muted">{t('enrol.scanText')}</p>
        <div className="qr">
          <QRCodeSVG value={otpauthUri} size={184} title={t('enrol.qrLabel')} />
        </div>
        <p>
          {t('enrol.secretLabel')}:{' '}
          <code className="secret" data-testid="totp-secret">
            {secret}
          </code>
        </p>
      </section>
      <RecoveryCodesBlock codes={recoveryCodes} username={username} />
      <form onSubmit={codeForm.handleSubmit(({ code }) => confirm.mutate(code))} noValidate className="stack">
        <div className="field">
          <label className="check">
            <input type="checkbox" {...codeForm.register('saved')} /> {t('enrol.saved')}
          </label>
          {codeForm.formState.errors.saved?.message && <span className="error">{t(codeForm.formState.errors.saved.message)}</span>}
        </div>
        <div className="field">
          <label htmlFor="enrol-code">{t('enrol.code')}</label>
          <input
            id="enrol-code"
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={6}
            {...codeForm.register('code')}
            aria-invalid={Boolean(codeForm.formState.errors.code)}
          />
          {codeForm.formState.errors.code?.message && <span className="error">{t(codeForm.formState.errors.code.message)}</span>}
        </div>
        <FormError error={confirm.error} />
        <button type="submit" className="primary" disabled={confirm.isPending}>
          {t('enrol.confirm')}
        </button>
      </form>
    </div>
  );
}

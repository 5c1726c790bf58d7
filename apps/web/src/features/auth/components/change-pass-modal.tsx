import './auth.css';
import { zodResolver } from '@hookform/resolvers/zod';
import { useMemo, useState } from 'react';
import { type FieldPath, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useSession } from '../../../lib/session-store.ts';
import { showDialog } from '../../../ui/modals/modal-store.ts';
import type { ModalBodyProps } from '../../../ui/modals/modal-types.ts';
import { changePassword } from '../api/change-password.ts';
import { useAuthSettings } from '../api/get-auth-settings.ts';
import { login } from '../api/login.ts';
import { logout } from '../api/logout.ts';
import { type ChangePasswordValues, changePasswordSchema } from '../lib/form-rules.ts';
import { errorMessage, fieldErrors } from '../lib/server-errors.ts';
import { loadMember } from '../session/load-member.ts';
import { getPendingChange, setPendingChange } from '../session/pending-change.ts';
import { useCompleteLogin } from '../session/use-complete-login.ts';
import { FormAlert, PasswordField, SubmitButton } from './form-parts.tsx';

/**
 * changePassModal (spec sections 2, 4, 5). Forced after a login that must
 * change its password (first login, expired, default password): the old
 * password is already known from the login form and the popup cannot be
 * dismissed (only logged out of). Success logs in again with the new
 * password, closes the popup and goes home.
 */
export default function ChangePassModal({ options, titleId, close }: ModalBodyProps<'changePassModal'>) {
  const { t } = useTranslation('auth');
  const completeLogin = useCompleteLogin();
  const navigate = useNavigate();
  const settings = useAuthSettings();
  const pending = useMemo(() => (options.forced ? getPendingChange() : null), [options.forced]);
  const account = useSession((s) => s.member?.account);
  const askOld = !pending;
  const schema = useMemo(() => changePasswordSchema(settings.data?.rules, askOld), [settings.data, askOld]);
  const rule = settings.data?.rules.password;
  const [alert, setAlert] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<ChangePasswordValues>({
    resolver: zodResolver(schema),
    defaultValues: { oldPassword: '', newPassword: '', confirmNewPassword: '' },
  });

  const onSubmit = handleSubmit(async (values) => {
    setAlert(null);
    try {
      await changePassword(
        {
          oldPassword: pending ? pending.password : values.oldPassword,
          newPassword: values.newPassword,
          confirmNewPassword: values.confirmNewPassword,
        },
        pending?.token,
      );
    } catch (err) {
      const fields = fieldErrors(err);
      for (const [name, message] of fields)
        setError(name as FieldPath<ChangePasswordValues>, { type: 'server', message }, { shouldFocus: true });
      if (fields.length === 0) setAlert(errorMessage(err));
      return;
    }
    const username = pending?.username ?? account;
    const site = pending?.site ?? 'member';
    if (username) {
      try {
        const result = await login({ type: 'username', username, password: values.newPassword, site });
        // The session the change was made in is replaced by the new login.
        await logout(pending?.token).catch(() => undefined);
        completeLogin(result, { kind: 'relogin', site, username, password: values.newPassword });
        return;
      } catch {
        // The new login needs more (a captcha after a mistyped old password, a second step): the server kept the
        // session the change was made in, and lifted its forced-change mark, so carry on with that one.
      }
    }
    setPendingChange(null);
    if (pending) {
      useSession.getState().setToken(pending.token);
      await loadMember();
    }
    close();
    navigate(useSession.getState().isAgent ? '/agentHome' : '/');
    await showDialog({ icon: 'success', messageKey: 'auth:changePassword.done' });
  });

  const signOut = async () => {
    if (pending) await logout(pending.token).catch(() => undefined);
    setPendingChange(null);
    close();
  };

  return (
    <div className="auth">
      <h2 id={titleId} className="modal-title">
        {t('changePassword.title')}
      </h2>
      {options.forced && <p className="auth-lead">{t(`changePassword.reason.${options.reason ?? 'default'}`)}</p>}
      {options.forced && !pending ? (
        // A forced change whose login is gone (page reloaded): nothing to change here.
        <p className="form-alert" role="alert">
          {t('changePassword.expired')}
        </p>
      ) : (
        <form className="auth-form" noValidate onSubmit={onSubmit}>
          <FormAlert message={alert} />
          {askOld && (
            <PasswordField
              label={t('field.oldPassword')}
              registration={register('oldPassword')}
              error={errors.oldPassword?.message}
              required
              autoComplete="current-password"
              maxLength={128}
              autoFocus
            />
          )}
          <PasswordField
            label={t('field.newPassword')}
            registration={register('newPassword')}
            error={errors.newPassword?.message}
            hint={rule ? t(`patterns:${rule.patternId}` as never, { min: rule.minLength, max: rule.maxLength }) : undefined}
            required
            autoComplete="new-password"
            maxLength={128}
            autoFocus={!askOld}
          />
          <PasswordField
            label={t('field.confirmNewPassword')}
            registration={register('confirmNewPassword')}
            error={errors.confirmNewPassword?.message}
            required
            autoComplete="new-password"
            maxLength={128}
          />
          <SubmitButton busy={isSubmitting} busyLabel={t('changePassword.submitting')}>
            {t('changePassword.submit')}
          </SubmitButton>
        </form>
      )}
      {options.forced && (
        <p className="auth-switch">
          <button type="button" className="link-button" onClick={() => void signOut()}>
            {t('changePassword.signOut')}
          </button>
        </p>
      )}
    </div>
  );
}

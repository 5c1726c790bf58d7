import type { AccountInfo } from '@playfront/contract/security';
import {
  birthdayProblem,
  FULL_NAME_LIMITS,
  fullNameProblem,
  MINIMUM_AGE_YEARS,
  NICKNAME_LIMITS,
  nicknameProblem,
  type SecurityFieldProblem,
} from '@playfront/contract/security-paths';
import { type FormEvent, type ReactNode, useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../lib/api-client.ts';
import { useSession } from '../../../lib/session-store.ts';
import { showDialog } from '../../../ui/modals/modal-store.ts';
import { useUpdateAccount } from '../api/update-account.ts';
import { type AccountFormValues, accountChanges, formValuesOf } from '../lib/account-changes.ts';
import { latestAdultBirthday } from '../lib/device-label.ts';

const PROBLEM_KEYS = {
  NICKNAME_INVALID: 'nicknameInvalid',
  REAL_NAME_INVALID: 'realNameInvalid',
  BIRTHDAY_INVALID: 'birthdayInvalid',
  BIRTHDAY_UNDER_18: 'birthdayUnder18',
} as const satisfies Record<SecurityFieldProblem, string>;

type FieldName = keyof AccountFormValues;

/** Account info: nickname, avatar from the built-in set, full (payee) name once, birthday (18+). */
export function AccountInfoForm({ account }: { account: AccountInfo }) {
  const { t } = useTranslation('security');
  const { t: te } = useTranslation('errors');
  const id = useId();
  const token = useSession((s) => s.token);
  const save = useUpdateAccount(token);
  const [values, setValues] = useState<AccountFormValues>(() => formValuesOf(account));
  const [tried, setTried] = useState(false);
  const [notice, setNotice] = useState<'saved' | 'nothingChanged' | null>(null);
  // A save answers the stored account: the form shows it (a trimmed nickname, the now final name).
  useEffect(() => setValues(formValuesOf(account)), [account]);

  const problems: Partial<Record<FieldName, SecurityFieldProblem>> = {};
  const nicknameIssue = nicknameProblem(values.nickname.trim());
  if (nicknameIssue) problems.nickname = nicknameIssue;
  const fullNameIssue = account.fullName === null && values.fullName.trim() !== '' ? fullNameProblem(values.fullName.trim()) : null;
  if (fullNameIssue) problems.fullName = fullNameIssue;
  const birthdayIssue = values.birthday !== '' ? birthdayProblem(values.birthday, new Date()) : null;
  if (birthdayIssue) problems.birthday = birthdayIssue;

  const serverFields = save.error instanceof ApiError ? (save.error.body?.fields ?? {}) : {};
  const errorOf = (field: FieldName): string | undefined => {
    const local = tried ? problems[field] : undefined;
    if (local) return te(PROBLEM_KEYS[local]);
    const remote = serverFields[field];
    return remote ? (te(remote.key.replace(/^errors\./, '') as never) as string) : undefined;
  };
  const set = (field: FieldName) => (e: { target: { value: string } }) => {
    setNotice(null);
    setValues((v) => ({ ...v, [field]: e.target.value }));
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setTried(true);
    setNotice(null);
    if (Object.keys(problems).length > 0) return;
    const changes = accountChanges(account, values);
    if (Object.keys(changes).length === 0) {
      setNotice('nothingChanged');
      return;
    }
    if (changes.fullName !== undefined) {
      // The payee name is final: the member says so before it is saved.
      const answer = await showDialog({
        icon: 'warning',
        titleKey: 'security:account.fullNameConfirmTitle',
        messageKey: 'security:account.fullNameConfirm',
        params: { name: changes.fullName },
        buttons: [
          { id: 'cancel', labelKey: 'security:sessions.cancel', variant: 'secondary' },
          { id: 'save', labelKey: 'security:account.save', variant: 'primary' },
        ],
      });
      if (answer !== 'save') return;
    }
    save.mutate(changes, { onSuccess: () => setNotice('saved') });
  };

  const generalError = save.error && Object.keys(serverFields).length === 0 ? save.error : null;
  const today = new Date();

  return (
    <form className="sc-card sc-form" onSubmit={submit} noValidate aria-labelledby={`${id}-title`}>
      <h3 id={`${id}-title`} className="sc-card-title">
        {t('account.title')}
      </h3>
      <dl className="sc-facts">
        <div>
          <dt>{t('account.username')}</dt>
          <dd>{account.username}</dd>
        </div>
        <div>
          <dt>{t('account.mobile')}</dt>
          <dd>{account.mobile ?? t('account.notBound')}</dd>
        </div>
        <div>
          <dt>{t('account.email')}</dt>
          <dd>{account.email ?? t('account.notBound')}</dd>
        </div>
      </dl>

      <fieldset className="sc-avatars">
        <legend className="sc-label">{t('account.avatar')}</legend>
        <div className="sc-avatar-grid">
          {account.avatars.map((avatar, i) => (
            <label key={avatar} className="sc-avatar-option">
              <input
                type="radio"
                name={`${id}-avatar`}
                value={avatar}
                checked={values.avatar === avatar}
                onChange={set('avatar')}
                className="visually-hidden"
              />
              <img src={`/avatars/${avatar}.svg`} alt={t('account.avatarOption', { n: i + 1 })} width={48} height={48} />
            </label>
          ))}
        </div>
      </fieldset>

      <Field id={`${id}-nickname`} label={t('account.nickname')} hint={t('account.nicknameHint')} error={errorOf('nickname')}>
        <input
          id={`${id}-nickname`}
          className="sc-input"
          value={values.nickname}
          onChange={set('nickname')}
          maxLength={NICKNAME_LIMITS.max + 10}
          autoComplete="nickname"
          {...describedBy(`${id}-nickname`, errorOf('nickname'))}
        />
      </Field>

      {account.fullName !== null ? (
        <dl className="sc-field sc-final">
          <dt className="sc-label">{t('account.fullName')}</dt>
          <dd className="sc-final-value">
            <strong>{account.fullName}</strong>
            <span className="sc-hint">{t('account.fullNameFinal')}</span>
          </dd>
        </dl>
      ) : (
        <Field id={`${id}-fullname`} label={t('account.fullName')} hint={t('account.fullNameHint')} error={errorOf('fullName')}>
          <input
            id={`${id}-fullname`}
            className="sc-input"
            value={values.fullName}
            onChange={set('fullName')}
            maxLength={FULL_NAME_LIMITS.max + 10}
            autoComplete="name"
            {...describedBy(`${id}-fullname`, errorOf('fullName'))}
          />
        </Field>
      )}

      <Field id={`${id}-birthday`} label={t('account.birthday')} hint={t('account.birthdayHint')} error={errorOf('birthday')}>
        <input
          id={`${id}-birthday`}
          className="sc-input"
          type="date"
          value={values.birthday}
          onChange={set('birthday')}
          min="1900-01-01"
          max={latestAdultBirthday(today, MINIMUM_AGE_YEARS)}
          autoComplete="bday"
          {...describedBy(`${id}-birthday`, errorOf('birthday'))}
        />
      </Field>

      {generalError ? (
        <p role="alert" className="sc-alert sc-alert-error">
          {generalError instanceof ApiError ? (te(generalError.messageKey as never) as string) : te('unknown')}
        </p>
      ) : null}
      {notice && (
        <p role="status" className="sc-alert sc-alert-success">
          {t(`account.${notice}`)}
        </p>
      )}
      <div className="sc-actions">
        <button type="submit" className="btn btn-primary" disabled={save.isPending}>
          {save.isPending ? t('account.saving') : t('account.save')}
        </button>
      </div>
    </form>
  );
}

const describedBy = (id: string, error: string | undefined) => ({
  'aria-describedby': `${id}-hint${error ? ` ${id}-error` : ''}`,
  'aria-invalid': error ? (true as const) : undefined,
});

function Field({
  id,
  label,
  hint,
  error,
  children,
}: {
  id: string;
  label: string;
  hint: string;
  error: string | undefined;
  children: ReactNode;
}) {
  return (
    <div className="sc-field" data-invalid={error ? '' : undefined}>
      <label className="sc-label" htmlFor={id}>
        {label}
      </label>
      {children}
      <p id={`${id}-hint`} className="sc-hint">
        {hint}
      </p>
      {error && (
        <p id={`${id}-error`} className="sc-field-error">
          {error}
        </p>
      )}
    </div>
  );
}

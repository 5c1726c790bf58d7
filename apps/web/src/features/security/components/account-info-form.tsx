import { AVATAR_UPLOAD_TYPES, avatarSrc, isUploadedAvatar } from '@playfront/contract/avatar-paths';
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
import { type ChangeEvent, type FormEvent, type ReactNode, useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../lib/api-client.ts';
import { useSession } from '../../../lib/session-store.ts';
import { showDialog } from '../../../ui/modals/modal-store.ts';
import { useUpdateAccount } from '../api/update-account.ts';
import { useUploadAvatar } from '../api/upload-avatar.ts';
import { type AccountFormValues, accountChanges, formValuesOf } from '../lib/account-changes.ts';
import { AVATAR_PROBLEM_KEYS, avatarFileProblem } from '../lib/avatar-file.ts';
import { latestAdultBirthday } from '../lib/device-label.ts';

const PROBLEM_KEYS = {
  NICKNAME_INVALID: 'nicknameInvalid',
  REAL_NAME_INVALID: 'realNameInvalid',
  BIRTHDAY_INVALID: 'birthdayInvalid',
  BIRTHDAY_UNDER_18: 'birthdayUnder18',
} as const satisfies Record<SecurityFieldProblem, string>;

type FieldName = keyof AccountFormValues;

/** Account info: nickname, avatar (the built-in set or an uploaded picture), full (payee) name once, birthday (18+). */
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
        <AvatarUpload account={account} />
        <div className="sc-avatar-grid">
          {isUploadedAvatar(account.avatar) && (
            <label className="sc-avatar-option">
              <input
                type="radio"
                name={`${id}-avatar`}
                value={account.avatar}
                checked={values.avatar === account.avatar}
                onChange={set('avatar')}
                className="visually-hidden"
              />
              <img src={avatarSrc(account.avatar)} alt={t('account.avatarUploadedOption')} width={48} height={48} />
            </label>
          )}
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

/**
 * The upload control: the current picture and a file picker (png, jpg or webp ≤ 2 MB, checked by its first bytes
 * before it is sent, as the server checks it). A picture is saved at once, apart from the form's Save.
 */
function AvatarUpload({ account }: { account: AccountInfo }) {
  const { t } = useTranslation('security');
  const { t: te } = useTranslation('errors');
  const id = useId();
  const token = useSession((s) => s.token);
  const upload = useUploadAvatar(token);
  const [problem, setProblem] = useState<string | null>(null);
  const [saved, setSaved] = useState(false);

  const choose = async (e: ChangeEvent<HTMLInputElement>) => {
    const input = e.currentTarget;
    const file = input.files?.[0];
    // The same file may be chosen again after a refusal.
    input.value = '';
    setSaved(false);
    setProblem(null);
    upload.reset();
    if (!file) return;
    const local = await avatarFileProblem(file);
    if (local) return setProblem(te(AVATAR_PROBLEM_KEYS[local]));
    upload.mutate(file, { onSuccess: () => setSaved(true) });
  };

  const error =
    problem ??
    (upload.error ? (upload.error instanceof ApiError ? (te(upload.error.messageKey as never) as string) : te('unknown')) : null);
  return (
    <div className="sc-avatar-upload">
      <img className="sc-avatar-current" src={avatarSrc(account.avatar)} alt={t('account.avatarCurrent')} width={64} height={64} />
      <div className="sc-avatar-upload-body">
        <label className="btn btn-ghost btn-sm sc-avatar-upload-button" data-busy={upload.isPending ? '' : undefined}>
          <input
            type="file"
            accept={AVATAR_UPLOAD_TYPES.join(',')}
            className="visually-hidden"
            onChange={choose}
            disabled={upload.isPending}
            aria-describedby={`${id}-hint${error ? ` ${id}-error` : ''}`}
            aria-invalid={error ? true : undefined}
            data-testid="avatar-file"
          />
          {upload.isPending ? t('account.avatarUploading') : t('account.avatarUpload')}
        </label>
        <p id={`${id}-hint`} className="sc-hint">
          {t('account.avatarUploadHint')}
        </p>
        {error && (
          <p id={`${id}-error`} className="sc-field-error" role="alert">
            {error}
          </p>
        )}
        {saved && !error && (
          <p role="status" className="sc-hint sc-avatar-saved">
            {t('account.avatarUploaded')}
          </p>
        )}
      </div>
    </div>
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

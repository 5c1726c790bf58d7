import type { TFunction } from 'i18next';
import { type ReactNode, useId, useState } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { decodeProblem } from '../lib/field-problem.ts';
import { AuthIcon } from './auth-icons.tsx';

const problemText = (t: TFunction, message: string) => {
  const { key, params } = decodeProblem(message);
  return t(key as never, params) as string;
};

/** A field error or server message, translated where it is shown (it follows a language change). */
export function ProblemText({ message }: { message: string }) {
  const { t } = useTranslation();
  return <>{problemText(t, message)}</>;
}

/** A message about the whole form (wrong password, account disabled…), announced when it appears. */
export function FormAlert({ message }: { message: string | null }) {
  if (!message) return null;
  return (
    <p role="alert" className="form-alert">
      <ProblemText message={message} />
    </p>
  );
}

export type TextFieldProps = {
  label: string;
  registration: UseFormRegisterReturn;
  /** Encoded problem (field-problem.ts) from react-hook-form. */
  error?: string | undefined;
  hint?: ReactNode;
  required?: boolean;
  type?: 'text' | 'password' | 'email' | 'tel';
  autoComplete?: string;
  inputMode?: 'text' | 'numeric' | 'email' | 'tel';
  maxLength?: number;
  /** Something beside the input (show-password toggle, get-code button, captcha image). */
  trailing?: ReactNode;
  autoFocus?: boolean;
};

/** A labelled input with its hint and error under it, both linked through aria-describedby. */
export function TextField({ label, registration, error, hint: givenHint, required, type = 'text', trailing, ...input }: TextFieldProps) {
  const { t } = useTranslation();
  const id = useId();
  // A rule hint says what the error would say again: show it once.
  const hint = error && typeof givenHint === 'string' && problemText(t, error) === givenHint ? undefined : givenHint;
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const describedBy = [error ? errorId : null, hint ? hintId : null].filter(Boolean).join(' ') || undefined;
  return (
    <div className="field" data-invalid={error ? true : undefined}>
      <label htmlFor={id} className="field-label">
        {label}
        {required && (
          <span className="field-required" aria-hidden="true">
            {' '}
            *
          </span>
        )}
      </label>
      <div className="field-control">
        <input
          id={id}
          className="field-input"
          type={type}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy}
          aria-required={required || undefined}
          data-autofocus={input.autoFocus || undefined}
          autoComplete={input.autoComplete}
          inputMode={input.inputMode}
          maxLength={input.maxLength}
          spellCheck={false}
          {...registration}
        />
        {trailing}
      </div>
      {error && (
        <p id={errorId} className="field-error">
          <ProblemText message={error} />
        </p>
      )}
      {hint && (
        <p id={hintId} className="field-hint">
          {hint}
        </p>
      )}
    </div>
  );
}

/** A password input with a show/hide toggle. */
export function PasswordField(props: Omit<TextFieldProps, 'type' | 'trailing'>) {
  const { t } = useTranslation('auth');
  const [visible, setVisible] = useState(false);
  return (
    <TextField
      {...props}
      type={visible ? 'text' : 'password'}
      trailing={
        <button
          type="button"
          className="field-icon-button"
          aria-label={t('field.showPassword')}
          aria-pressed={visible}
          onClick={() => setVisible((v) => !v)}
        >
          <AuthIcon name={visible ? 'eyeOff' : 'eye'} />
        </button>
      }
    />
  );
}

export type CheckboxFieldProps = {
  registration: UseFormRegisterReturn;
  error?: string | undefined;
  children: ReactNode;
  extra?: ReactNode;
};

/** A checkbox with its label, an optional control after it (a terms link) and an inline error. */
export function CheckboxField({ registration, error, children, extra }: CheckboxFieldProps) {
  const id = useId();
  const errorId = `${id}-error`;
  return (
    <div className="field field-check" data-invalid={error ? true : undefined}>
      <div className="field-check-row">
        <input
          id={id}
          type="checkbox"
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
          {...registration}
        />
        <label htmlFor={id}>{children}</label>
        {extra}
      </div>
      {error && (
        <p id={errorId} className="field-error">
          <ProblemText message={error} />
        </p>
      )}
    </div>
  );
}

/** The submit button: shows progress and cannot be pressed twice. */
export function SubmitButton({ busy, children, busyLabel }: { busy: boolean; children: ReactNode; busyLabel: string }) {
  return (
    <button type="submit" className="btn btn-primary auth-submit" disabled={busy} aria-busy={busy || undefined}>
      {busy ? (
        <>
          <span className="btn-spinner" aria-hidden="true" />
          {busyLabel}
        </>
      ) : (
        children
      )}
    </button>
  );
}

/** A link-styled button (switch popup, open terms). */
export function LinkButton({ onClick, children }: { onClick: () => void; children?: ReactNode }) {
  return (
    <button type="button" className="link-button" onClick={onClick}>
      {children}
    </button>
  );
}

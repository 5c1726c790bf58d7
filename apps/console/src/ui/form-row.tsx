import type { ReactNode } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { issuesByPath } from '../lib/units.ts';

export type FormRowProps = {
  id: string;
  label: string;
  /** A catalogue key, shown under the control. */
  hint?: string;
  /** A catalogue key: the field's error, translated and announced. */
  error?: string;
  width?: number;
  children?: ReactNode;
};

/** One row of a console form: the label, its control, a hint, and the field's translated error announced beside it. */
export function FormRow({ id, label, hint, error, width, children }: FormRowProps) {
  const { t } = useTranslation();
  return (
    <div className="field" style={width ? { width } : undefined}>
      <label htmlFor={id}>{label}</label>
      {children}
      {hint && (
        <span id={`${id}-hint`} className="hint">
          {hint}
        </span>
      )}
      {error && (
        <span id={`${id}-error`} className="error" role="alert">
          {t(error)}
        </span>
      )}
    </div>
  );
}

/** The aria attributes of a control whose row may carry a hint and an error. */
export function describe(id: string, error: string | undefined, hint?: string) {
  const by = [hint ? `${id}-hint` : '', error ? `${id}-error` : ''].filter(Boolean).join(' ');
  return { id, 'aria-invalid': Boolean(error), 'aria-describedby': by || undefined };
}

export type TextInputProps = {
  id: string;
  label: string;
  reg: UseFormRegisterReturn;
  error?: string;
  hint?: string;
  width?: number;
  decimal?: boolean;
  type?: 'text' | 'password' | 'url';
  autoComplete?: string;
};

/** A FormRow holding a text input registered with react-hook-form. */
export function TextInput({ id, label, reg, error, hint, width, decimal, type, autoComplete }: TextInputProps) {
  return (
    <FormRow id={id} label={label} error={error} hint={hint} width={width}>
      <input {...describe(id, error, hint)} type={type} autoComplete={autoComplete} inputMode={decimal ? 'decimal' : undefined} {...reg} />
    </FormRow>
  );
}

/** A checkbox with its label (react-hook-form). */
export function CheckRow({ label, reg }: { label: string; reg: UseFormRegisterReturn }) {
  return (
    <label className="check">
      <input type="checkbox" {...reg} /> {label}
    </label>
  );
}

/**
 * A contract schema's issues as one message key per field. The contract's own messages are English sentences for
 * developers: staff see the form's one translated message on each field it refused.
 */
export function invalidFields(issues: readonly { path: readonly PropertyKey[]; message: string }[], messageKey: string) {
  return Object.fromEntries(Object.keys(issuesByPath(issues)).map((k) => [k, messageKey]));
}

import type { ReactNode } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';

/** A labelled input of a loyalty form, with its hint and its (translated) error announced beside it. */
export function Field({
  id,
  label,
  hint,
  error,
  width,
  children,
}: {
  id: string;
  label: string;
  hint?: string;
  error?: string;
  width?: number;
  children?: ReactNode;
}) {
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

/** The aria attributes of an input whose field may carry a hint and an error. */
export function describe(id: string, error: string | undefined, hint?: string) {
  const by = [hint ? `${id}-hint` : '', error ? `${id}-error` : ''].filter(Boolean).join(' ');
  return { id, 'aria-invalid': Boolean(error), 'aria-describedby': by || undefined };
}

export type InputProps = {
  id: string;
  label: string;
  reg: UseFormRegisterReturn;
  error?: string;
  hint?: string;
  width?: number;
  decimal?: boolean;
};

export function TextInput({ id, label, reg, error, hint, width, decimal }: InputProps) {
  return (
    <Field id={id} label={label} error={error} hint={hint} width={width}>
      <input {...describe(id, error, hint)} inputMode={decimal ? 'decimal' : undefined} {...reg} />
    </Field>
  );
}

/** The contract's own messages are English sentences for developers: staff see one translated message per field. */
export const INVALID = 'loyalty.invalid';

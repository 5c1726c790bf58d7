import { useId } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { Country } from '../lib/register-plan.ts';
import { ProblemText } from './form-parts.tsx';

export type MobileFieldProps = {
  countries: Country[];
  countryRegistration: UseFormRegisterReturn;
  registration: UseFormRegisterReturn;
  error?: string | undefined;
  required?: boolean;
  hint?: string | undefined;
};

/** Mobile number with its country dialing code (the brand's list), one field to the eye, two labelled controls. */
export function MobileField({ countries, countryRegistration, registration, error, required, hint }: MobileFieldProps) {
  const { t } = useTranslation('auth');
  const id = useId();
  const errorId = `${id}-error`;
  const hintId = `${id}-hint`;
  const describedBy = [error ? errorId : null, hint ? hintId : null].filter(Boolean).join(' ') || undefined;
  return (
    <div className="field" data-invalid={error ? true : undefined}>
      <label htmlFor={id} className="field-label">
        {t('field.mobile')}
        {required && (
          <span className="field-required" aria-hidden="true">
            {' '}
            *
          </span>
        )}
      </label>
      <div className="field-control field-mobile">
        <select className="field-country" aria-label={t('field.countryCode')} {...countryRegistration}>
          {countries.map((c) => (
            <option key={c.code} value={c.dialingCode}>
              {c.dialingCode} {c.code}
            </option>
          ))}
        </select>
        <input
          id={id}
          className="field-input"
          type="tel"
          inputMode="numeric"
          autoComplete="tel-national"
          maxLength={20}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy}
          aria-required={required || undefined}
          {...registration}
        />
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

import { useTranslation } from 'react-i18next';
import { type AmountLimits, amountInputText, amountProblem } from '../lib/amount.ts';
import { describedBy, Field, useMoney } from './parts.tsx';

export type AmountFieldProps = {
  id: string;
  value: string;
  onChange: (text: string) => void;
  limits: AmountLimits;
  /** Show the problem (after a submit attempt or once the field was left). */
  showError: boolean;
  label?: string;
  /** Quick amounts in minor units. */
  presets?: bigint[];
  /** "All": fill in the whole balance. */
  allOf?: string | undefined;
};

/** The message for an amount's problem, with its limits as money. */
export function useAmountMessage() {
  const { t } = useTranslation('wallet');
  const money = useMoney();
  return (text: string, limits: AmountLimits) => {
    const problem = amountProblem(text, limits);
    if (!problem) return undefined;
    return t(`amount.problems.${problem}`, {
      min: limits.min === undefined ? '' : money(limits.min),
      max: limits.max === undefined ? '' : money(limits.max),
      balance: limits.balance === undefined ? '' : money(limits.balance),
    });
  };
}

/** An amount in currency units (typed as text, read as integer minor units), with presets and the limits as a hint. */
export function AmountField({ id, value, onChange, limits, showError, label, presets, allOf }: AmountFieldProps) {
  const { t } = useTranslation('wallet');
  const money = useMoney();
  const message = useAmountMessage();
  const error = showError ? message(value, limits) : undefined;
  const hint =
    limits.min !== undefined && limits.max !== undefined
      ? t('amount.limits', { min: money(limits.min), max: money(limits.max) })
      : undefined;
  return (
    <Field id={id} label={label ?? t('amount.label')} error={error} hint={hint}>
      <div className="wl-amount">
        <input
          id={id}
          className="wl-input"
          inputMode="decimal"
          autoComplete="off"
          placeholder={t('amount.placeholder')}
          value={value}
          onChange={(e) => onChange(e.target.value)}
          {...describedBy(id, error, hint)}
        />
        {allOf !== undefined && (
          <button type="button" className="btn btn-ghost btn-sm" onClick={() => onChange(amountInputText(allOf))}>
            {t('amount.all')}
          </button>
        )}
      </div>
      {presets && presets.length > 0 && (
        <div className="wl-presets">
          {presets.map((p) => (
            <button
              key={String(p)}
              type="button"
              className="wl-chip"
              aria-pressed={value === amountInputText(p)}
              onClick={() => onChange(amountInputText(p))}
            >
              {money(p)}
            </button>
          ))}
        </div>
      )}
    </Field>
  );
}

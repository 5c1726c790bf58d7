import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { DepositOffer } from '../api/get-deposit-offers.ts';
import { useMoney } from './parts.tsx';

export type DepositBonusPickerProps = {
  offers: DepositOffer[];
  /** The picked offer's code, or null for "no bonus". */
  value: string | null;
  onChange: (code: string | null) => void;
  /** Whether an amount was typed (each offer then shows its bonus for it). */
  hasAmount: boolean;
  /** One bonus at a time: with one active, no offer can be taken. */
  blocked: boolean;
  /** The picked offer's problem with the typed amount, after a submit attempt. */
  error?: string | undefined;
};

/** "Drops trailing zeros of "20.00" → "20": the wagering multiplier as people write it. */
const multiplier = (m: string) => (m.includes('.') ? m.replace(/0+$/, '').replace(/\.$/, '') : m);

/**
 * The deposit promotions this deposit can take part in (the promotions' `depositOffers`): "no bonus" first and by
 * default, then each offer with the bonus it would bring for the typed amount.
 */
export function DepositBonusPicker({ offers, value, onChange, hasAmount, blocked, error }: DepositBonusPickerProps) {
  const { t } = useTranslation('wallet');
  const money = useMoney();
  const id = useId();
  if (offers.length === 0 && !blocked) return null;
  return (
    <fieldset className="wl-bonus-picker" aria-describedby={error ? `${id}-error` : blocked ? `${id}-blocked` : undefined}>
      <legend className="wl-label">{t('deposit.bonus.label')}</legend>
      {blocked && (
        <p id={`${id}-blocked`} className="wl-alert wl-alert-warning">
          {t('deposit.bonus.blocked')} <Link to="/member?page=bonusDetails">{t('deposit.bonus.seeBonus')}</Link>
        </p>
      )}
      <label className="wl-offer" data-selected={value === null || undefined}>
        <input type="radio" name={`${id}-bonus`} checked={value === null} onChange={() => onChange(null)} />
        <span className="wl-offer-text">
          <span className="wl-offer-title">{t('deposit.bonus.none')}</span>
        </span>
      </label>
      {offers.map((o) => {
        const bonus = BigInt(o.bonus);
        const detail =
          hasAmount && bonus > 0n
            ? t('deposit.bonus.gives', { bonus: money(bonus), multiplier: multiplier(o.wageringMultiplier) })
            : t('deposit.bonus.minimum', { min: money(o.minDeposit), multiplier: multiplier(o.wageringMultiplier) });
        return (
          <label key={o.code} className="wl-offer" data-selected={value === o.code || undefined} data-code={o.code}>
            <input type="radio" name={`${id}-bonus`} checked={value === o.code} disabled={blocked} onChange={() => onChange(o.code)} />
            <span className="wl-offer-text">
              <span className="wl-offer-title">{o.title}</span>
              <span className="wl-offer-detail">{detail}</span>
            </span>
            {hasAmount && bonus > 0n && <strong className="wl-offer-bonus">+{money(bonus)}</strong>}
          </label>
        );
      })}
      {error && (
        <p id={`${id}-error`} className="wl-error">
          {error}
        </p>
      )}
    </fieldset>
  );
}

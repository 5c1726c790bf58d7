import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { openModal } from '../../../ui/modals/modal-store.ts';

/**
 * The login password changes in the existing change-password popup (it signs out the other devices); the payment
 * password is set on the withdraw page, where it is first needed.
 */
export function PasswordsCard({ hasPaymentPassword }: { hasPaymentPassword: boolean }) {
  const { t } = useTranslation('security');
  const id = useId();
  return (
    <section className="sc-card" aria-labelledby={`${id}-title`}>
      <h3 id={`${id}-title`} className="sc-card-title">
        {t('passwords.title')}
      </h3>
      <div className="sc-password-row">
        <div>
          <h4 className="sc-row-title">{t('passwords.login')}</h4>
          <p className="sc-hint">{t('passwords.loginText')}</p>
        </div>
        <button type="button" className="btn btn-ghost btn-sm" onClick={() => openModal('changePassModal', {})}>
          {t('passwords.changeLogin')}
        </button>
      </div>
      <div className="sc-password-row">
        <div>
          <h4 className="sc-row-title">{t('passwords.payment')}</h4>
          <p className="sc-hint">{hasPaymentPassword ? t('passwords.paymentSet') : t('passwords.paymentNotSet')}</p>
        </div>
        {!hasPaymentPassword && (
          <Link to="/member?page=withdraw" className="btn btn-ghost btn-sm">
            {t('passwords.setPayment')}
          </Link>
        )}
      </div>
    </section>
  );
}

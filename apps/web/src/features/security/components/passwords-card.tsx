import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { openModal } from '../../../ui/modals/modal-store.ts';
import { PaymentPasswordForm, type PaymentPasswordMode } from './payment-password-form.tsx';

/**
 * The login password changes in the existing change-password popup (it signs out the other devices); the payment
 * password is set, changed (old one + SMS code) or replaced when forgotten (login password + SMS code) here.
 */
export function PasswordsCard({ hasPaymentPassword }: { hasPaymentPassword: boolean }) {
  const { t } = useTranslation('security');
  const id = useId();
  const [mode, setMode] = useState<PaymentPasswordMode | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const open = (next: PaymentPasswordMode) => {
    setNotice(null);
    setMode(next);
  };
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
        {mode === null && (
          <div className="sc-actions">
            {hasPaymentPassword ? (
              <>
                <button type="button" className="btn btn-ghost btn-sm" onClick={() => open('change')}>
                  {t('pay.change')}
                </button>
                <button type="button" className="btn btn-ghost btn-sm" onClick={() => open('forgot')}>
                  {t('pay.forgot')}
                </button>
              </>
            ) : (
              <button type="button" className="btn btn-ghost btn-sm" onClick={() => open('set')}>
                {t('passwords.setPayment')}
              </button>
            )}
          </div>
        )}
      </div>
      {notice && (
        <p role="status" className="sc-alert sc-alert-success">
          {notice}
        </p>
      )}
      {mode && (
        <PaymentPasswordForm
          mode={mode}
          onCancel={() => setMode(null)}
          onDone={() => {
            setNotice(t(mode === 'set' ? 'pay.doneSet' : 'pay.doneChange'));
            setMode(null);
          }}
        />
      )}
    </section>
  );
}

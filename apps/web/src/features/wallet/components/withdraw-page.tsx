import { WITHDRAWAL_METHODS, type WithdrawalMethod } from '@playfront/contract/funds-paths';
import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../lib/api-client.ts';
import { fromI18n } from '../../../lib/i18n.ts';
import { useCreateWithdrawal } from '../api/create-withdrawal.ts';
import { useActiveBonus } from '../api/get-active-bonus.ts';
import { useConsolidated } from '../api/get-consolidated.ts';
import { useWithdrawInfo, type WithdrawInfo } from '../api/get-withdraw-info.ts';
import { amountProblem, parseAmount } from '../lib/amount.ts';
import { AmountField } from './amount-field.tsx';
import { describedBy, Field, FormError, FormSuccess, LoadError, Loading, useMoney, WalletPage } from './parts.tsx';
import { PaymentPasswordSetup } from './payment-password-setup.tsx';
import { useRequestId } from './use-request-id.ts';
import { useWithdrawAccess } from './withdraw-access.ts';
import { WithdrawalRecords } from './withdrawal-records.tsx';

/**
 * withdraw: what can be withdrawn and what is held, the payment password (set
 * it here the first time), the request form, and the member's withdrawals with
 * their confirmation (withdrawal confirmation, spec section 4). While a bonus is
 * active, a withdrawal forfeits what is left of it: the form says so and asks the
 * member to accept that (`forfeitBonus`) before it sends.
 */
export default function WithdrawPage() {
  const { t } = useTranslation('wallet');
  return (
    <WalletPage title={t('withdraw.title')} lead={t('withdraw.lead')}>
      <WithdrawPanel />
    </WalletPage>
  );
}

/**
 * The withdraw page's body: summary, payment password setup or the form, and the withdrawal list. Also the body of
 * the withdrawal-only screen (decision 056), where the access's token is used and the funds-held figure (a call that
 * token may not make) is left out.
 */
export function WithdrawPanel() {
  const { t } = useTranslation('wallet');
  const access = useWithdrawAccess();
  const info = useWithdrawInfo(access.token);
  const funds = useConsolidated(access.token, !access.restricted);
  const money = useMoney();

  return (
    <>
      {info.isPending ? (
        <Loading />
      ) : info.isError ? (
        <LoadError error={info.error} onRetry={() => void info.refetch()} />
      ) : (
        <>
          <div className="wl-summary">
            <div className="wl-stat">
              <span className="wl-stat-label">{t('withdraw.available')}</span>
              <strong className="wl-stat-value wl-money" data-testid="withdraw-available">
                {money(info.data.available)}
              </strong>
            </div>
            {!access.restricted && (
              <div className="wl-stat">
                <span className="wl-stat-label">{t('withdraw.held')}</span>
                <strong className="wl-stat-value wl-money" data-testid="withdraw-held">
                  {funds.data ? money(funds.data.pendingWithdrawals) : '—'}
                </strong>
              </div>
            )}
            <div className="wl-stat">
              <span className="wl-stat-label">{t('withdraw.limits')}</span>
              <strong className="wl-stat-value">
                {money(info.data.min)} – {money(info.data.max)}
              </strong>
            </div>
            {info.data.dailyLimit !== undefined && info.data.dailyLeft !== undefined && (
              <div className="wl-stat">
                <span className="wl-stat-label">{t('withdraw.dailyLeft', { limit: money(info.data.dailyLimit) })}</span>
                <strong className="wl-stat-value wl-money" data-testid="withdraw-daily-left">
                  {money(info.data.dailyLeft)}
                </strong>
              </div>
            )}
          </div>
          {info.data.hasPaymentPassword ? <WithdrawForm info={info.data} /> : <PaymentPasswordSetup />}
        </>
      )}
      <WithdrawalRecords waiting={info.isPending} />
    </>
  );
}

function WithdrawForm({ info }: { info: WithdrawInfo }) {
  const { t, i18n } = useTranslation('wallet');
  const id = useId();
  const money = useMoney();
  const access = useWithdrawAccess();
  const create = useCreateWithdrawal(access.restricted ? (access.token ?? undefined) : undefined);
  const requestId = useRequestId();
  // A withdrawal-only access may not read bonuses: the server's BONUS_FORFEIT_REQUIRED then asks for the consent.
  const bonus = useActiveBonus(access.restricted ? null : access.token, fromI18n(i18n.language));
  const [forfeit, setForfeit] = useState(false);
  // The server knows best: a bonus that became active after this page loaded still needs the member's consent.
  const refusedForBonus = create.error instanceof ApiError && create.error.code === 'BONUS_FORFEIT_REQUIRED';
  const activeBonus = bonus.data ?? null;
  const needsForfeit = activeBonus !== null || refusedForBonus;
  const [method, setMethod] = useState<WithdrawalMethod>(info.methods[0] ?? 'BKASH');
  const [values, setValues] = useState({ accountName: '', accountNumber: '', bankName: '', amount: '', paymentPassword: '' });
  const [tried, setTried] = useState(false);
  const limits = { min: info.min, max: info.max, balance: info.available };
  const errors = {
    forfeit: needsForfeit && !forfeit ? t('withdraw.bonus.problem') : undefined,
    accountName: values.accountName.trim() ? undefined : t('withdraw.problems.accountName'),
    accountNumber: /^[0-9A-Za-z-]{5,34}$/.test(values.accountNumber.trim()) ? undefined : t('withdraw.problems.accountNumber'),
    bankName: method !== 'BANK' || values.bankName.trim() ? undefined : t('withdraw.problems.bankName'),
    paymentPassword: values.paymentPassword ? undefined : t('withdraw.problems.paymentPassword'),
  };
  const shown = (k: keyof typeof errors) => (tried ? errors[k] : undefined);
  const set = (k: keyof typeof values) => (e: { target: { value: string } }) => setValues((v) => ({ ...v, [k]: e.target.value }));

  const submit = (e: FormEvent) => {
    e.preventDefault();
    setTried(true);
    const minor = parseAmount(values.amount);
    if (Object.values(errors).some(Boolean) || amountProblem(values.amount, limits) || minor === null) return;
    const content = {
      amount: minor.toString(),
      method,
      accountName: values.accountName.trim(),
      accountNumber: values.accountNumber.trim(),
      ...(method === 'BANK' ? { bankName: values.bankName.trim() } : {}),
      ...(needsForfeit ? { forfeitBonus: true } : {}),
    };
    create.mutate(
      { ...content, requestId: requestId.idFor(content), paymentPassword: values.paymentPassword },
      {
        onSuccess: () => {
          requestId.done();
          setTried(false);
          setForfeit(false);
          setValues((v) => ({ ...v, amount: '', paymentPassword: '' }));
        },
      },
    );
  };

  return (
    <form className="wl-card wl-form" onSubmit={submit} noValidate aria-labelledby={`${id}-title`}>
      <h3 id={`${id}-title`} className="wl-card-title">
        {t('withdraw.formTitle')}
      </h3>
      <fieldset className="wl-channels">
        <legend className="wl-label">{t('withdraw.method')}</legend>
        {(info.methods.length ? info.methods : WITHDRAWAL_METHODS).map((m) => (
          <label key={m} className="wl-channel" data-selected={m === method || undefined}>
            <input type="radio" name={`${id}-method`} value={m} checked={m === method} onChange={() => setMethod(m)} />
            <span className="wl-channel-name">{t(`methods.${m}`)}</span>
          </label>
        ))}
      </fieldset>
      <div className="wl-grid-2">
        <Field id={`${id}-name`} label={t('withdraw.accountName')} error={shown('accountName')}>
          <input
            id={`${id}-name`}
            className="wl-input"
            autoComplete="name"
            maxLength={100}
            value={values.accountName}
            onChange={set('accountName')}
            {...describedBy(`${id}-name`, shown('accountName'))}
          />
        </Field>
        <Field
          id={`${id}-number`}
          label={t(method === 'BANK' ? 'withdraw.bankAccount' : 'withdraw.walletNumber')}
          error={shown('accountNumber')}
        >
          <input
            id={`${id}-number`}
            className="wl-input"
            inputMode={method === 'BANK' ? 'text' : 'tel'}
            autoComplete="off"
            maxLength={34}
            value={values.accountNumber}
            onChange={set('accountNumber')}
            {...describedBy(`${id}-number`, shown('accountNumber'))}
          />
        </Field>
      </div>
      {method === 'BANK' && (
        <Field id={`${id}-bank`} label={t('withdraw.bankName')} error={shown('bankName')}>
          <input
            id={`${id}-bank`}
            className="wl-input"
            maxLength={100}
            value={values.bankName}
            onChange={set('bankName')}
            {...describedBy(`${id}-bank`, shown('bankName'))}
          />
        </Field>
      )}
      <AmountField
        id={`${id}-amount`}
        value={values.amount}
        onChange={(amount) => setValues((v) => ({ ...v, amount }))}
        limits={limits}
        showError={tried}
        allOf={info.available}
      />
      <Field id={`${id}-pay`} label={t('withdraw.paymentPassword')} error={shown('paymentPassword')}>
        <input
          id={`${id}-pay`}
          className="wl-input"
          type="password"
          inputMode="numeric"
          autoComplete="off"
          maxLength={128}
          value={values.paymentPassword}
          onChange={set('paymentPassword')}
          {...describedBy(`${id}-pay`, shown('paymentPassword'))}
        />
      </Field>
      {needsForfeit && (
        <div className="wl-forfeit" data-invalid={shown('forfeit') ? true : undefined} data-testid="withdraw-bonus-warning">
          <p className="wl-alert wl-alert-warning" id={`${id}-forfeit-text`}>
            {activeBonus
              ? t('withdraw.bonus.warning', { amount: money(activeBonus.remaining), title: activeBonus.title })
              : t('withdraw.bonus.warningUnknown')}
          </p>
          <label className="wl-check">
            <input
              type="checkbox"
              checked={forfeit}
              onChange={(e) => setForfeit(e.target.checked)}
              aria-describedby={`${id}-forfeit-text${shown('forfeit') ? ` ${id}-forfeit-error` : ''}`}
              aria-invalid={shown('forfeit') ? true : undefined}
            />
            <span>
              {activeBonus ? t('withdraw.bonus.accept', { amount: money(activeBonus.remaining) }) : t('withdraw.bonus.acceptUnknown')}
            </span>
          </label>
          {shown('forfeit') && (
            <p id={`${id}-forfeit-error`} className="wl-error">
              {shown('forfeit')}
            </p>
          )}
        </div>
      )}
      <FormError error={create.error} />
      {create.isSuccess && (
        <FormSuccess>{t('withdraw.requested', { amount: money(create.data.amount), orderNo: create.data.orderNo })}</FormSuccess>
      )}
      <button type="submit" className="btn btn-primary" disabled={create.isPending}>
        {create.isPending ? t('state.sending') : t('withdraw.submit')}
      </button>
    </form>
  );
}

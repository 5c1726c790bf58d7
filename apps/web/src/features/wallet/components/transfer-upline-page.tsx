import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSession } from '../../../lib/session-store.ts';
import { useWithdrawInfo } from '../api/get-withdraw-info.ts';
import { useMemberTransfer } from '../api/member-transfer.ts';
import { amountProblem, parseAmount } from '../lib/amount.ts';
import { AmountField } from './amount-field.tsx';
import { describedBy, Field, FormError, FormSuccess, LoadError, Loading, useMoney, WalletPage } from './parts.tsx';
import { PaymentPasswordSetup } from './payment-password-setup.tsx';
import { useRequestId } from './use-request-id.ts';

/**
 * transferUpline: a member sends money to their own direct upline; an agent can
 * also send to a member of their downline tree. The server decides who is in
 * the tree (someone outside it is "not found"), so the page never lists or
 * guesses accounts.
 */
export default function TransferUplinePage({ downline }: { downline?: string } = {}) {
  const { t } = useTranslation('wallet');
  const token = useSession((s) => s.token);
  const isAgent = useSession((s) => s.isAgent);
  const info = useWithdrawInfo(token);
  // The agent centre opens it for one downline (team management): the downline tab, their name filled in.
  const [target, setTarget] = useState<'upline' | 'downline'>(downline ? 'downline' : 'upline');
  return (
    <WalletPage title={t('upline.title')} lead={t(isAgent ? 'upline.leadAgent' : 'upline.lead')}>
      {info.isPending ? (
        <Loading />
      ) : info.isError ? (
        <LoadError error={info.error} onRetry={() => void info.refetch()} />
      ) : !info.data.hasPaymentPassword ? (
        <PaymentPasswordSetup />
      ) : (
        <>
          {isAgent && (
            <div className="wl-tabs" role="tablist" aria-label={t('upline.target')}>
              {(['upline', 'downline'] as const).map((k) => (
                <button key={k} type="button" role="tab" className="wl-tab" aria-selected={target === k} onClick={() => setTarget(k)}>
                  {t(`upline.targets.${k}`)}
                </button>
              ))}
            </div>
          )}
          <MemberTransferForm
            key={target}
            toDownline={isAgent && target === 'downline'}
            available={info.data.available}
            initialDownline={target === 'downline' ? downline : undefined}
          />
        </>
      )}
    </WalletPage>
  );
}

function MemberTransferForm({
  toDownline,
  available,
  initialDownline = '',
}: {
  toDownline: boolean;
  available: string;
  initialDownline?: string;
}) {
  const { t } = useTranslation('wallet');
  const id = useId();
  const money = useMoney();
  const send = useMemberTransfer();
  const requestId = useRequestId();
  const [values, setValues] = useState({ downline: initialDownline, amount: '', paymentPassword: '' });
  const [tried, setTried] = useState(false);
  const limits = { balance: available };
  const errors = {
    downline: !toDownline || values.downline.trim() ? undefined : t('upline.problems.downline'),
    paymentPassword: values.paymentPassword ? undefined : t('withdraw.problems.paymentPassword'),
  };
  const shown = (k: keyof typeof errors) => (tried ? errors[k] : undefined);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    setTried(true);
    const minor = parseAmount(values.amount);
    if (errors.downline || errors.paymentPassword || amountProblem(values.amount, limits) || minor === null) return;
    const content = { amount: minor.toString(), ...(toDownline ? { downline: values.downline.trim() } : {}) };
    send.mutate(
      { ...content, requestId: requestId.idFor(content), paymentPassword: values.paymentPassword },
      {
        onSuccess: () => {
          requestId.done();
          setTried(false);
          setValues((v) => ({ ...v, amount: '', paymentPassword: '' }));
        },
      },
    );
  };

  return (
    <form className="wl-card wl-form" onSubmit={submit} noValidate aria-labelledby="wl-page-title">
      <p className="wl-muted">{t('upline.available', { balance: money(available) })}</p>
      {toDownline && (
        <Field id={`${id}-to`} label={t('upline.downlineName')} error={shown('downline')}>
          <input
            id={`${id}-to`}
            className="wl-input"
            autoComplete="off"
            maxLength={64}
            value={values.downline}
            onChange={(e) => setValues((v) => ({ ...v, downline: e.target.value }))}
            {...describedBy(`${id}-to`, shown('downline'))}
          />
        </Field>
      )}
      <AmountField
        id={`${id}-amount`}
        value={values.amount}
        onChange={(amount) => setValues((v) => ({ ...v, amount }))}
        limits={limits}
        showError={tried}
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
          onChange={(e) => setValues((v) => ({ ...v, paymentPassword: e.target.value }))}
          {...describedBy(`${id}-pay`, shown('paymentPassword'))}
        />
      </Field>
      <FormError error={send.error} />
      {send.isSuccess && (
        <FormSuccess>
          {t('upline.done', { amount: money(send.data.amount), to: send.data.to, balance: money(send.data.balance) })}
        </FormSuccess>
      )}
      <button type="submit" className="btn btn-primary" disabled={send.isPending}>
        {send.isPending ? t('state.sending') : t(toDownline ? 'upline.submitDownline' : 'upline.submit')}
      </button>
    </form>
  );
}

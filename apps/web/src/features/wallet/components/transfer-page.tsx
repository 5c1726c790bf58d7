import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSession } from '../../../lib/session-store.ts';
import { useConsolidated } from '../api/get-consolidated.ts';
import { useMerchantWallet } from '../api/get-merchant-wallet.ts';
import { useVendorName } from '../api/get-vendor-names.ts';
import { useWalletTransfer } from '../api/wallet-transfer.ts';
import { amountProblem, parseAmount } from '../lib/amount.ts';
import { AmountField } from './amount-field.tsx';
import { FormError, FormSuccess, LoadError, Loading, useMoney, WalletPage } from './parts.tsx';
import { useRequestId } from './use-request-id.ts';

/**
 * transferFund: consolidated funds (main, each transfer-mode vendor's wallet,
 * held for withdrawals, total) and moves between the main wallet and a vendor
 * wallet. A single-wallet brand (isSingle) plays everything from the main
 * wallet: nothing to move, and the page says so.
 */
export default function TransferPage() {
  const { t } = useTranslation('wallet');
  const token = useSession((s) => s.token);
  const funds = useConsolidated(token);
  const merchant = useMerchantWallet();
  const money = useMoney();
  const vendorName = useVendorName();

  // The lead as soon as the wallet mode is known (asked at boot, kept for the visit): the server drew it with the page.
  const lead = merchant.data && !merchant.data.isSingle ? t('transfer.lead') : undefined;
  if (funds.isPending || merchant.isPending)
    return (
      <WalletPage title={t('transfer.title')} lead={lead}>
        <Loading />
      </WalletPage>
    );
  if (funds.isError || merchant.isError)
    return (
      <WalletPage title={t('transfer.title')} lead={lead}>
        <LoadError
          error={funds.error ?? merchant.error}
          onRetry={() => {
            void funds.refetch();
            void merchant.refetch();
          }}
        />
      </WalletPage>
    );

  const balances = new Map(funds.data.vendors.map((v) => [v.vendorCode, v.balance]));
  // Every transfer-mode vendor, and any other wallet that still holds money (a vendor switched to seamless later).
  const vendors = [
    ...new Set([...merchant.data.transferVendors, ...funds.data.vendors.filter((v) => v.balance !== '0').map((v) => v.vendorCode)]),
  ];

  return (
    <WalletPage title={t('transfer.title')} lead={lead}>
      <div className="wl-summary">
        <div className="wl-stat wl-stat-main">
          <span className="wl-stat-label">{t('transfer.main')}</span>
          <strong className="wl-stat-value wl-money">{money(funds.data.main)}</strong>
        </div>
        <div className="wl-stat">
          <span className="wl-stat-label">{t('withdraw.held')}</span>
          <strong className="wl-stat-value wl-money">{money(funds.data.pendingWithdrawals)}</strong>
        </div>
        <div className="wl-stat">
          <span className="wl-stat-label">{t('transfer.total')}</span>
          <strong className="wl-stat-value wl-money">{money(funds.data.total)}</strong>
        </div>
      </div>
      {merchant.data.isSingle && vendors.length === 0 ? (
        <p className="wl-alert wl-alert-info">{t('transfer.single')}</p>
      ) : (
        <>
          <section className="wl-section" aria-labelledby="wl-vendor-wallets">
            <h3 id="wl-vendor-wallets" className="wl-section-title">
              {t('transfer.vendorWallets')}
            </h3>
            <ul className="wl-wallets">
              {vendors.map((code) => (
                <li key={code} className="wl-wallet">
                  <span className="wl-wallet-code">{vendorName(code)}</span>
                  <strong className="wl-money">{money(balances.get(code) ?? '0')}</strong>
                </li>
              ))}
            </ul>
          </section>
          <TransferForm
            main={funds.data.main}
            vendors={vendors}
            balances={balances}
            transferable={new Set(merchant.data.transferVendors)}
          />
        </>
      )}
    </WalletPage>
  );
}

function TransferForm({
  main,
  vendors,
  balances,
  transferable,
}: {
  main: string;
  vendors: string[];
  balances: Map<string, string>;
  transferable: Set<string>;
}) {
  const { t } = useTranslation('wallet');
  const id = useId();
  const money = useMoney();
  const vendorName = useVendorName();
  const transfer = useWalletTransfer();
  const requestId = useRequestId();
  const [vendorCode, setVendorCode] = useState(vendors[0] ?? '');
  // Money can go into a transfer-mode vendor only; out of any wallet that holds some.
  const [direction, setDirection] = useState<'IN' | 'OUT'>(transferable.has(vendors[0] ?? '') ? 'IN' : 'OUT');
  const [amount, setAmount] = useState('');
  const [tried, setTried] = useState(false);
  const source = direction === 'IN' ? main : (balances.get(vendorCode) ?? '0');
  const limits = { balance: source };

  const submit = (e: FormEvent) => {
    e.preventDefault();
    setTried(true);
    const minor = parseAmount(amount);
    if (!vendorCode || amountProblem(amount, limits) || minor === null) return;
    const content = { vendorCode, direction, amount: minor.toString() };
    transfer.mutate(
      { ...content, requestId: requestId.idFor(content) },
      {
        onSuccess: () => {
          requestId.done();
          setTried(false);
          setAmount('');
        },
      },
    );
  };

  return (
    <form className="wl-card wl-form" onSubmit={submit} noValidate aria-labelledby={`${id}-title`}>
      <h3 id={`${id}-title`} className="wl-card-title">
        {t('transfer.formTitle')}
      </h3>
      <fieldset className="wl-channels">
        <legend className="wl-label">{t('transfer.direction')}</legend>
        {(['IN', 'OUT'] as const).map((d) => (
          <label key={d} className="wl-channel" data-selected={d === direction || undefined}>
            <input
              type="radio"
              name={`${id}-direction`}
              value={d}
              checked={d === direction}
              disabled={d === 'IN' && !transferable.has(vendorCode)}
              onChange={() => setDirection(d)}
            />
            <span className="wl-channel-name">{t(`transfer.directions.${d}`)}</span>
          </label>
        ))}
      </fieldset>
      <div className="wl-field">
        <label className="wl-label" htmlFor={`${id}-vendor`}>
          {t('transfer.vendor')}
        </label>
        <select
          id={`${id}-vendor`}
          className="wl-input"
          value={vendorCode}
          onChange={(e) => {
            setVendorCode(e.target.value);
            if (!transferable.has(e.target.value)) setDirection('OUT');
          }}
        >
          {vendors.map((code) => (
            <option key={code} value={code}>
              {vendorName(code)} — {money(balances.get(code) ?? '0')}
            </option>
          ))}
        </select>
      </div>
      <AmountField
        id={`${id}-amount`}
        value={amount}
        onChange={setAmount}
        limits={limits}
        showError={tried}
        allOf={source === '0' ? undefined : source}
        label={t('transfer.amountFrom', { wallet: direction === 'IN' ? t('transfer.main') : vendorCode, balance: money(source) })}
      />
      <FormError error={transfer.error} />
      {transfer.isSuccess && (
        <FormSuccess>
          {t('transfer.done', { main: money(transfer.data.main), vendor: transfer.data.vendorCode, balance: money(transfer.data.vendor) })}
        </FormSuccess>
      )}
      <button type="submit" className="btn btn-primary" disabled={transfer.isPending}>
        {transfer.isPending ? t('state.sending') : t('transfer.submit')}
      </button>
    </form>
  );
}

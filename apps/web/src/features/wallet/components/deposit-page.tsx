import type { DepositOrder } from '@playfront/contract/funds';
import { type FormEvent, useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { useSession } from '../../../lib/session-store.ts';
import { Icon, type IconName } from '../../../ui/icons/icon.tsx';
import { useCreateDeposit } from '../api/create-deposit.ts';
import { useDepositChannels } from '../api/get-deposit-channels.ts';
import { useDepositOffers } from '../api/get-deposit-offers.ts';
import { useDepositOrder } from '../api/get-deposit-order.ts';
import { amountProblem, parseAmount, presetAmounts } from '../lib/amount.ts';
import { AmountField } from './amount-field.tsx';
import { DepositBonusPicker } from './deposit-bonus-picker.tsx';
import { Empty, ErrorText, FormError, LoadError, Loading, useDateTime, useMoney, WalletPage } from './parts.tsx';

/**
 * depositv2: choose a channel and an amount within its limits, and a deposit
 * promotion if one fits (`?promotion=<code>` comes from the promotions page and
 * picks it), pay on the gateway's page (a new tab, so this page stays and hears
 * the deposit arrive live), and see the order's state. The gateway sends the
 * payer back to `?order=<orderNo>`, which shows the same state.
 */
export default function DepositPage() {
  const { t } = useTranslation('wallet');
  const [params, setParams] = useSearchParams();
  const orderNo = params.get('order');
  const [payUrl, setPayUrl] = useState<string | null>(null);
  const [blocked, setBlocked] = useState(false);

  const showOrder = (no: string, url: string, wasBlocked: boolean) => {
    setPayUrl(url);
    setBlocked(wasBlocked);
    setParams((p) => {
      p.set('order', no);
      return p;
    });
  };
  const again = () => {
    setPayUrl(null);
    setBlocked(false);
    setParams((p) => {
      p.delete('order');
      return p;
    });
  };

  return (
    <WalletPage title={t('deposit.title')} lead={orderNo ? undefined : t('deposit.lead')}>
      {orderNo ? (
        <DepositStatus orderNo={orderNo} payUrl={payUrl} blocked={blocked} onAgain={again} />
      ) : (
        <DepositForm onCreated={showOrder} preselected={params.get('promotion')} />
      )}
    </WalletPage>
  );
}

/** The typed amount once typing pauses, so the offers are not asked at every key. */
function useSettled<T>(value: T, ms = 300): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = window.setTimeout(() => setSettled(value), ms);
    return () => window.clearTimeout(timer);
  }, [value, ms]);
  return settled;
}

function DepositForm({
  onCreated,
  preselected,
}: {
  onCreated: (orderNo: string, payUrl: string, blocked: boolean) => void;
  /** A promotion picked on the promotions page. */
  preselected: string | null;
}) {
  const { t, i18n } = useTranslation('wallet');
  const id = useId();
  const money = useMoney();
  const token = useSession((s) => s.token);
  const channels = useDepositChannels(token, i18n.language);
  const create = useCreateDeposit();
  const [channelCode, setChannelCode] = useState<string | null>(null);
  const [amount, setAmount] = useState('');
  const [tried, setTried] = useState(false);
  const [promotionCode, setPromotionCode] = useState<string | null>(preselected);

  const list = channels.data?.list ?? [];
  const channel = list.find((c) => c.code === channelCode) ?? list[0];
  const limits = channel ? { min: channel.min, max: channel.max } : {};
  const typed = amountProblem(amount, limits) === null ? parseAmount(amount) : null;
  const offers = useDepositOffers(useSettled(typed), token, i18n.language);
  const offerList = offers.data?.list ?? [];
  const blocked = offers.data?.blockedByActiveBonus ?? false;
  const offer = offerList.find((o) => o.code === promotionCode);
  // A preselected promotion this deposit cannot take (not offered, or a bonus is active) falls back to "no bonus".
  const unavailable =
    preselected !== null && promotionCode === preselected && offers.isSuccess && !offers.isPlaceholderData && (!offer || blocked);
  const [missed, setMissed] = useState(false);
  useEffect(() => {
    if (!unavailable) return;
    setPromotionCode(null);
    // With a bonus active, the picker itself says why no offer can be taken.
    setMissed(!blocked);
  }, [unavailable, blocked]);
  const offerError =
    offer && typed !== null && typed < BigInt(offer.minDeposit)
      ? t('deposit.bonus.belowMinimum', { min: money(offer.minDeposit) })
      : undefined;

  if (channels.isPending) return <Loading />;
  if (channels.isError) return <LoadError error={channels.error} onRetry={() => void channels.refetch()} />;
  if (!channel) return <Empty>{t('deposit.noChannels')}</Empty>;

  const submit = (e: FormEvent) => {
    e.preventDefault();
    setTried(true);
    const minor = parseAmount(amount);
    if (amountProblem(amount, limits) || minor === null || offerError) return;
    // Opened now, while the click still counts as the member's own action; pointed at the gateway once the order exists.
    const tab = window.open('', '_blank');
    create.mutate(
      { channelCode: channel.code, amount: minor.toString(), ...(offer && !blocked ? { promotionCode: offer.code } : {}) },
      {
        onSuccess: (order) => {
          if (tab) {
            tab.opener = null;
            tab.location.href = order.payUrl;
          }
          onCreated(order.orderNo, order.payUrl, !tab);
        },
        onError: () => tab?.close(),
      },
    );
  };

  return (
    <form className="wl-card wl-form" onSubmit={submit} noValidate>
      <fieldset className="wl-channels">
        <legend className="wl-label">{t('deposit.channel')}</legend>
        {list.map((c) => (
          <label key={c.code} className="wl-channel" data-selected={c.code === channel.code || undefined}>
            <input
              type="radio"
              name={`${id}-channel`}
              value={c.code}
              checked={c.code === channel.code}
              onChange={() => setChannelCode(c.code)}
            />
            <span className="wl-channel-name">{c.name}</span>
          </label>
        ))}
      </fieldset>
      <AmountField
        id={`${id}-amount`}
        value={amount}
        onChange={setAmount}
        limits={limits}
        showError={tried}
        presets={presetAmounts(channel.min, channel.max)}
      />
      {missed && (
        <p className="wl-alert wl-alert-info" role="status">
          {t('deposit.bonus.unavailable')}
        </p>
      )}
      {/* The bonus choice, the button and its note come once the offers have answered: drawn before, the offers
          would push them down as they arrive (a layout shift under the member's thumb). */}
      {!offers.isPending && (
        <>
          <DepositBonusPicker
            offers={offerList}
            value={offer && !blocked ? offer.code : null}
            onChange={(code) => {
              setMissed(false);
              setPromotionCode(code);
            }}
            hasAmount={typed !== null}
            blocked={blocked}
            error={tried ? offerError : undefined}
          />
          <FormError error={create.error} />
          <button type="submit" className="btn btn-primary" disabled={create.isPending}>
            {create.isPending ? t('deposit.creating') : t('deposit.submit')}
          </button>
          <p className="wl-muted wl-small">{t('deposit.newTabNote')}</p>
        </>
      )}
    </form>
  );
}

// SVG icons, not emoji: a device without an emoji font would show empty boxes.
const STATUS_ICON: Record<Exclude<DepositOrder['status'], 'PENDING'>, IconName> = { PAID: 'success', FAILED: 'error', EXPIRED: 'warning' };

function DepositStatus({
  orderNo,
  payUrl,
  blocked,
  onAgain,
}: {
  orderNo: string;
  payUrl: string | null;
  blocked: boolean;
  onAgain: () => void;
}) {
  const { t } = useTranslation('wallet');
  const token = useSession((s) => s.token);
  const order = useDepositOrder(token, orderNo);
  const money = useMoney();
  const { dateTime } = useDateTime();
  const status = order.data?.status;

  // Focus the outcome when it changes, so a screen reader hears it.
  useEffect(() => {
    if (status && status !== 'PENDING') document.getElementById('wl-deposit-status')?.focus();
  }, [status]);

  if (order.isPending) return <Loading />;
  if (order.isError)
    return (
      <div className="wl-card">
        <p role="alert" className="wl-alert wl-alert-error">
          <ErrorText error={order.error} />
        </p>
        <button type="button" className="btn btn-ghost" onClick={onAgain}>
          {t('deposit.again')}
        </button>
      </div>
    );
  const o = order.data;
  return (
    <div className="wl-card wl-deposit-status" data-status={o.status}>
      <div id="wl-deposit-status" className="wl-status-line" tabIndex={-1} role="status" aria-live="polite">
        <span className="wl-status-icon" aria-hidden="true">
          {o.status === 'PENDING' ? <span className="spinner wl-status-spinner" /> : <Icon name={STATUS_ICON[o.status]} size={26} />}
        </span>
        <div>
          <h3 className="wl-card-title">{t(`deposit.status.${o.status}.title`)}</h3>
          <p className="wl-muted">{t(`deposit.status.${o.status}.text`, { amount: money(o.amount) })}</p>
        </div>
      </div>
      {o.status === 'PENDING' && blocked && payUrl && (
        <p className="wl-alert wl-alert-warning" role="alert">
          {t('popupBlocked', { ns: 'errors' })}
        </p>
      )}
      <dl className="wl-facts">
        <div>
          <dt>{t('deposit.orderNo')}</dt>
          <dd className="wl-mono">{o.orderNo}</dd>
        </div>
        <div>
          <dt>{t('amount.label')}</dt>
          <dd className="wl-money">{money(o.amount)}</dd>
        </div>
        <div>
          <dt>{t('deposit.createdAt')}</dt>
          <dd>{dateTime(o.createdAt)}</dd>
        </div>
        {o.paidAt && (
          <div>
            <dt>{t('deposit.paidAt')}</dt>
            <dd>{dateTime(o.paidAt)}</dd>
          </div>
        )}
      </dl>
      <div className="wl-actions">
        {o.status === 'PENDING' && payUrl && (
          <a className="btn btn-primary" href={payUrl} target="_blank" rel="noopener">
            {t('deposit.openGateway')}
          </a>
        )}
        <button type="button" className="btn btn-ghost" onClick={onAgain}>
          {t('deposit.again')}
        </button>
      </div>
    </div>
  );
}

import { zodResolver } from '@hookform/resolvers/zod';
import { RedeemFormSchema } from '@playfront/contract/points';
import { MAX_REDEEM_QUANTITY, pointsPictureUrl } from '@playfront/contract/points-paths';
import { useMemo, useRef } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useSession } from '../../../lib/session-store.ts';
import type { ModalBodyProps } from '../../../ui/modals/modal-types.ts';
import { usePointsBalance } from '../api/get-points-balance.ts';
import { useRewards } from '../api/get-rewards.ts';
import { useRedeemReward } from '../api/redeem-reward.ts';
import { blockText, maxQuantity } from '../lib/reward-text.ts';
import { ErrorText, Field, formatPoints, Loading, useMoney } from './parts.tsx';

const newRequestId = () => crypto.randomUUID().replace(/-/g, '');

/**
 * pointsRedeemModal: a reward's detail (picture, description, conditions) and its redeem form (quantity, the
 * receiving address for goods, the payment password), sent sealed. The request id is kept for one form fill, so a
 * resend after a lost answer redeems once.
 */
export default function RedeemModal({ options, titleId, close }: ModalBodyProps<'pointsRedeemModal'>) {
  const { t, i18n } = useTranslation('points');
  const token = useSession((s) => s.token);
  const rewards = useRewards(token, i18n.language, { kind: null, sort: 'default' });
  const balance = usePointsBalance(token);
  const reward = rewards.data?.list.find((r) => r.id === options.rewardId);

  if (rewards.isPending || balance.isPending) return <Loading />;
  if (!reward || !balance.data) {
    return (
      <div className="pm-modal">
        <h2 id={titleId} className="modal-title">
          {t('redeem.missingTitle')}
        </h2>
        <p>{t('redeem.missing')}</p>
        <button type="button" className="btn btn-ghost" onClick={close}>
          {t('redeem.close')}
        </button>
      </div>
    );
  }
  return (
    <RedeemForm
      reward={reward}
      points={BigInt(balance.data.points)}
      hasPassword={balance.data.hasPaymentPassword}
      titleId={titleId}
      close={close}
    />
  );
}

type Reward = NonNullable<ReturnType<typeof useRewards>['data']>['list'][number];

function RedeemForm({
  reward,
  points,
  hasPassword,
  titleId,
  close,
}: {
  reward: Reward;
  points: bigint;
  hasPassword: boolean;
  titleId: string;
  close: () => void;
}) {
  const { t } = useTranslation('points');
  const money = useMoney();
  const redeem = useRedeemReward();
  const requestId = useRef<{ id: string; content: string } | null>(null);
  const goods = reward.kind === 'GOODS';
  const max = maxQuantity(reward, points, MAX_REDEEM_QUANTITY);
  const schema = useMemo(
    () =>
      RedeemFormSchema.superRefine((v, ctx) => {
        if (v.quantity > Math.max(1, max)) ctx.addIssue({ code: 'custom', path: ['quantity'], message: 'quantity' });
        // Goods are shipped: the address is required (the server says so too: ADDRESS_REQUIRED).
        if (goods && v.address.trim().length < 10) ctx.addIssue({ code: 'custom', path: ['address'], message: 'address' });
      }),
    [goods, max],
  );
  const form = useForm({
    resolver: zodResolver(schema),
    defaultValues: { quantity: 1, address: '', paymentPassword: '' },
  });
  const { errors, isSubmitting } = form.formState;
  const quantityValue = Number(useWatch({ control: form.control, name: 'quantity' })) || 1;
  const total = BigInt(reward.price) * BigInt(Math.max(1, Math.min(quantityValue, MAX_REDEEM_QUANTITY)));
  const blocked = reward.blocked;

  const onSubmit = form.handleSubmit(async (values) => {
    const content = { rewardId: reward.id, quantity: values.quantity, address: goods ? values.address.trim() : undefined };
    const text = JSON.stringify(content);
    if (requestId.current?.content !== text) requestId.current = { id: newRequestId(), content: text };
    try {
      await redeem.mutateAsync({
        requestId: requestId.current.id,
        rewardId: reward.id,
        quantity: values.quantity,
        ...(goods ? { address: values.address.trim() } : {}),
        paymentPassword: values.paymentPassword,
      });
      requestId.current = null;
    } catch {
      form.setValue('paymentPassword', '');
    }
  });

  if (redeem.isSuccess) {
    return (
      <div className="pm-modal pm-done" data-testid="redeem-done">
        <h2 id={titleId} className="modal-title">
          {t('redeem.doneTitle')}
        </h2>
        <p role="status" className="pm-alert pm-alert-success">
          {t('redeem.done', { name: reward.name, orderNo: redeem.data.orderNo })}
        </p>
        <p>{t('redeem.doneLead', { points: formatPoints(redeem.data.balance) })}</p>
        <div className="pm-actions">
          <Link className="btn btn-primary" to="/pointMall?tab=history" onClick={close} data-autofocus>
            {t('redeem.viewHistory')}
          </Link>
          <button type="button" className="btn btn-ghost" onClick={close}>
            {t('redeem.close')}
          </button>
        </div>
      </div>
    );
  }

  return (
    <div className="pm-modal">
      <h2 id={titleId} className="modal-title">
        {reward.name}
      </h2>
      <div className="pm-detail">
        <img className="pm-detail-picture" src={pointsPictureUrl(reward.picture)} alt="" width={160} height={160} />
        <div className="pm-detail-text">
          <p className="pm-price">
            <strong>{formatPoints(reward.price)}</strong> {t('rewards.points')}
          </p>
          <p>{reward.description}</p>
          <dl className="pm-facts">
            <div>
              <dt>{t('redeem.stock')}</dt>
              <dd>{reward.stock === null ? t('rewards.unlimited') : t('rewards.left', { count: reward.stock })}</dd>
            </div>
            {reward.perMemberLimit !== null && (
              <div>
                <dt>{t('redeem.limit')}</dt>
                <dd>{t('redeem.limitValue', { limit: reward.perMemberLimit, have: reward.redeemedByMe })}</dd>
              </div>
            )}
            <div>
              <dt>{t('redeem.conditions')}</dt>
              <dd>
                {[
                  reward.minVipLevel > 0 ? t('blocks.vipLevel', { level: reward.minVipLevel }) : null,
                  reward.needsVerifiedMobile ? t('redeem.needsMobile') : null,
                ]
                  .filter(Boolean)
                  .join(' · ') || t('redeem.noConditions')}
              </dd>
            </div>
            <div>
              <dt>{t('redeem.yourPoints')}</dt>
              <dd>{formatPoints(points)}</dd>
            </div>
          </dl>
        </div>
      </div>

      {blocked.length > 0 ? (
        <div className="pm-alert pm-alert-warning" role="note">
          <p>{t('redeem.blocked')}</p>
          <ul>
            {blocked.map((b) => (
              <li key={b}>{blockText(t, b, reward)}</li>
            ))}
          </ul>
        </div>
      ) : !hasPassword ? (
        <div className="pm-alert pm-alert-warning" role="note">
          <p>{t('redeem.needPassword')}</p>
          <Link className="btn btn-primary btn-sm" to="/member?page=withdraw" onClick={close}>
            {t('redeem.setPassword')}
          </Link>
        </div>
      ) : (
        <form className="pm-form" noValidate onSubmit={onSubmit} aria-label={t('redeem.formLabel')}>
          <Field
            label={t('redeem.quantity')}
            error={errors.quantity ? t('redeem.problems.quantity', { max: Math.max(1, max) }) : undefined}
          >
            {(a) => (
              <input
                {...a}
                {...form.register('quantity')}
                className="pm-input pm-quantity"
                type="number"
                inputMode="numeric"
                min={1}
                max={Math.max(1, max)}
                step={1}
              />
            )}
          </Field>
          {goods && (
            <Field
              label={t('redeem.address')}
              hint={t('redeem.addressHint')}
              error={errors.address ? t('redeem.problems.address') : undefined}
            >
              {(a) => (
                <textarea
                  {...a}
                  {...form.register('address')}
                  className="pm-input pm-textarea"
                  maxLength={300}
                  autoComplete="street-address"
                />
              )}
            </Field>
          )}
          <Field label={t('redeem.paymentPassword')} error={errors.paymentPassword ? t('redeem.problems.paymentPassword') : undefined}>
            {(a) => (
              <input
                {...a}
                {...form.register('paymentPassword')}
                className="pm-input"
                type="password"
                inputMode="numeric"
                autoComplete="off"
                maxLength={128}
              />
            )}
          </Field>
          <p className="pm-total" aria-live="polite">
            {t('redeem.total', { points: formatPoints(total) })}
            {reward.cashAmount &&
              ` · ${t('rewards.cash', { amount: money(BigInt(reward.cashAmount) * BigInt(Math.max(1, quantityValue || 1))) })}`}
          </p>
          {redeem.isError && (
            <p role="alert" className="pm-alert pm-alert-error">
              <ErrorText error={redeem.error} />
            </p>
          )}
          <div className="pm-actions">
            <button type="submit" className="btn btn-primary" disabled={isSubmitting}>
              {isSubmitting ? t('redeem.sending') : t('redeem.submit')}
            </button>
            <button type="button" className="btn btn-ghost" onClick={close}>
              {t('redeem.cancel')}
            </button>
          </div>
        </form>
      )}
    </div>
  );
}

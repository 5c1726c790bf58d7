import { zodResolver } from '@hookform/resolvers/zod';
import { ConvertFormSchema } from '@playfront/contract/points';
import { useMemo, useRef } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useSession } from '../../../lib/session-store.ts';
import type { ModalBodyProps } from '../../../ui/modals/modal-types.ts';
import { useConvertPoints } from '../api/convert-points.ts';
import { usePointsBalance } from '../api/get-points-balance.ts';
import { usePointsConfig } from '../api/get-points-config.ts';
import { ErrorText, Field, formatPoints, Loading, useMoney } from './parts.tsx';

const newRequestId = () => crypto.randomUUID().replace(/-/g, '');

/**
 * pointsConvertModal: turn points into cash in the main wallet at the brand's ratio (whole steps, at least the
 * minimum), with the payment password; sealed, once per request id.
 */
export default function ConvertModal({ options, titleId, close }: ModalBodyProps<'pointsConvertModal'>) {
  const { t } = useTranslation('points');
  const token = useSession((s) => s.token);
  const balance = usePointsBalance(token);
  const config = usePointsConfig(token);
  const money = useMoney();
  const convert = useConvertPoints();
  const requestId = useRef<{ id: string; content: string } | null>(null);

  const c = config.data;
  const points = balance.data ? BigInt(balance.data.points) : 0n;
  const step = BigInt(c?.convertPoints ?? 1);
  const min = BigInt(c?.minConvertPoints ?? 1);
  const most = (points / step) * step;
  const schema = useMemo(
    () =>
      ConvertFormSchema.superRefine((v, ctx) => {
        const p = /^\d+$/.test(v.points) ? BigInt(v.points) : 0n;
        if (p < min || p % step !== 0n || p > points) ctx.addIssue({ code: 'custom', path: ['points'], message: 'points' });
      }),
    [min, step, points],
  );
  const form = useForm({
    resolver: zodResolver(schema),
    defaultValues: { points: options.points ?? (most >= min ? String(most) : ''), paymentPassword: '' },
  });
  const typed = useWatch({ control: form.control, name: 'points' });
  const typedPoints = /^\d{1,15}$/.test(typed ?? '') ? BigInt(typed) : 0n;
  const cash = c ? (typedPoints / step) * BigInt(c.convertAmount) : 0n;

  if (balance.isPending || config.isPending) return <Loading />;

  const onSubmit = form.handleSubmit(async (values) => {
    const text = values.points;
    if (requestId.current?.content !== text) requestId.current = { id: newRequestId(), content: text };
    try {
      await convert.mutateAsync({ requestId: requestId.current.id, points: values.points, paymentPassword: values.paymentPassword });
      requestId.current = null;
    } catch {
      form.setValue('paymentPassword', '');
    }
  });

  if (convert.isSuccess) {
    return (
      <div className="pm-modal pm-done">
        <h2 id={titleId} className="modal-title">
          {t('convert.doneTitle')}
        </h2>
        <p role="status" className="pm-alert pm-alert-success">
          {t('convert.done', { points: formatPoints(convert.data.points), amount: money(convert.data.amount) })}
        </p>
        <p>{t('convert.doneLead', { wallet: money(convert.data.wallet), points: formatPoints(convert.data.balance) })}</p>
        <div className="pm-actions">
          <button type="button" className="btn btn-primary" onClick={close} data-autofocus>
            {t('redeem.close')}
          </button>
        </div>
      </div>
    );
  }

  return (
    <div className="pm-modal">
      <h2 id={titleId} className="modal-title">
        {t('convert.title')}
      </h2>
      {c && (
        <p className="pm-muted">
          {t('convert.ratio', {
            points: formatPoints(String(c.convertPoints)),
            amount: money(c.convertAmount),
            min: formatPoints(String(c.minConvertPoints)),
          })}
        </p>
      )}
      <p>{t('convert.yourPoints', { points: formatPoints(points) })}</p>
      {!balance.data?.hasPaymentPassword ? (
        <div className="pm-alert pm-alert-warning" role="note">
          <p>{t('redeem.needPassword')}</p>
          <Link className="btn btn-primary btn-sm" to="/member?page=withdraw" onClick={close}>
            {t('redeem.setPassword')}
          </Link>
        </div>
      ) : (
        <form className="pm-form" noValidate onSubmit={onSubmit} aria-label={t('convert.title')}>
          <Field
            label={t('convert.points')}
            hint={t('convert.hint', { step: formatPoints(step), min: formatPoints(min) })}
            error={
              form.formState.errors.points
                ? t('convert.problem', { step: formatPoints(step), min: formatPoints(min), most: formatPoints(most) })
                : undefined
            }
          >
            {(a) => (
              <input {...a} {...form.register('points')} className="pm-input" inputMode="numeric" autoComplete="off" maxLength={15} />
            )}
          </Field>
          <Field
            label={t('redeem.paymentPassword')}
            error={form.formState.errors.paymentPassword ? t('redeem.problems.paymentPassword') : undefined}
          >
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
            {t('convert.youGet', { amount: money(cash) })}
          </p>
          {convert.isError && (
            <p role="alert" className="pm-alert pm-alert-error">
              <ErrorText error={convert.error} />
            </p>
          )}
          <div className="pm-actions">
            <button type="submit" className="btn btn-primary" disabled={form.formState.isSubmitting}>
              {form.formState.isSubmitting ? t('convert.sending') : t('convert.submit')}
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

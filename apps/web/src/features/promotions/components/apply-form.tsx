import { zodResolver } from '@hookform/resolvers/zod';
import { ApplyPromotionBodySchema } from '@playfront/contract/promotions';
import { ACTIVITY_COMMENT_MAX_CHARS } from '@playfront/contract/promotions-paths';
import { useId } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { ApplyPromotionBody, useApplyPromotion } from '../api/apply-promotion.ts';
import { ErrorAlert } from './error-text.tsx';

export type ApplyFormProps = {
  /** The apply call, owned by the popup's actions so its outcome outlives this form. */
  mutation: ReturnType<typeof useApplyPromotion>;
  code: string;
  onCancel: () => void;
  onSent: () => void;
};

/** Applying for a promotion an operator approves: an optional note for them, then the application. */
export function ApplyForm({ mutation: apply, code, onCancel, onSent }: ApplyFormProps) {
  const { t } = useTranslation('promotions');
  const id = useId();
  const {
    register,
    handleSubmit,
    watch,
    formState: { errors },
  } = useForm<ApplyPromotionBody>({ resolver: zodResolver(ApplyPromotionBodySchema), defaultValues: { note: '' } });
  const note = watch('note') ?? '';
  const submit = handleSubmit((body) => {
    onSent();
    apply.mutate({ code, body: body.note ? body : {} });
  });

  return (
    <form className="promo-form" onSubmit={submit} noValidate aria-labelledby={`${id}-title`}>
      <h3 id={`${id}-title`} className="promo-form-title">
        {t('apply.title')}
      </h3>
      <div className="promo-field" data-invalid={errors.note ? true : undefined}>
        <label htmlFor={`${id}-note`} className="promo-label">
          {t('apply.note')}
        </label>
        <textarea
          id={`${id}-note`}
          className="promo-input promo-textarea"
          maxLength={ACTIVITY_COMMENT_MAX_CHARS}
          aria-describedby={`${id}-count`}
          aria-invalid={errors.note ? true : undefined}
          data-autofocus
          {...register('note')}
        />
        <p id={`${id}-count`} className="promo-hint">
          {t('apply.hint', { count: note.length, max: ACTIVITY_COMMENT_MAX_CHARS })}
        </p>
        {errors.note && <p className="promo-error">{t('comments.tooLong', { max: ACTIVITY_COMMENT_MAX_CHARS })}</p>}
      </div>
      <ErrorAlert error={apply.error} />
      <div className="promo-action-row">
        <button type="submit" className="btn btn-primary" disabled={apply.isPending}>
          {apply.isPending ? t('actions.sending') : t('apply.submit')}
        </button>
        <button type="button" className="btn btn-ghost" onClick={onCancel}>
          {t('apply.cancel')}
        </button>
      </div>
    </form>
  );
}

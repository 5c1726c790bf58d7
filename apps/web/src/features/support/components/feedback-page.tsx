import '../../../ui/styles/member-page.css';
import './support.css';
import { zodResolver } from '@hookform/resolvers/zod';
import type { Feedback, FeedbackConfig } from '@playfront/contract/support';
import { type FeedbackType, feedbackLength } from '@playfront/contract/support-paths';
import { useId, useMemo, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { ApiError } from '../../../lib/api-client.ts';
import { useDateFormat } from '../../../lib/date-format.ts';
import { serverKey } from '../../../lib/i18n.ts';
import { useSession } from '../../../lib/session-store.ts';
import { useImagePreviews } from '../../../lib/use-image-previews.ts';
import { ImagePicker } from '../../../ui/image-picker.tsx';
import { LoadErrorState, LoadingState, MemberPageFrame } from '../../../ui/page-states.tsx';
import { Paginator } from '../../../ui/paginator/paginator.tsx';
import { useFeedbackConfig } from '../api/get-feedback-config.ts';
import { useFeedbackImage } from '../api/get-feedback-image.ts';
import { FEEDBACK_PAGE_SIZE, useMyFeedback } from '../api/get-my-feedback.ts';
import { useSendFeedback } from '../api/send-feedback.ts';
import { checkFeedbackImages, contentProblem } from '../lib/feedback-rules.ts';

/** Server refusals that belong beside the image picker rather than at the foot of the form. */
const IMAGE_CODES = ['FEEDBACK_IMAGE_INVALID', 'FEEDBACK_IMAGE_TOO_LARGE', 'FEEDBACK_TOO_MANY_IMAGES', 'PAYLOAD_TOO_LARGE'];

/** The member centre's feedback page (issue 15): the form, then the member's feedback with the replies. */
export default function FeedbackPage() {
  const { t } = useTranslation('support');
  const id = useId();
  const token = useSession((s) => s.token);
  const isTrial = useSession((s) => s.isTrial);
  const config = useFeedbackConfig(isTrial ? null : token);

  return (
    <MemberPageFrame id={`${id}-title`} className="support-page" title={t('feedback.title')} lead={t('feedback.lead')}>
      {isTrial ? (
        <p className="wl-state">{t('feedback.realAccount')}</p>
      ) : config.isPending ? (
        <LoadingState ns="support" />
      ) : config.isError ? (
        <LoadErrorState ns="support" onRetry={() => void config.refetch()} />
      ) : (
        <>
          <FeedbackForm config={config.data} token={token} />
          <FeedbackList token={token} />
        </>
      )}
    </MemberPageFrame>
  );
}

function FeedbackForm({ config, token }: { config: FeedbackConfig; token: string | null }) {
  const { t } = useTranslation('support');
  const { t: te } = useTranslation('errors');
  const id = useId();
  const send = useSendFeedback(token);
  const images = useImagePreviews();
  const [fileErrors, setFileErrors] = useState<string[]>([]);
  const [sent, setSent] = useState(false);
  const mb = config.maxImageBytes / 1024 / 1024;

  // The server's rules, from its own answer (the bounds are the brand's), so the form refuses what it would.
  const schema = useMemo(
    () =>
      z.object({
        type: z.string().refine((v) => (config.types as string[]).includes(v), { message: 'typeRequired' }),
        content: z.string().superRefine((text, ctx) => {
          const problem = contentProblem(text, config);
          if (problem) ctx.addIssue({ code: 'custom', message: problem });
        }),
      }),
    [config],
  );
  type Values = z.infer<typeof schema>;
  const {
    register,
    handleSubmit,
    watch,
    reset,
    formState: { errors },
  } = useForm<Values>({ resolver: zodResolver(schema), defaultValues: { type: '', content: '' } });
  const length = feedbackLength(watch('content') ?? '');
  const left = config.maxChars - length;

  // Object URLs live as long as their preview (lib/use-image-previews.ts): revoked on removal, after sending, on leaving.
  const addFiles = async (chosen: File[]) => {
    const { accepted, problems } = await checkFeedbackImages(images.previews.length, chosen, config);
    setFileErrors(problems.map((p) => t(`feedback.imageProblems.${p.problem}`, { name: p.name ?? '', max: config.maxImages, mb })));
    images.add(accepted);
  };

  const submit = handleSubmit(({ type, content }) => {
    setSent(false);
    send.mutate(
      { type: type as FeedbackType, content: content.trim(), images: images.files },
      {
        onSuccess: () => {
          images.clear();
          setFileErrors([]);
          reset({ type: '', content: '' });
          setSent(true);
        },
      },
    );
  });

  // A refusal from the server, shown where it belongs: under its field, beside the images, or at the foot.
  const refused = send.error instanceof ApiError ? send.error : null;
  const fieldError = (field: 'type' | 'content') => {
    const problem = refused?.body?.fields?.[field];
    return problem ? (te(serverKey(problem.key) as never, (problem.params ?? {}) as Record<string, unknown>) as string) : null;
  };
  const serverImageError = refused && IMAGE_CODES.includes(refused.code) ? (te(refused.messageKey as never) as string) : null;
  const otherError =
    send.error && !fieldError('type') && !fieldError('content') && !serverImageError
      ? refused
        ? (te(refused.messageKey as never) as string)
        : te('unknown')
      : null;
  const typeError = errors.type ? t('feedback.typeRequired') : fieldError('type');
  const contentError = errors.content
    ? t(errors.content.message === 'tooLong' ? 'feedback.tooLong' : 'feedback.tooShort', { min: config.minChars, max: config.maxChars })
    : fieldError('content');

  return (
    <form className="support-form" onSubmit={submit} noValidate aria-label={t('feedback.formLabel')}>
      <div className="support-field" data-invalid={typeError ? true : undefined}>
        <label htmlFor={`${id}-type`} className="support-label">
          {t('feedback.type')}
        </label>
        <select
          id={`${id}-type`}
          className="support-input"
          aria-invalid={typeError ? true : undefined}
          aria-describedby={typeError ? `${id}-type-error` : undefined}
          {...register('type')}
        >
          <option value="">{t('feedback.typePlaceholder')}</option>
          {config.types.map((type) => (
            <option key={type} value={type}>
              {t(`feedback.types.${type}`)}
            </option>
          ))}
        </select>
        {typeError && (
          <p id={`${id}-type-error`} className="support-error">
            {typeError}
          </p>
        )}
      </div>

      <div className="support-field" data-invalid={contentError ? true : undefined}>
        <label htmlFor={`${id}-content`} className="support-label">
          {t('feedback.content')}
        </label>
        <textarea
          id={`${id}-content`}
          className="support-input support-textarea"
          rows={6}
          aria-invalid={contentError ? true : undefined}
          aria-describedby={`${id}-hint ${id}-count${contentError ? ` ${id}-content-error` : ''}`}
          {...register('content')}
        />
        <div className="support-counter-row">
          <p id={`${id}-hint`} className="support-hint">
            {t('feedback.contentHint', { min: config.minChars, max: config.maxChars })}
          </p>
          <p id={`${id}-count`} className="support-counter" data-over={left < 0 || undefined} data-testid="feedback-counter">
            {t('feedback.counter', { count: length, max: config.maxChars })}
          </p>
        </div>
        {contentError && (
          <p id={`${id}-content-error`} className="support-error">
            {contentError}
          </p>
        )}
        {/* Heard only near the end, not at every key. */}
        <p className="visually-hidden" aria-live="polite">
          {left <= 20 && left >= 0 ? t('feedback.left', { count: left }) : ''}
        </p>
      </div>

      <div className="support-field">
        <ImagePicker
          id={`${id}-files`}
          previews={images.previews}
          onChoose={(files) => void addFiles(files)}
          onRemove={images.remove}
          accept={config.imageTypes.join(',')}
          multiple
          disabled={images.previews.length >= config.maxImages}
          buttonLabel={t('feedback.addImages')}
          hint={t('feedback.imagesHint', { max: config.maxImages, mb })}
          errors={[...fileErrors, ...(serverImageError ? [serverImageError] : [])]}
          previewAlt={(name) => t('feedback.previewAlt', { name })}
          removeLabel={(name) => t('feedback.remove', { name })}
        />
      </div>

      {otherError && (
        <p role="alert" className="support-alert support-alert-error">
          {otherError}
        </p>
      )}
      {sent && (
        <p role="status" className="support-alert support-alert-success">
          {t('feedback.sent')}
        </p>
      )}
      <div>
        <button type="submit" className="btn btn-primary" disabled={send.isPending}>
          {send.isPending ? t('feedback.sending') : t('feedback.submit')}
        </button>
      </div>
    </form>
  );
}

function FeedbackList({ token }: { token: string | null }) {
  const { t } = useTranslation('support');
  const id = useId();
  const [page, setPage] = useState(1);
  const list = useMyFeedback(token, page);

  return (
    <section className="support-list" aria-labelledby={`${id}-title`}>
      <h3 id={`${id}-title`} className="support-list-title">
        {t('feedback.listTitle')}
      </h3>
      {list.isPending ? (
        <LoadingState ns="support" />
      ) : list.isError ? (
        <LoadErrorState ns="support" onRetry={() => void list.refetch()} />
      ) : list.data.list.length === 0 ? (
        <p className="wl-state">{t('feedback.none')}</p>
      ) : (
        <>
          <ul className="support-items">
            {list.data.list.map((f) => (
              <FeedbackItem key={f.id} feedback={f} />
            ))}
          </ul>
          <Paginator
            page={page}
            totalPages={Math.ceil(list.data.total / FEEDBACK_PAGE_SIZE)}
            onChange={setPage}
            label={t('feedback.pages')}
          />
        </>
      )}
    </section>
  );
}

/** The site's one date rule per language (decision 042). */
function useDateTime() {
  return useDateFormat().dateTime;
}

function FeedbackItem({ feedback }: { feedback: Feedback }) {
  const { t } = useTranslation('support');
  const dateTime = useDateTime();
  return (
    <li className="support-item" data-testid="feedback-item">
      <div className="support-item-head">
        <span className="support-type">{t(`feedback.types.${feedback.type}`)}</span>
        <span className="support-status" data-status={feedback.status}>
          {t(`feedback.status.${feedback.status}`)}
        </span>
      </div>
      <p className="support-item-body">{feedback.content}</p>
      {feedback.imageIds.length > 0 && (
        <ul className="support-thumbs">
          {feedback.imageIds.map((imageId, i) => (
            <li key={imageId}>
              <FeedbackImage feedbackId={feedback.id} imageId={imageId} alt={t('feedback.imageAlt', { n: i + 1 })} />
            </li>
          ))}
        </ul>
      )}
      <p className="support-time">
        <time dateTime={feedback.createdAt}>{t('feedback.sentAt', { when: dateTime(feedback.createdAt) })}</time>
      </p>
      {feedback.replies.length > 0 ? (
        feedback.replies.map((r) => (
          <div key={r.id} className="support-reply">
            <p className="support-reply-title">{t('feedback.reply')}</p>
            <p className="support-item-body">{r.content}</p>
            <time className="support-time" dateTime={r.createdAt}>
              {dateTime(r.createdAt)}
            </time>
          </div>
        ))
      ) : feedback.status !== 'CLOSED' ? (
        <p className="support-time">{t('feedback.noReply')}</p>
      ) : null}
    </li>
  );
}

function FeedbackImage({ feedbackId, imageId, alt }: { feedbackId: string; imageId: string; alt: string }) {
  const { t } = useTranslation('support');
  const { url, failed } = useFeedbackImage(feedbackId, imageId);
  if (failed) return <span className="support-thumb-missing">{t('feedback.imageFailed')}</span>;
  if (!url) return <span className="support-thumb-missing" aria-hidden="true" />;
  return <img src={url} alt={alt} />;
}

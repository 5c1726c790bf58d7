import { zodResolver } from '@hookform/resolvers/zod';
import {
  ACTIVITY_COMMENT_MAX_CHARS,
  ACTIVITY_COMMENT_MAX_IMAGE_BYTES,
  ACTIVITY_COMMENT_MAX_IMAGES,
} from '@playfront/contract/promotions-paths';
import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { useSession } from '../../../lib/session-store.ts';
import { useImagePreviews } from '../../../lib/use-image-previews.ts';
import { ImagePicker } from '../../../ui/image-picker.tsx';
import { openModal } from '../../../ui/modals/modal-store.ts';
import { useCommentImage } from '../api/get-comment-image.ts';
import { type ActivityComment, useComments } from '../api/get-comments.ts';
import { usePostComment } from '../api/post-comment.ts';
import { useFormat } from '../hooks/use-format.ts';
import { checkCommentImages, commentLeft, commentLength } from '../lib/comment-rules.ts';
import { ErrorAlert } from './error-text.tsx';

/**
 * The comment's text (spec sections 5 and 9: up to 140 characters, counted as the server counts them). The call is
 * multipart, so the contract has no body schema for it; this one holds the same rule, from the contract's constant.
 */
const CommentFormSchema = z.object({
  body: z
    .string()
    .refine((text) => commentLength(text) > 0, { message: 'empty' })
    .refine((text) => commentLength(text) <= ACTIVITY_COMMENT_MAX_CHARS, { message: 'tooLong' }),
});
type CommentForm = z.infer<typeof CommentFormSchema>;

const MB = ACTIVITY_COMMENT_MAX_IMAGE_BYTES / 1024 / 1024;

/** The activity comment of a promotion: the member's own comments (with their images) and the form to add one. */
export function CommentSection({ code }: { code: string }) {
  const { t } = useTranslation('promotions');
  const id = useId();
  const token = useSession((s) => s.token);
  const loggedIn = useSession((s) => s.loggedIn);
  const isTrial = useSession((s) => s.isTrial);
  const member = loggedIn && !isTrial;

  return (
    <section className="promo-comments" aria-labelledby={`${id}-title`}>
      <h3 id={`${id}-title`} className="promo-section-title">
        {t('comments.title')}
      </h3>
      {member ? (
        <>
          <CommentForm code={code} token={token} />
          <CommentList code={code} token={token} />
        </>
      ) : (
        <div className="promo-action-row">
          <p className="promo-note">{t(loggedIn ? 'comments.realAccount' : 'comments.logIn')}</p>
          {!loggedIn && (
            <button type="button" className="btn btn-ghost btn-sm" onClick={() => openModal('loginPopupModal')}>
              {t('actions.logIn')}
            </button>
          )}
        </div>
      )}
    </section>
  );
}

function CommentForm({ code, token }: { code: string; token: string | null }) {
  const { t } = useTranslation('promotions');
  const id = useId();
  const post = usePostComment(token);
  const images = useImagePreviews();
  const [fileErrors, setFileErrors] = useState<string[]>([]);
  const [sent, setSent] = useState(false);
  const {
    register,
    handleSubmit,
    watch,
    reset,
    formState: { errors },
  } = useForm<CommentForm>({ resolver: zodResolver(CommentFormSchema), defaultValues: { body: '' } });
  const left = commentLeft(watch('body') ?? '');

  // Object URLs live as long as their preview (lib/use-image-previews.ts): revoked on removal, after sending, on leaving.
  const addFiles = (chosen: File[]) => {
    const { accepted, problems } = checkCommentImages(images.previews.length, chosen);
    setFileErrors(
      problems.map((p) => t(`comments.imageProblems.${p.problem}`, { name: p.name ?? '', max: ACTIVITY_COMMENT_MAX_IMAGES, mb: MB })),
    );
    images.add(accepted);
  };

  const submit = handleSubmit(({ body }) => {
    setSent(false);
    post.mutate(
      { code, body: body.trim(), images: images.files },
      {
        onSuccess: () => {
          images.clear();
          setFileErrors([]);
          reset({ body: '' });
          setSent(true);
        },
      },
    );
  });

  return (
    <form className="promo-form" onSubmit={submit} noValidate aria-label={t('comments.formLabel')}>
      <div className="promo-field" data-invalid={errors.body ? true : undefined}>
        <label htmlFor={`${id}-body`} className="promo-label">
          {t('comments.body')}
        </label>
        <textarea
          id={`${id}-body`}
          className="promo-input promo-textarea"
          aria-invalid={errors.body ? true : undefined}
          aria-describedby={`${id}-count${errors.body ? ` ${id}-error` : ''}`}
          {...register('body')}
        />
        <div className="promo-counter-row">
          {errors.body ? (
            <p id={`${id}-error`} className="promo-error">
              {errors.body.message === 'tooLong' ? t('comments.tooLong', { max: ACTIVITY_COMMENT_MAX_CHARS }) : t('comments.empty')}
            </p>
          ) : (
            <span />
          )}
          <p id={`${id}-count`} className="promo-counter" data-low={left <= 20 || undefined} data-testid="comment-counter">
            {t('comments.counter', { count: ACTIVITY_COMMENT_MAX_CHARS - left, max: ACTIVITY_COMMENT_MAX_CHARS })}
          </p>
        </div>
        {/* Heard only near the end, not at every key. */}
        <p className="visually-hidden" aria-live="polite">
          {left <= 20 ? t('comments.left', { count: left }) : ''}
        </p>
      </div>

      <div className="promo-field">
        <ImagePicker
          id={`${id}-files`}
          previews={images.previews}
          onChoose={addFiles}
          onRemove={images.remove}
          accept="image/png,image/jpeg"
          multiple
          disabled={images.previews.length >= ACTIVITY_COMMENT_MAX_IMAGES}
          buttonLabel={t('comments.addImages')}
          hint={t('comments.imagesHint', { max: ACTIVITY_COMMENT_MAX_IMAGES, mb: MB })}
          errors={fileErrors}
          previewAlt={(name) => t('comments.previewAlt', { name })}
          removeLabel={(name) => t('comments.remove', { name })}
        />
      </div>
      <ErrorAlert error={post.error} />
      {sent && (
        <p role="status" className="promo-alert promo-alert-success">
          {t('comments.sent')}
        </p>
      )}
      <div className="promo-action-row">
        <button type="submit" className="btn btn-primary btn-sm" disabled={post.isPending}>
          {post.isPending ? t('actions.sending') : t('comments.submit')}
        </button>
      </div>
    </form>
  );
}

function CommentList({ code, token }: { code: string; token: string | null }) {
  const { t } = useTranslation('promotions');
  const comments = useComments(code, token);
  if (comments.isPending) return <p className="promo-note">{t('comments.loading')}</p>;
  if (comments.isError)
    return (
      <div className="promo-action-row">
        <p className="promo-note">{t('comments.loadFailed')}</p>
        <button type="button" className="btn btn-ghost btn-sm" onClick={() => void comments.refetch()}>
          {t('retry')}
        </button>
      </div>
    );
  if (comments.data.length === 0) return <p className="promo-note">{t('comments.none')}</p>;
  return (
    <ul className="promo-comment-list" aria-label={t('comments.yours')}>
      {comments.data.map((c) => (
        <CommentItem key={c.id} code={code} comment={c} />
      ))}
    </ul>
  );
}

function CommentItem({ code, comment }: { code: string; comment: ActivityComment }) {
  const { t } = useTranslation('promotions');
  const { dateTime } = useFormat();
  return (
    <li className="promo-comment" data-testid="promotion-comment">
      <p className="promo-comment-body">{comment.body}</p>
      {comment.imageIds.length > 0 && (
        <ul className="promo-thumbs">
          {comment.imageIds.map((imageId, i) => (
            <li key={imageId}>
              <CommentImage code={code} commentId={comment.id} imageId={imageId} alt={t('comments.imageAlt', { n: i + 1 })} />
            </li>
          ))}
        </ul>
      )}
      <time className="promo-comment-time" dateTime={comment.createdAt}>
        {dateTime(comment.createdAt)}
      </time>
    </li>
  );
}

function CommentImage({ code, commentId, imageId, alt }: { code: string; commentId: string; imageId: string; alt: string }) {
  const { t } = useTranslation('promotions');
  const { url, failed } = useCommentImage(code, commentId, imageId);
  if (failed) return <span className="promo-thumb-missing">{t('comments.imageFailed')}</span>;
  if (!url) return <span className="promo-thumb-missing" aria-hidden="true" />;
  return <img src={url} alt={alt} />;
}

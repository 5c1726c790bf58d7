import {
  FEEDBACK_OPS_PATHS,
  FeedbackIdParamsSchema,
  FeedbackImageParamsSchema,
  OpsFeedbackListResponseSchema,
  OpsFeedbackQuerySchema,
  OpsFeedbackReplyBodySchema,
  OpsFeedbackResponseSchema,
  OpsFeedbackSettingsBodySchema,
  OpsFeedbackSettingsResponseSchema,
} from '@playfront/contract/support';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { sendStoredImage } from '../../../http/image-upload.ts';
import { operatedBrandId } from '../../ops/operated-brand.ts';
import { requireOperatorKey } from '../../ops/operator-key.ts';
import { brandFeedback, closeFeedback, feedbackImage, replyToFeedback, saveFeedbackBounds } from './feedback.service.ts';
import { announceFeedbackReply } from './feedback-live.ts';

const ok = <T>(value: T) => ({ success: true as const, message: 'ok', value });

/** The operator's side of feedback under /ops/ behind the operator key: the queue, replies, closing, the bounds. */
export const feedbackOpsRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['operator'];
  requireOperatorKey(app, 'support');

  app.get(
    FEEDBACK_OPS_PATHS.list,
    {
      schema: {
        tags,
        summary: 'The brand’s feedback (oldest first when filtered by status)',
        querystring: OpsFeedbackQuerySchema,
        response: { 200: OpsFeedbackListResponseSchema },
      },
    },
    async (request) => ok(await brandFeedback(app.deps.db, await operatedBrandId(app.deps.db, request), request.query)),
  );

  app.post(
    FEEDBACK_OPS_PATHS.reply,
    {
      schema: {
        tags,
        summary: 'Reply to a feedback (it becomes ANSWERED)',
        params: FeedbackIdParamsSchema,
        body: OpsFeedbackReplyBodySchema,
        response: { 200: OpsFeedbackResponseSchema },
      },
    },
    async (request) => {
      const { db, now } = app.deps;
      const answered = await replyToFeedback(
        db,
        await operatedBrandId(db, request),
        request.params.feedbackId,
        request.body.content,
        now(),
      );
      announceFeedbackReply(app, answered);
      return ok(answered);
    },
  );

  app.post(
    FEEDBACK_OPS_PATHS.close,
    { schema: { tags, summary: 'Close a feedback', params: FeedbackIdParamsSchema, response: { 200: OpsFeedbackResponseSchema } } },
    async (request) => {
      const { db, now } = app.deps;
      return ok(await closeFeedback(db, await operatedBrandId(db, request), request.params.feedbackId, now()));
    },
  );

  app.get(
    FEEDBACK_OPS_PATHS.image,
    { schema: { tags, summary: 'An image of a feedback', params: FeedbackImageParamsSchema } },
    async (request, reply) => {
      const { db } = app.deps;
      const image = await feedbackImage(db, { ...request.params, brandId: await operatedBrandId(db, request) });
      return sendStoredImage(reply, image.mime, image.bytes);
    },
  );

  app.put(
    FEEDBACK_OPS_PATHS.settings,
    {
      schema: {
        tags,
        summary: 'The brand’s feedback content bounds',
        body: OpsFeedbackSettingsBodySchema,
        response: { 200: OpsFeedbackSettingsResponseSchema },
      },
    },
    async (request) => {
      const { db, now } = app.deps;
      return ok(await saveFeedbackBounds(db, await operatedBrandId(db, request), request.body, now()));
    },
  );
};

import multipart from '@fastify/multipart';
import {
  FEEDBACK_PATHS,
  FeedbackConfigResponseSchema,
  FeedbackImageParamsSchema,
  FeedbackListQuerySchema,
  FeedbackListResponseSchema,
  FeedbackResponseSchema,
} from '@playfront/contract/support';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { sendStoredImage } from '../../../http/image-upload.ts';
import { memberOf, requireMember } from '../../session/authenticate.ts';
import { checkFeedbackRate, feedbackConfig, feedbackImage, myFeedback, submitFeedback } from './feedback.service.ts';
import { FEEDBACK_UPLOAD_LIMITS, readFeedbackForm } from './feedback-form.ts';

const ok = <T>(value: T) => ({ success: true as const, message: 'ok', value });

/** The member's feedback (spec section 7, `PUT /wps/feedback`): send, list with replies, fetch own images. No trial account. */
export const feedbackRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['support'];
  const member = requireMember();
  await app.register(multipart, { limits: FEEDBACK_UPLOAD_LIMITS });

  app.get(
    FEEDBACK_PATHS.config,
    {
      preParsing: member,
      schema: { tags, summary: 'Feedback types, content bounds and image limits', response: { 200: FeedbackConfigResponseSchema } },
    },
    async (request) => ok(await feedbackConfig(app.deps.db, memberOf(request).brandId)),
  );

  app.put(
    FEEDBACK_PATHS.feedback,
    {
      preParsing: member,
      schema: {
        tags,
        summary: 'Send feedback (multipart: type, content within the brand bounds, up to 3 png/jpg images ≤ 5 MB)',
        response: { 200: FeedbackResponseSchema },
      },
    },
    async (request) => {
      const { db, now } = app.deps;
      const me = memberOf(request);
      await checkFeedbackRate(db, me.memberId, now());
      // Per member, in the database (so across instances): 5 an hour, 20 a day; the address limit is the global one.
      const form = await readFeedbackForm(request);
      return ok(await submitFeedback(db, me, form, now()));
    },
  );

  app.get(
    FEEDBACK_PATHS.feedback,
    {
      preParsing: member,
      schema: {
        tags,
        summary: 'My feedback, newest first, with the replies',
        querystring: FeedbackListQuerySchema,
        response: { 200: FeedbackListResponseSchema },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return ok(await myFeedback(app.deps.db, memberOf(request), request.query));
    },
  );

  app.get(
    FEEDBACK_PATHS.image,
    { preParsing: member, schema: { tags, summary: 'An image of my feedback', params: FeedbackImageParamsSchema } },
    async (request, reply) => {
      const image = await feedbackImage(app.deps.db, { ...request.params, memberId: memberOf(request).memberId });
      return sendStoredImage(reply, image.mime, image.bytes);
    },
  );
};

import { CONSOLE_OVERSIGHT_PATHS as P } from '@playfront/contract/console-oversight';
import {
  FeedbackIdParamsSchema,
  OpsFeedbackListResponseSchema,
  OpsFeedbackQuerySchema,
  OpsFeedbackReplyBodySchema,
  OpsFeedbackResponseSchema,
} from '@playfront/contract/support';
import {
  ChatConversationParamsSchema,
  ChatHistoryQuerySchema,
  ChatHistoryResponseSchema,
  ChatImageParamsSchema,
  ChatMessageResponseSchema,
  ChatReadBodySchema,
  ChatSendBodySchema,
  OpsChatConversationResponseSchema,
  OpsChatListQuerySchema,
  OpsChatListResponseSchema,
} from '@playfront/contract/support-chat';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { sendStoredImage } from '../../http/image-upload.ts';
import { withAudit } from '../staff/audit.ts';
import { actorOf } from '../staff/staff-guard.ts';
import {
  type ChatStaff,
  claimChat,
  deskQueue,
  type InTx,
  staffClose,
  staffConversation,
  staffHistory,
  staffImage,
  staffRead,
  staffSend,
} from '../support/chat/chat.service.ts';
import { chatNotifier } from '../support/chat/chat-live.ts';
import { brandFeedback, closeFeedback, replyToFeedback } from '../support/feedback/feedback.service.ts';
import { announceFeedbackReply } from '../support/feedback/feedback-live.ts';
import { ok } from './console-http.ts';

const ACTIONS = { claim: 'support_chat.claim', reply: 'support_chat.reply', close: 'support_chat.close' } as const;

/**
 * The support desk in the console (decision 050): the same chat and feedback services as the operator-key desk
 * (decision 041), with the signed-in staff member as the one who answers (chat staff id `staff:<id>`), each change
 * audited in its own transaction. The member hears replies live over the live bus; the desk polls (no staff socket).
 */
export const consoleSupportRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['console'];
  const desk = { staff: { permission: 'support.desk' as const } };
  const notify = chatNotifier(app);
  const id = (request: { params: { conversationId: string } }) => BigInt(request.params.conversationId);
  const staffOf = (actor: ReturnType<typeof actorOf>): ChatStaff => ({ id: `staff:${actor.staffId}`, name: actor.username });
  /** The audit row of a chat change, written by the service inside its transaction. */
  const audited =
    (actor: ReturnType<typeof actorOf>, conversationId: bigint): InTx =>
    async (trx, change) => {
      const { kind, before, ...after } = change;
      await withAudit(trx, actor, ACTIONS[kind], { type: 'support_chat', id: conversationId }, before ?? null, after, app.deps.now());
    };

  app.get(
    P.supportChats,
    {
      config: desk,
      schema: {
        tags,
        summary: 'The chat queue, waiting first',
        querystring: OpsChatListQuerySchema,
        response: { 200: OpsChatListResponseSchema },
      },
    },
    async (request) => ok(await deskQueue(app.deps.db, actorOf(request).brandId, request.query, app.deps.now())),
  );

  app.get(
    P.supportChat,
    {
      config: desk,
      schema: {
        tags,
        summary: 'One conversation',
        params: ChatConversationParamsSchema,
        response: { 200: OpsChatConversationResponseSchema },
      },
    },
    async (request) => ok(await staffConversation(app.deps.db, actorOf(request).brandId, id(request), app.deps.now())),
  );

  app.get(
    P.supportChatMessages,
    {
      config: desk,
      schema: {
        tags,
        summary: 'A conversation’s messages (afterSeq for new ones: the desk polls)',
        params: ChatConversationParamsSchema,
        querystring: ChatHistoryQuerySchema,
        response: { 200: ChatHistoryResponseSchema },
      },
    },
    async (request) => ok(await staffHistory(app.deps.db, actorOf(request).brandId, id(request), request.query, app.deps.now())),
  );

  app.post(
    P.supportChatMessages,
    {
      config: desk,
      schema: {
        tags,
        summary: 'Reply (a waiting conversation is claimed by the reply); the member sees it live',
        params: ChatConversationParamsSchema,
        body: ChatSendBodySchema,
        response: { 200: ChatMessageResponseSchema },
      },
    },
    async (request) => {
      const actor = actorOf(request);
      return ok(
        await staffSend(
          app.deps.db,
          actor.brandId,
          staffOf(actor),
          id(request),
          { text: request.body.text },
          app.deps.now(),
          notify,
          audited(actor, id(request)),
        ),
      );
    },
  );

  app.get(
    P.supportChatImage,
    { config: desk, schema: { tags, summary: 'An image of a conversation', params: ChatImageParamsSchema } },
    async (request, reply) => {
      const image = await staffImage(app.deps.db, actorOf(request).brandId, id(request), BigInt(request.params.messageId));
      return sendStoredImage(reply, image.mime, image.bytes);
    },
  );

  app.post(
    P.supportChatClaim,
    {
      config: desk,
      schema: {
        tags,
        summary: 'Take the conversation',
        params: ChatConversationParamsSchema,
        response: { 200: OpsChatConversationResponseSchema },
      },
    },
    async (request) => {
      const actor = actorOf(request);
      return ok(
        await claimChat(app.deps.db, actor.brandId, staffOf(actor), id(request), app.deps.now(), notify, audited(actor, id(request))),
      );
    },
  );

  app.post(
    P.supportChatRead,
    {
      config: desk,
      schema: {
        tags,
        summary: 'Staff read up to seq',
        params: ChatConversationParamsSchema,
        body: ChatReadBodySchema,
        response: { 200: OpsChatConversationResponseSchema },
      },
    },
    async (request) => {
      const { brandId } = actorOf(request);
      await staffRead(app.deps.db, brandId, id(request), request.body.seq, app.deps.now(), notify);
      return ok(await staffConversation(app.deps.db, brandId, id(request), app.deps.now()));
    },
  );

  app.post(
    P.supportChatClose,
    {
      config: desk,
      schema: {
        tags,
        summary: 'Close the conversation',
        params: ChatConversationParamsSchema,
        response: { 200: OpsChatConversationResponseSchema },
      },
    },
    async (request) => {
      const actor = actorOf(request);
      await staffClose(app.deps.db, actor.brandId, staffOf(actor), id(request), app.deps.now(), notify, audited(actor, id(request)));
      return ok(await staffConversation(app.deps.db, actor.brandId, id(request), app.deps.now()));
    },
  );

  app.get(
    P.supportFeedback,
    {
      config: desk,
      schema: { tags, summary: 'Members’ feedback', querystring: OpsFeedbackQuerySchema, response: { 200: OpsFeedbackListResponseSchema } },
    },
    async (request) => ok(await brandFeedback(app.deps.db, actorOf(request).brandId, request.query)),
  );

  app.post(
    P.supportFeedbackReply,
    {
      config: desk,
      schema: {
        tags,
        summary: 'Reply to a feedback (it becomes ANSWERED)',
        params: FeedbackIdParamsSchema,
        body: OpsFeedbackReplyBodySchema,
        response: { 200: OpsFeedbackResponseSchema },
      },
    },
    async (request) => {
      const actor = actorOf(request);
      const { feedbackId } = request.params;
      const answered = await replyToFeedback(
        app.deps.db,
        actor.brandId,
        feedbackId,
        request.body.content,
        app.deps.now(),
        (trx, before, after) =>
          withAudit(
            trx,
            actor,
            'feedback.reply',
            { type: 'feedback', id: feedbackId },
            before,
            { ...after, chars: request.body.content.trim().length },
            app.deps.now(),
          ),
      );
      // The member sees the reply at once (live bus), not only on their next visit.
      announceFeedbackReply(app, answered);
      return ok(answered);
    },
  );

  app.post(
    P.supportFeedbackClose,
    {
      config: desk,
      schema: { tags, summary: 'Close a feedback', params: FeedbackIdParamsSchema, response: { 200: OpsFeedbackResponseSchema } },
    },
    async (request) => {
      const actor = actorOf(request);
      const { feedbackId } = request.params;
      return ok(
        await closeFeedback(app.deps.db, actor.brandId, feedbackId, app.deps.now(), (trx, before, after) =>
          withAudit(trx, actor, 'feedback.close', { type: 'feedback', id: feedbackId }, before, after, app.deps.now()),
        ),
      );
    },
  );
};

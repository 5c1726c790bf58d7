import multipart from '@fastify/multipart';
import {
  ChatConversationParamsSchema,
  ChatHistoryQuerySchema,
  ChatHistoryResponseSchema,
  ChatImageParamsSchema,
  ChatMessageResponseSchema,
  ChatReadBodySchema,
  OpsChatConversationResponseSchema,
  OpsChatListQuerySchema,
  OpsChatListResponseSchema,
  OpsChatRatingsQuerySchema,
  OpsChatRatingsResponseSchema,
  OpsChatSendBodySchema,
  OpsChatStaffBodySchema,
  SUPPORT_CHAT_OPS_PATHS,
} from '@playfront/contract/support-chat';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { sendStoredImage } from '../../../http/image-upload.ts';
import { operatedBrandId } from '../../ops/operated-brand.ts';
import { requireOperatorKey } from '../../ops/operator-key.ts';
import {
  type ChatStaff,
  claimChat,
  deskQueue,
  deskRatings,
  staffClose,
  staffConversation,
  staffHistory,
  staffImage,
  staffRead,
  staffSend,
  staffTyping,
} from './chat.service.ts';
import { CHAT_UPLOAD_LIMITS, readChatImageForm } from './chat-image-form.ts';
import { chatNotifier } from './chat-live.ts';

const ok = <T>(value: T) => ({ success: true as const, message: 'ok', value });

/**
 * The operator key names no person: the desk's caller says who answers (`staffName`), and the staff id is that name
 * under `ops:`. The console (staff sessions) calls the same service functions with its own staff's id and name.
 */
const opsStaff = (name: string): ChatStaff => ({ id: `ops:${name}`, name });

/** The staff desk under /ops/support/chat behind the operator key (the console will call the same service). */
export const chatOpsRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['operator'];
  requireOperatorKey(app, 'support');
  const notify = chatNotifier(app);
  await app.register(multipart, { limits: CHAT_UPLOAD_LIMITS });
  const id = (request: { params: { conversationId: string } }) => BigInt(request.params.conversationId);
  const brand = (request: Parameters<typeof operatedBrandId>[1]) => operatedBrandId(app.deps.db, request);

  app.get(
    SUPPORT_CHAT_OPS_PATHS.conversations,
    {
      schema: {
        tags,
        summary: 'The chat queue: waiting first',
        querystring: OpsChatListQuerySchema,
        response: { 200: OpsChatListResponseSchema },
      },
    },
    async (request) => ok(await deskQueue(app.deps.db, await brand(request), request.query, app.deps.now())),
  );

  app.post(
    SUPPORT_CHAT_OPS_PATHS.claim,
    {
      schema: {
        tags,
        summary: 'Take a conversation',
        params: ChatConversationParamsSchema,
        body: OpsChatStaffBodySchema,
        response: { 200: OpsChatConversationResponseSchema },
      },
    },
    async (request) =>
      ok(await claimChat(app.deps.db, await brand(request), opsStaff(request.body.staffName), id(request), app.deps.now(), notify)),
  );

  app.get(
    SUPPORT_CHAT_OPS_PATHS.messages,
    {
      schema: {
        tags,
        summary: 'A conversation’s messages',
        params: ChatConversationParamsSchema,
        querystring: ChatHistoryQuerySchema,
        response: { 200: ChatHistoryResponseSchema },
      },
    },
    async (request) => ok(await staffHistory(app.deps.db, await brand(request), id(request), request.query, app.deps.now())),
  );

  app.post(
    SUPPORT_CHAT_OPS_PATHS.messages,
    {
      schema: {
        tags,
        summary: 'Reply (a waiting conversation is claimed by the reply)',
        params: ChatConversationParamsSchema,
        body: OpsChatSendBodySchema,
        response: { 200: ChatMessageResponseSchema },
      },
    },
    async (request) =>
      ok(
        await staffSend(
          app.deps.db,
          await brand(request),
          opsStaff(request.body.staffName),
          id(request),
          { text: request.body.text },
          app.deps.now(),
          notify,
        ),
      ),
  );

  app.post(
    SUPPORT_CHAT_OPS_PATHS.images,
    {
      schema: {
        tags,
        summary: 'Reply with one png/jpg image (multipart: staffName, image)',
        params: ChatConversationParamsSchema,
        response: { 200: ChatMessageResponseSchema },
      },
    },
    async (request) => {
      const brandId = await brand(request);
      const form = await readChatImageForm(request);
      return ok(
        await staffSend(
          app.deps.db,
          brandId,
          opsStaff(form.staffName || 'Support'),
          id(request),
          { image: form.image! },
          app.deps.now(),
          notify,
        ),
      );
    },
  );

  app.get(
    SUPPORT_CHAT_OPS_PATHS.image,
    { schema: { tags, summary: 'An image of a conversation', params: ChatImageParamsSchema } },
    async (request, reply) => {
      const image = await staffImage(app.deps.db, await brand(request), id(request), BigInt(request.params.messageId));
      return sendStoredImage(reply, image.mime, image.bytes);
    },
  );

  app.post(
    SUPPORT_CHAT_OPS_PATHS.read,
    { schema: { tags, summary: 'Staff read up to seq', params: ChatConversationParamsSchema, body: ChatReadBodySchema } },
    async (request) => {
      await staffRead(app.deps.db, await brand(request), id(request), request.body.seq, app.deps.now(), notify);
      return ok(await staffConversation(app.deps.db, await brand(request), id(request), app.deps.now()));
    },
  );

  app.post(
    SUPPORT_CHAT_OPS_PATHS.typing,
    {
      schema: {
        tags,
        summary: 'Staff typing',
        params: ChatConversationParamsSchema,
        body: OpsChatStaffBodySchema,
        response: { 200: z.object({ success: z.literal(true), message: z.string(), value: z.null() }) },
      },
    },
    async (request) => {
      await staffTyping(app.deps.db, await brand(request), id(request), app.deps.now(), notify);
      return ok(null);
    },
  );

  app.post(
    SUPPORT_CHAT_OPS_PATHS.close,
    {
      schema: {
        tags,
        summary: 'Close a conversation',
        params: ChatConversationParamsSchema,
        response: { 200: OpsChatConversationResponseSchema },
      },
    },
    async (request) => {
      const brandId = await brand(request);
      await staffClose(app.deps.db, brandId, null, id(request), app.deps.now(), notify);
      return ok(await staffConversation(app.deps.db, brandId, id(request), app.deps.now()));
    },
  );

  app.get(
    SUPPORT_CHAT_OPS_PATHS.ratings,
    {
      schema: {
        tags,
        summary: 'Rated conversations and the average',
        querystring: OpsChatRatingsQuerySchema,
        response: { 200: OpsChatRatingsResponseSchema },
      },
    },
    async (request) => ok(await deskRatings(app.deps.db, await brand(request), request.query, app.deps.now())),
  );
};

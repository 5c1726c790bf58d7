import multipart from '@fastify/multipart';
import {
  CHAT_GUEST_HEADER,
  ChatConversationParamsSchema,
  ChatConversationResponseSchema,
  ChatCurrentResponseSchema,
  ChatHistoryQuerySchema,
  ChatHistoryResponseSchema,
  ChatImageParamsSchema,
  ChatMessageResponseSchema,
  ChatOpenBodySchema,
  ChatOpenResponseSchema,
  ChatRateBodySchema,
  ChatReadBodySchema,
  ChatSendBodySchema,
  ChatStartBodySchema,
  ChatStartResponseSchema,
  SUPPORT_CHAT_PATHS,
} from '@playfront/contract/support-chat';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../../http/app-error.ts';
import { sendStoredImage } from '../../../http/image-upload.ts';
import { authenticate } from '../../session/authenticate.ts';
import { requestBrand } from '../../system/system.service.ts';
import {
  type ChatCustomer,
  currentChat,
  customerClose,
  customerHistory,
  customerImage,
  customerRead,
  customerSend,
  customerTyping,
  guestOf,
  openChat,
  rateChat,
  startChat,
} from './chat.service.ts';
import { CHAT_UPLOAD_LIMITS, readChatImageForm } from './chat-image-form.ts';
import { chatNotifier } from './chat-live.ts';

const ok = <T>(value: T) => ({ success: true as const, message: 'ok', value });

const customers = new WeakMap<FastifyRequest, ChatCustomer>();
const guestTokenOf = (request: FastifyRequest) => {
  const header = request.headers[CHAT_GUEST_HEADER];
  return (Array.isArray(header) ? header[0] : header)?.trim() || undefined;
};

/**
 * Who is chatting, checked in preParsing like requireMember (after the rate limit, before the body is read): a member
 * by their session (trial accounts too: anyone may ask for help), else a guest by the token their conversation gave them.
 * With neither, or a token that is not a conversation's of this brand: NOT_LOGGED_IN.
 */
async function identify(request: FastifyRequest): Promise<ChatCustomer | undefined> {
  if (request.headers.authorization) {
    const m = await authenticate(request, { allowTrial: true });
    return { kind: 'member', brandId: m.brandId, memberId: m.memberId };
  }
  const token = guestTokenOf(request);
  if (!token) return undefined;
  const brand = await requestBrand(request.server.deps.db, request);
  const guest = await guestOf(request.server.deps.db, brand.id, token);
  if (!guest) throw new AppError('NOT_LOGGED_IN');
  return guest;
}
const requireCustomer = async (request: FastifyRequest) => {
  const c = await identify(request);
  if (!c) throw new AppError('NOT_LOGGED_IN');
  customers.set(request, c);
};
const customerOf = (request: FastifyRequest) => {
  const c = customers.get(request);
  if (!c) throw new AppError('NOT_LOGGED_IN');
  return c;
};

/** The member's and the guest's side of the live chat under /wps/support/chat. */
export const chatRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['support'];
  const notify = chatNotifier(app);
  await app.register(multipart, { limits: CHAT_UPLOAD_LIMITS });
  const id = (request: { params: { conversationId: string } }) => BigInt(request.params.conversationId);

  app.post(
    SUPPORT_CHAT_PATHS.open,
    {
      preParsing: async (request) => {
        const c = await identify(request);
        if (c) customers.set(request, c);
      },
      schema: {
        tags,
        summary: 'My chat that is not closed, or none; creates nothing (a guest gives a name and gets a token once)',
        body: ChatOpenBodySchema,
        response: { 200: ChatOpenResponseSchema },
      },
    },
    async (request, reply) => {
      const { db, now } = app.deps;
      reply.header('cache-control', 'no-store');
      const c = customers.get(request);
      if (c?.kind === 'member') return ok(await openChat(db, c, now()));
      const brand = await requestBrand(db, request);
      return ok(
        await openChat(
          db,
          {
            kind: 'guest',
            brandId: brand.id,
            ...(c ? { existing: c } : {}),
            ...(request.body.guestName ? { guestName: request.body.guestName } : {}),
          },
          now(),
        ),
      );
    },
  );

  app.post(
    SUPPORT_CHAT_PATHS.start,
    {
      // A member by their session; a guest by the token open gave them (its conversation may not exist yet).
      preParsing: async (request) => {
        if (request.headers.authorization) {
          const m = await authenticate(request, { allowTrial: true });
          customers.set(request, { kind: 'member', brandId: m.brandId, memberId: m.memberId });
        } else if (!guestTokenOf(request)) throw new AppError('NOT_LOGGED_IN');
      },
      schema: {
        tags,
        summary: 'My first message, which starts the conversation',
        body: ChatStartBodySchema,
        response: { 200: ChatStartResponseSchema },
      },
    },
    async (request, reply) => {
      const { db, now } = app.deps;
      reply.header('cache-control', 'no-store');
      const c = customers.get(request);
      if (c?.kind === 'member') return ok(await startChat(db, c, request.body.text, now(), notify));
      const brand = await requestBrand(db, request);
      const token = guestTokenOf(request) ?? '';
      const guestName = request.body.guestName;
      return ok(
        await startChat(
          db,
          { kind: 'guest', brandId: brand.id, token, ...(guestName ? { guestName } : {}) },
          request.body.text,
          now(),
          notify,
        ),
      );
    },
  );

  app.get(
    SUPPORT_CHAT_PATHS.current,
    {
      preParsing: requireCustomer,
      schema: { tags, summary: 'My current chat and the unread count', response: { 200: ChatCurrentResponseSchema } },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return ok(await currentChat(app.deps.db, customerOf(request), app.deps.now()));
    },
  );

  app.get(
    SUPPORT_CHAT_PATHS.messages,
    {
      preParsing: requireCustomer,
      schema: {
        tags,
        summary: 'My chat’s messages in order: older pages with beforeSeq, newer with afterSeq',
        params: ChatConversationParamsSchema,
        querystring: ChatHistoryQuerySchema,
        response: { 200: ChatHistoryResponseSchema },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return ok(await customerHistory(app.deps.db, customerOf(request), id(request), request.query, app.deps.now()));
    },
  );

  app.post(
    SUPPORT_CHAT_PATHS.messages,
    {
      preParsing: requireCustomer,
      schema: {
        tags,
        summary: 'Send a text message',
        params: ChatConversationParamsSchema,
        body: ChatSendBodySchema,
        response: { 200: ChatMessageResponseSchema },
      },
    },
    async (request) =>
      ok(await customerSend(app.deps.db, customerOf(request), id(request), { text: request.body.text }, app.deps.now(), notify)),
  );

  app.post(
    SUPPORT_CHAT_PATHS.images,
    {
      preParsing: requireCustomer,
      schema: {
        tags,
        summary: 'Send one png/jpg image (≤ 5 MB, checked by content)',
        params: ChatConversationParamsSchema,
        response: { 200: ChatMessageResponseSchema },
      },
    },
    async (request) => {
      const customer = customerOf(request);
      const form = await readChatImageForm(request);
      return ok(await customerSend(app.deps.db, customer, id(request), { image: form.image! }, app.deps.now(), notify));
    },
  );

  app.get(
    SUPPORT_CHAT_PATHS.image,
    { preParsing: requireCustomer, schema: { tags, summary: 'An image of my chat', params: ChatImageParamsSchema } },
    async (request, reply) => {
      const image = await customerImage(app.deps.db, customerOf(request), id(request), BigInt(request.params.messageId));
      return sendStoredImage(reply, image.mime, image.bytes);
    },
  );

  app.post(
    SUPPORT_CHAT_PATHS.read,
    {
      preParsing: requireCustomer,
      schema: {
        tags,
        summary: 'I have read up to seq',
        params: ChatConversationParamsSchema,
        body: ChatReadBodySchema,
        response: { 200: ChatConversationResponseSchema },
      },
    },
    async (request) => ok(await customerRead(app.deps.db, customerOf(request), id(request), request.body.seq, app.deps.now())),
  );

  app.post(
    SUPPORT_CHAT_PATHS.typing,
    {
      preParsing: requireCustomer,
      schema: {
        tags,
        summary: 'I am typing',
        params: ChatConversationParamsSchema,
        response: { 200: z.object({ success: z.literal(true), message: z.string(), value: z.null() }) },
      },
    },
    async (request) => {
      await customerTyping(app.deps.db, customerOf(request), id(request), app.deps.now());
      return ok(null);
    },
  );

  app.post(
    SUPPORT_CHAT_PATHS.close,
    {
      preParsing: requireCustomer,
      schema: { tags, summary: 'End my chat', params: ChatConversationParamsSchema, response: { 200: ChatConversationResponseSchema } },
    },
    async (request) => ok(await customerClose(app.deps.db, customerOf(request), id(request), app.deps.now(), notify)),
  );

  app.post(
    SUPPORT_CHAT_PATHS.rate,
    {
      preParsing: requireCustomer,
      schema: {
        tags,
        summary: 'Rate my ended chat (1–5, once)',
        params: ChatConversationParamsSchema,
        body: ChatRateBodySchema,
        response: { 200: ChatConversationResponseSchema },
      },
    },
    async (request) =>
      ok(await rateChat(app.deps.db, customerOf(request), id(request), request.body.rating, request.body.comment, app.deps.now())),
  );
};

import {
  MarkReadBodySchema,
  MarkReadResponseSchema,
  MESSAGES_PATHS,
  MessagesQuerySchema,
  MessagesResponseSchema,
  UnreadCountResponseSchema,
} from '@playfront/contract/messages';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { memberOf, requireMember } from '../session/authenticate.ts';
import { countUnread, listMessages, markRead, toMessage } from './messages.repository.ts';

const ok = <T>(value: T) => ({ success: true as const, message: 'ok', value });

/** Internal messages (messageV2 page and its badge). A member only ever sees and marks their own. */
export const messagesRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['messages'];
  const authenticated = requireMember({ allowTrial: true });

  app.get(
    MESSAGES_PATHS.list,
    {
      preParsing: authenticated,
      schema: {
        tags,
        summary: 'Internal messages, newest first',
        querystring: MessagesQuerySchema,
        response: { 200: MessagesResponseSchema },
      },
    },
    async (request, reply) => {
      const { db } = app.deps;
      const me = memberOf(request);
      const { pageNo, pageSize } = request.query;
      const { rows, total } = await listMessages(db, me.memberId, pageSize, (pageNo - 1) * pageSize);
      reply.header('cache-control', 'no-store');
      return ok({ list: rows.map(toMessage), total, pageNo, pageSize, unread: await countUnread(db, me.memberId) });
    },
  );

  app.get(
    MESSAGES_PATHS.unreadCount,
    { preParsing: authenticated, schema: { tags, summary: 'Unread messages (badge)', response: { 200: UnreadCountResponseSchema } } },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return ok({ unread: await countUnread(app.deps.db, memberOf(request).memberId) });
    },
  );

  app.post(
    MESSAGES_PATHS.markRead,
    {
      preParsing: authenticated,
      schema: { tags, summary: 'Mark messages read', body: MarkReadBodySchema, response: { 200: MarkReadResponseSchema } },
    },
    async (request) => {
      const { db, now } = app.deps;
      const me = memberOf(request);
      const updated = await markRead(db, me.memberId, request.body.ids.map(BigInt), now());
      return ok({ updated, unread: await countUnread(db, me.memberId) });
    },
  );

  app.post(
    MESSAGES_PATHS.markAllRead,
    { preParsing: authenticated, schema: { tags, summary: 'Mark all messages read', response: { 200: MarkReadResponseSchema } } },
    async (request) => {
      const { db, now } = app.deps;
      const me = memberOf(request);
      const updated = await markRead(db, me.memberId, 'all', now());
      return ok({ updated, unread: 0 });
    },
  );
};

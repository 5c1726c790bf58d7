import {
  OpsRoomListResponseSchema,
  OpsRoomMuteBodySchema,
  OpsRoomMuteResponseSchema,
  OpsRoomWordsBodySchema,
  OpsRoomWordsResponseSchema,
  RoomListResponseSchema,
  RoomMemberParamsSchema,
  RoomMessageParamsSchema,
  RoomMessageResponseSchema,
  RoomPostBodySchema,
  SUPPORT_ROOM_OPS_PATHS,
  SUPPORT_ROOM_PATHS,
} from '@playfront/contract/support-chat';
import type { FastifyPluginAsync } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { publishLiveToBrand } from '../../live/live-bus.ts';
import { operatedBrandId } from '../../ops/operated-brand.ts';
import { requireOperatorKey } from '../../ops/operator-key.ts';
import { authenticate, memberOf, requireMember } from '../../session/authenticate.ts';
import { requestBrand } from '../../system/system.service.ts';
import {
  deleteRoomMessage,
  moderationList,
  muteMember,
  postToRoom,
  roomMessages,
  roomWords,
  saveRoomWords,
  unmuteMember,
} from './room.service.ts';

const ok = <T>(value: T) => ({ success: true as const, message: 'ok', value });
const Empty = z.object({ success: z.literal(true), message: z.string(), value: z.null() });

/** The room for everyone under /wps/support/room: anyone reads (guests too), members post. */
const roomRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['support'];
  app.get(
    SUPPORT_ROOM_PATHS.messages,
    { schema: { tags, summary: 'The chat room’s latest messages (anyone reads)', response: { 200: RoomListResponseSchema } } },
    async (request, reply) => {
      const { db, now } = app.deps;
      reply.header('cache-control', 'no-store');
      // A member sees which messages are theirs and their own mute; a guest (or an expired token) reads as a guest.
      const member = request.headers.authorization ? await authenticate(request, { allowTrial: true }).catch(() => undefined) : undefined;
      const brandId = member?.brandId ?? (await requestBrand(db, request)).id;
      return ok(await roomMessages(db, brandId, member?.memberId ?? null, now()));
    },
  );
  app.post(
    SUPPORT_ROOM_PATHS.messages,
    {
      preParsing: requireMember(),
      schema: {
        tags,
        summary: 'Post in the chat room (1 message / 2 s, 20 / min; muted members refused)',
        body: RoomPostBodySchema,
        response: { 200: RoomMessageResponseSchema },
      },
    },
    async (request) => {
      const me = memberOf(request);
      return ok(await postToRoom(app.deps.db, me, request.body.text, app.deps.now()));
    },
  );
};

/** Moderation under /ops/support/room behind the operator key. */
const roomOpsRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['operator'];
  requireOperatorKey(app, 'support');
  const brand = (request: Parameters<typeof operatedBrandId>[1]) => operatedBrandId(app.deps.db, request);
  app.get(
    SUPPORT_ROOM_OPS_PATHS.words,
    { schema: { tags, summary: 'The words the room masks', response: { 200: OpsRoomWordsResponseSchema } } },
    async (request) => ok({ words: await roomWords(app.deps.db, await brand(request)) }),
  );
  app.put(
    SUPPORT_ROOM_OPS_PATHS.words,
    {
      schema: {
        tags,
        summary: 'Replace the words the room masks',
        body: OpsRoomWordsBodySchema,
        response: { 200: OpsRoomWordsResponseSchema },
      },
    },
    async (request) => ok(await saveRoomWords(app.deps.db, await brand(request), request.body.words)),
  );
  app.get(
    SUPPORT_ROOM_OPS_PATHS.messages,
    {
      schema: {
        tags,
        summary: 'The room’s latest messages with removed ones and who wrote them',
        response: { 200: OpsRoomListResponseSchema },
      },
    },
    async (request) => ok(await moderationList(app.deps.db, await brand(request))),
  );
  app.delete(
    SUPPORT_ROOM_OPS_PATHS.message,
    { schema: { tags, summary: 'Remove a message for everyone', params: RoomMessageParamsSchema, response: { 200: Empty } } },
    async (request) => {
      const brandId = await brand(request);
      await deleteRoomMessage(app.deps.db, brandId, BigInt(request.params.messageId), app.deps.now());
      // Every online member's open room drops it at once (every instance); guests, who hold no socket, at their next poll.
      publishLiveToBrand(app, brandId, {
        type: 'ROOM_MESSAGE_REMOVED',
        room: { messageId: request.params.messageId },
        at: app.deps.now().toISOString(),
      });
      return ok(null);
    },
  );
  app.post(
    SUPPORT_ROOM_OPS_PATHS.mutes,
    { schema: { tags, summary: 'Mute a member for a time', body: OpsRoomMuteBodySchema, response: { 200: OpsRoomMuteResponseSchema } } },
    async (request) => ok(await muteMember(app.deps.db, await brand(request), request.body.memberId, request.body.minutes, app.deps.now())),
  );
  app.delete(
    SUPPORT_ROOM_OPS_PATHS.mute,
    { schema: { tags, summary: 'Lift a member’s mute', params: RoomMemberParamsSchema, response: { 200: OpsRoomMuteResponseSchema } } },
    async (request) => ok(await unmuteMember(app.deps.db, await brand(request), request.params.memberId)),
  );
};

/** The public chat room (issue 15): the room under /wps/support/room, moderation under /ops/support/room. */
export const supportRoomPlugin: FastifyPluginAsync = async (app) => {
  await app.register(roomRoutes);
  await app.register(roomOpsRoutes);
};

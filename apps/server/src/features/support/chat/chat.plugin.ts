import type { FastifyPluginAsync } from 'fastify';
import { supportRoomPlugin } from '../room/room.routes.ts';
import { chatRoutes } from './chat.routes.ts';
import { chatOpsRoutes } from './chat-ops.routes.ts';

/** Customer service (issue 15): the live chat (/wps/support/chat, desk /ops/support/chat) and the chat room (/wps/support/room, /ops/support/room). */
export const supportChatPlugin: FastifyPluginAsync = async (app) => {
  await app.register(chatRoutes);
  await app.register(chatOpsRoutes);
  // The public chat room (spec section 2) lives beside the chat: one plugin for customer service.
  await app.register(supportRoomPlugin);
};

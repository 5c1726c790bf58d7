import websocket from '@fastify/websocket';
import { LIVE_CLOSE_TOO_MANY, LIVE_CLOSE_UNAUTHORIZED, LIVE_PATH, LIVE_PROTOCOL, LIVE_TOKEN_PREFIX } from '@playfront/contract/live';
import type { FastifyInstance, FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { WebSocket } from 'ws';
import { AppError } from '../../http/app-error.ts';
import { type AuthMember, authenticate } from '../session/authenticate.ts';
import { liveBusOf } from './live-bus.ts';

const AUTH_TIMEOUT_MS = 5000;

function protocolToken(request: FastifyRequest): string | undefined {
  const header = request.headers['sec-websocket-protocol'];
  const offered = (Array.isArray(header) ? header.join(',') : (header ?? '')).split(',').map((p) => p.trim());
  const entry = offered.find((p) => p.startsWith(LIVE_TOKEN_PREFIX));
  return entry?.slice(LIVE_TOKEN_PREFIX.length);
}

/** Checks a token with the same rules as every HTTP call (expiry, disabled accounts), trial accounts included. */
async function memberForToken(request: FastifyRequest, token: string): Promise<AuthMember | undefined> {
  // authenticate() reads the Authorization header; the socket's token is put there for this check only.
  request.headers.authorization = token;
  try {
    return await authenticate(request, { allowTrial: true, allowPendingPasswordChange: true });
  } catch {
    return undefined;
  } finally {
    delete request.headers.authorization;
  }
}

/** Sockets one member may hold open (tabs, devices); one more closes the oldest. */
export const MAX_SOCKETS_PER_MEMBER = 10;

/** The sessions among `ids` that are still live (not revoked, not past their absolute expiry). */
async function liveSessionIds(app: FastifyInstance, ids: bigint[]): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const rows = await app.deps.db
    .selectFrom('member_session')
    .select('id')
    .where('id', 'in', ids)
    .where('revoked_at', 'is', null)
    .where('expires_at', '>', app.deps.now())
    .execute();
  return new Set(rows.map((r) => String(r.id)));
}

/** The live websocket: logged-in members only, events of their own account only. */
export const liveRoutes: FastifyPluginAsync = async (app) => {
  await app.register(websocket, {
    options: {
      maxPayload: 4096,
      // Echo only our protocol name, never the token entry.
      handleProtocols: (protocols: Set<string>) => (protocols.has(LIVE_PROTOCOL) ? LIVE_PROTOCOL : false),
    },
  });

  /** Each member's open sockets, oldest first, with the session each was opened with. */
  const sockets = new Map<number, Map<WebSocket, bigint>>();
  const endSockets = (memberId: number, ended: (sessionId: bigint) => boolean) => {
    for (const [socket, sessionId] of sockets.get(memberId) ?? []) {
      if (ended(sessionId)) socket.close(LIVE_CLOSE_UNAUTHORIZED, 'session ended');
    }
  };
  /** Each connected member's brand, for events sent to a whole brand. */
  const brandOfMember = new Map<number, number>();
  const bus = liveBusOf(app);
  await bus.subscribe((message) => {
    if ('endedSessions' in message) {
      const ended = new Set(message.endedSessions);
      return endSockets(message.memberId, (id) => ended.has(String(id)));
    }
    const payload = JSON.stringify(message.event);
    if ('brandId' in message) {
      for (const [memberId, set] of sockets) {
        if (brandOfMember.get(memberId) !== message.brandId) continue;
        for (const socket of set.keys()) if (socket.readyState === socket.OPEN) socket.send(payload);
      }
      return;
    }
    for (const socket of sockets.get(message.memberId)?.keys() ?? []) if (socket.readyState === socket.OPEN) socket.send(payload);
  });
  // Heartbeat: a ping every 30 s (LIVE_HEARTBEAT_SECONDS) keeps idle sockets open through load balancers and proxies, and a
  // socket that did not answer the previous ping (a vanished phone) is dropped. It also re-checks every
  // socket's session, in case word of its end (the bus is best effort) never arrived.
  const alive = new WeakSet<WebSocket>();
  const beat = async () => {
    const all = [...sockets.values()].flatMap((m) => [...m.values()]);
    const live = await liveSessionIds(app, [...new Set(all)]).catch(() => undefined);
    for (const [memberId, set] of sockets) {
      if (live) endSockets(memberId, (id) => !live.has(String(id)));
      for (const socket of set.keys()) {
        if (!alive.has(socket)) {
          socket.terminate();
          continue;
        }
        alive.delete(socket);
        socket.ping();
      }
    }
  };
  const heartbeat = setInterval(() => void beat(), app.deps.config.liveHeartbeatMs);
  heartbeat.unref();
  app.addHook('onClose', async () => {
    clearInterval(heartbeat);
    for (const set of sockets.values()) for (const s of set.keys()) s.terminate();
    await bus.close();
  });

  const attach = ({ memberId, sessionId, brandId }: AuthMember, socket: WebSocket) => {
    const set = sockets.get(memberId) ?? new Map<WebSocket, bigint>();
    sockets.set(memberId, set);
    brandOfMember.set(memberId, brandId);
    set.set(socket, sessionId);
    if (set.size > MAX_SOCKETS_PER_MEMBER) {
      const [oldest] = set.keys();
      set.delete(oldest as WebSocket);
      oldest?.close(LIVE_CLOSE_TOO_MANY, 'too many sockets');
    }
    alive.add(socket);
    socket.on('pong', () => alive.add(socket));
    socket.on('close', () => {
      set.delete(socket);
      if (set.size === 0) {
        sockets.delete(memberId);
        brandOfMember.delete(memberId);
      }
    });
    socket.send(JSON.stringify({ type: 'ready' }));
  };

  app.route({
    method: 'GET',
    url: LIVE_PATH,
    schema: { hide: true },
    // A plain HTTP request (no upgrade) gets the catalogue's 404, not the plugin's empty one.
    handler: async () => {
      throw new AppError('NOT_FOUND');
    },
    wsHandler: async (socket, request) => {
      const fromProtocol = protocolToken(request);
      if (fromProtocol) {
        const member = await memberForToken(request, fromProtocol);
        if (member === undefined) return socket.close(LIVE_CLOSE_UNAUTHORIZED, 'unauthorized');
        return attach(member, socket);
      }
      // Otherwise the first message must authenticate.
      const timer = setTimeout(() => socket.close(LIVE_CLOSE_UNAUTHORIZED, 'unauthorized'), AUTH_TIMEOUT_MS);
      socket.once('message', async (raw) => {
        clearTimeout(timer);
        let token: unknown;
        try {
          token = (JSON.parse(String(raw)) as { type?: string; token?: unknown }).token;
        } catch {
          token = undefined;
        }
        const member = typeof token === 'string' ? await memberForToken(request, token) : undefined;
        if (member === undefined) return socket.close(LIVE_CLOSE_UNAUTHORIZED, 'unauthorized');
        attach(member, socket);
      });
    },
  });
};

import websocket from '@fastify/websocket';
import { LIVE_CLOSE_UNAUTHORIZED, LIVE_PATH, LIVE_PROTOCOL, LIVE_TOKEN_PREFIX } from '@playfront/contract/live';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { WebSocket } from 'ws';
import { AppError } from '../../http/app-error.ts';
import { authenticate } from '../session/authenticate.ts';
import { liveBusOf } from './live-bus.ts';

const AUTH_TIMEOUT_MS = 5000;

function protocolToken(request: FastifyRequest): string | undefined {
  const header = request.headers['sec-websocket-protocol'];
  const offered = (Array.isArray(header) ? header.join(',') : (header ?? '')).split(',').map((p) => p.trim());
  const entry = offered.find((p) => p.startsWith(LIVE_TOKEN_PREFIX));
  return entry?.slice(LIVE_TOKEN_PREFIX.length);
}

/** Checks a token with the same rules as every HTTP call (expiry, disabled accounts), trial accounts included. */
async function memberForToken(request: FastifyRequest, token: string): Promise<number | undefined> {
  // authenticate() reads the Authorization header; the socket's token is put there for this check only.
  request.headers.authorization = token;
  try {
    return (await authenticate(request, { allowTrial: true, allowPendingPasswordChange: true })).memberId;
  } catch {
    return undefined;
  } finally {
    delete request.headers.authorization;
  }
}

const HEARTBEAT_MS = 30_000;

/** The live websocket: logged-in members only, events of their own account only. */
export const liveRoutes: FastifyPluginAsync = async (app) => {
  await app.register(websocket, {
    options: {
      maxPayload: 4096,
      // Echo only our protocol name, never the token entry.
      handleProtocols: (protocols: Set<string>) => (protocols.has(LIVE_PROTOCOL) ? LIVE_PROTOCOL : false),
    },
  });

  const sockets = new Map<number, Set<WebSocket>>();
  const bus = liveBusOf(app);
  await bus.subscribe(({ memberId, event }) => {
    const payload = JSON.stringify(event);
    for (const socket of sockets.get(memberId) ?? []) if (socket.readyState === socket.OPEN) socket.send(payload);
  });
  // Heartbeat: a ping every 30 s keeps idle sockets open through load balancers and proxies, and a
  // socket that did not answer the previous ping (a vanished phone) is dropped.
  const alive = new WeakSet<WebSocket>();
  const heartbeat = setInterval(() => {
    for (const set of sockets.values()) {
      for (const socket of set) {
        if (!alive.has(socket)) {
          socket.terminate();
          continue;
        }
        alive.delete(socket);
        socket.ping();
      }
    }
  }, HEARTBEAT_MS);
  heartbeat.unref();
  app.addHook('onClose', async () => {
    clearInterval(heartbeat);
    for (const set of sockets.values()) for (const s of set) s.terminate();
    await bus.close();
  });

  const attach = (memberId: number, socket: WebSocket) => {
    const set = sockets.get(memberId) ?? new Set<WebSocket>();
    sockets.set(memberId, set);
    set.add(socket);
    alive.add(socket);
    socket.on('pong', () => alive.add(socket));
    socket.on('close', () => {
      set.delete(socket);
      if (set.size === 0) sockets.delete(memberId);
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
        const memberId = await memberForToken(request, fromProtocol);
        if (memberId === undefined) return socket.close(LIVE_CLOSE_UNAUTHORIZED, 'unauthorized');
        return attach(memberId, socket);
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
        const memberId = typeof token === 'string' ? await memberForToken(request, token) : undefined;
        if (memberId === undefined) return socket.close(LIVE_CLOSE_UNAUTHORIZED, 'unauthorized');
        attach(memberId, socket);
      });
    },
  });
};

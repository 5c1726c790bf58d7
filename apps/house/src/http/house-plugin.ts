import { randomUUID } from 'node:crypto';
import type { WalletClient } from '@playfront/contract/provider-wallet-client';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest, FastifySchema } from 'fastify';
import { z } from 'zod';
import { CLIENT_SEED_PATTERN, FairStream, hashServerSeed, isServerSeed } from '../fair/fair-stream.ts';
import { BACCARAT_STATED_RTP } from '../games/baccarat.ts';
import { CRASH_MAX_TARGET, CRASH_MIN_TARGET, CRASH_STATED_RTP } from '../games/crash.ts';
import {
  BETS,
  type CheckedChoices,
  checkChoices,
  GAME_KINDS,
  type GameKind,
  gameKindForType,
  playRound,
  type RoundChoices,
  RoundChoicesSchema,
} from '../games/registry.ts';
import { LINE_PAYS, PAYLINES, SCATTER_PAYS, SYMBOLS } from '../games/slot.ts';
import { SLOT_STATED_RTP } from '../games/slot-rtp.ts';
import { type HouseLanguage, houseLanguage, MESSAGES } from '../i18n/messages.ts';
import { DEMO_BALANCE, type HouseService, type HouseSession, type RoundRefusal } from '../rounds/house-service.ts';
import type { RoundRecord } from '../rounds/round-log.ts';
import { buildHouseAssets, type HouseAssets } from './assets.ts';
import { renderPage } from './pages.ts';

export const HOUSE_SESSION_HEADER = 'x-house-session';

/** The game server is not part of the platform's API: kept out of its OpenAPI document (@fastify/swagger's `hide`). */
const HIDDEN = { schema: { hide: true } as FastifySchema };

/** Codes the game API answers with; the page shows each in the player's language (error.<code>). */
export type HouseErrorCode =
  | RoundRefusal['code']
  | 'BAD_BET'
  | 'BAD_TARGET'
  | 'BAD_PICK'
  | 'BAD_CLIENT_SEED'
  | 'BAD_LAUNCH'
  | 'BAD_REQUEST';

const STATUS: Record<HouseErrorCode, number> = {
  INSUFFICIENT_FUNDS: 402,
  SESSION_EXPIRED: 401,
  ACCOUNT_BLOCKED: 403,
  GAME_UNAVAILABLE: 410,
  WALLET_REFUSED: 409,
  BET_LIMIT: 422,
  PLAYER_LIMIT: 422,
  PLAYER_EXCLUDED: 403,
  WALLET_UNAVAILABLE: 503,
  ROUND_VOIDED: 503,
  BAD_BET: 400,
  BAD_TARGET: 400,
  BAD_PICK: 400,
  BAD_CLIENT_SEED: 400,
  BAD_LAUNCH: 400,
  BAD_REQUEST: 400,
};

const CURRENCY_SYMBOLS: Record<string, string> = { BDT: '৳', INR: '₹', USD: '$', EUR: '€', PKR: '₨' };

const LaunchQuerySchema = z.object({
  vendor: z.string().regex(/^[A-Za-z0-9][A-Za-z0-9_-]{0,31}$/),
  game: z.string().min(1).max(100),
  token: z.string().min(16).max(200).optional(),
  lang: z.string().max(8).optional(),
  mode: z.enum(['real', 'demo']).default('demo'),
  gameType: z.string().max(16).optional(),
  kind: z.string().max(32).optional(),
  gameName: z.string().max(200).optional(),
  image: z.string().max(500).optional(),
  backUrl: z.string().max(500).optional(),
  theme: z.string().max(8).optional(),
  currency: z
    .string()
    .regex(/^[A-Z]{3}$/)
    .optional(),
});

const SeedBodySchema = z.object({ clientSeed: z.string().max(200) });

const VerifyBodySchema = z.object({
  serverSeed: z.string().max(100),
  clientSeed: z.string().max(200),
  nonce: z.number().int().min(0).max(Number.MAX_SAFE_INTEGER),
  choices: RoundChoicesSchema,
});

/** A path on this site (`/rng?…`), never another host: the back link and the art must not leave the site. */
export function sitePath(value: string | undefined): string | null {
  if (!value?.startsWith('/') || value.startsWith('//') || value.includes('\\')) return null;
  return value;
}

function themeOf(value: string | undefined): 'light' | 'dark' | null {
  return value === 'light' || value === 'dark' ? value : null;
}

export interface HouseRoutesOptions {
  service: HouseService;
  wallet: WalletClient;
}

/** A round as the page and the verify link see it (money as strings of minor units); the server seed once revealed. */
export function roundView(round: RoundRecord, revealedServerSeed: string | null) {
  const { choices } = round;
  return {
    roundId: round.roundId,
    game: round.game,
    mode: round.mode,
    gameCode: round.gameCode,
    bet: round.bet.toString(),
    win: round.win.toString(),
    status: round.status,
    choices: choicesView(choices),
    serverSeedHash: round.serverSeedHash,
    serverSeed: revealedServerSeed,
    clientSeed: round.clientSeed,
    nonce: round.nonce,
    outcome: round.outcome,
    createdAt: new Date(round.createdAt).toISOString(),
  };
}

function choicesView(choices: CheckedChoices) {
  switch (choices.game) {
    case 'slot':
      return { game: choices.game, bet: choices.bet.toString() };
    case 'baccarat':
    case 'no-commission-baccarat':
      return { game: choices.game, bet: choices.bet.toString(), side: choices.side };
    case 'crash':
      return { game: choices.game, bet: choices.bet.toString(), target: (choices.target / 100).toFixed(2) };
    case 'roulette':
    case 'american-roulette':
      return { game: choices.game, bet: choices.bet.toString(), pick: choices.pick };
    case 'fishing':
      return { game: choices.game, bet: choices.bet.toString(), fish: choices.fish };
  }
}

async function fairView(service: HouseService, session: HouseSession) {
  const pair = await service.fair(session);
  return { serverSeedHash: pair.serverSeedHash, clientSeed: pair.clientSeed, nonce: pair.nonce };
}

function fail(reply: FastifyReply, code: HouseErrorCode, extra: Record<string, unknown> = {}) {
  return reply
    .status(STATUS[code])
    .header('cache-control', 'no-store')
    .send({ ok: false, code, ...extra });
}

/** The game server's routes, mounted under /house by the plugin in index.ts. */
export function houseRoutes({ service, wallet }: HouseRoutesOptions): FastifyPluginAsync {
  return async (app) => {
    const publicPath = `${app.prefix}/assets`;
    let assets: Promise<HouseAssets> | undefined;
    const getAssets = () => {
      assets ??= buildHouseAssets(publicPath).catch((error: unknown) => {
        assets = undefined;
        throw error;
      });
      return assets;
    };

    const page = async (
      reply: FastifyReply,
      lang: HouseLanguage,
      title: string,
      theme: 'light' | 'dark' | null,
      boot: Parameters<typeof renderPage>[0]['boot'],
      status = 200,
    ) =>
      reply
        .status(status)
        .type('text/html; charset=utf-8')
        .header('cache-control', 'no-store')
        .send(renderPage({ lang, title, theme, assets: await getAssets(), boot }));

    const sessionOf = (request: FastifyRequest) => {
      const id = request.headers[HOUSE_SESSION_HEADER];
      return service.session(typeof id === 'string' ? id : undefined);
    };

    app.get('/assets/:file', HIDDEN, async (request, reply) => {
      const { file } = request.params as { file: string };
      const asset = (await getAssets()).files.get(file);
      if (!asset) return reply.status(404).type('text/plain; charset=utf-8').send('not found');
      reply.header('cache-control', 'public, max-age=31536000, immutable').header('etag', asset.etag).type(asset.type);
      if (request.headers['if-none-match'] === asset.etag) return reply.status(304).send();
      return reply.send(Buffer.from(asset.body));
    });

    // The launch URL: `/house/play?vendor&game&token&lang&mode&gameType&kind&gameName&image&backUrl`.
    app.get('/play', HIDDEN, async (request, reply) => {
      const raw = request.query as Record<string, unknown>;
      const lang = houseLanguage(raw.lang);
      const strings = MESSAGES[lang];
      const parsed = LaunchQuerySchema.safeParse(raw);
      const theme = themeOf(typeof raw.theme === 'string' ? raw.theme : undefined);
      const backUrl = sitePath(typeof raw.backUrl === 'string' ? raw.backUrl : undefined);
      const errorPage = (code: HouseErrorCode) =>
        page(reply, lang, strings[`error.${code}`], theme, { page: 'error', code, backUrl }, STATUS[code]);
      if (!parsed.success) return errorPage('BAD_LAUNCH');
      const q = parsed.data;
      const game: GameKind = (GAME_KINDS as readonly string[]).includes(q.kind ?? '') ? (q.kind as GameKind) : gameKindForType(q.gameType);
      const vendor = q.vendor.toUpperCase();

      let session: HouseSession;
      if (q.mode === 'real') {
        if (!q.token) return errorPage('BAD_LAUNCH');
        const auth = await wallet.authenticate(vendor, { token: q.token });
        if (auth.kind === 'unknown') return errorPage('WALLET_UNAVAILABLE');
        if (auth.kind === 'refused') {
          const code =
            auth.code === 'INVALID_TOKEN'
              ? 'SESSION_EXPIRED'
              : auth.code === 'MEMBER_DISABLED'
                ? 'ACCOUNT_BLOCKED'
                : auth.code === 'UNKNOWN_GAME'
                  ? 'GAME_UNAVAILABLE'
                  : 'WALLET_REFUSED';
          return errorPage(code);
        }
        session = await service.openSession({
          mode: 'real',
          vendor,
          gameCode: auth.value.gameCode,
          game,
          token: q.token,
          playerKey: `${vendor}:${auth.value.playerId}`,
          displayName: auth.value.displayName,
          currency: auth.value.currency,
          balance: BigInt(auth.value.balance),
        });
      } else {
        // Counted against the caller's address: a flood of demo page loads only evicts its own demos.
        session = await service.openSession(
          {
            mode: 'demo',
            vendor,
            gameCode: q.game,
            game,
            token: null,
            playerKey: `demo:${randomUUID()}`,
            displayName: '',
            currency: q.currency ?? 'BDT',
            balance: DEMO_BALANCE,
          },
          request.ip,
        );
      }
      const gameName = q.gameName?.trim() || strings[`game.${game}`];
      return page(reply, lang, gameName, theme, {
        page: 'play',
        session: session.id,
        game,
        mode: session.mode,
        vendor,
        gameCode: session.gameCode,
        gameName,
        image: sitePath(q.image),
        backUrl,
        displayName: session.displayName,
        currency: session.currency,
        symbol: CURRENCY_SYMBOLS[session.currency] ?? `${session.currency} `,
        balance: session.balance.toString(),
        bets: BETS[game].map(String),
        fair: await fairView(service, session),
        rtp: { slot: SLOT_STATED_RTP, baccarat: BACCARAT_STATED_RTP, crash: CRASH_STATED_RTP },
        crash: { min: (CRASH_MIN_TARGET / 100).toFixed(2), max: (CRASH_MAX_TARGET / 100).toFixed(2) },
        slot: { symbols: SYMBOLS, paylines: PAYLINES, linePays: LINE_PAYS, scatterPays: SCATTER_PAYS },
      });
    });

    app.get('/verify', HIDDEN, async (request, reply) => {
      const raw = request.query as Record<string, unknown>;
      const lang = houseLanguage(raw.lang);
      const pick = (key: string) => (typeof raw[key] === 'string' ? (raw[key] as string).slice(0, 200) : '');
      return page(reply, lang, MESSAGES[lang]['verify.title'], themeOf(pick('theme')), {
        page: 'verify',
        prefill: {
          serverSeed: pick('serverSeed'),
          serverSeedHash: pick('serverSeedHash'),
          clientSeed: pick('clientSeed'),
          nonce: pick('nonce'),
          game: pick('game'),
          bet: pick('bet'),
          side: pick('side'),
          target: pick('target'),
          pick: pick('pick'),
        },
        backUrl: sitePath(pick('backUrl')),
        bets: Object.fromEntries(GAME_KINDS.map((g) => [g, BETS[g].map(String)])),
        slot: { symbols: SYMBOLS },
      });
    });

    app.post('/api/round', HIDDEN, async (request, reply) => {
      const session = await sessionOf(request);
      if (!session) return fail(reply, 'SESSION_EXPIRED');
      const parsed = RoundChoicesSchema.safeParse(request.body);
      if (!parsed.success || parsed.data.game !== session.game) return fail(reply, 'BAD_REQUEST');
      const checked = checkChoices(parsed.data as RoundChoices);
      if (typeof checked === 'string') return fail(reply, checked);
      const answer = await service.play(session, checked);
      if (!answer.ok) {
        const { refusal } = answer;
        return fail(reply, refusal.code, refusal.code === 'INSUFFICIENT_FUNDS' ? { balance: refusal.balance.toString() } : {});
      }
      return reply.header('cache-control', 'no-store').send({
        ok: true,
        round: roundView(answer.round, null),
        balance: answer.balance.toString(),
        winPending: answer.winPending,
        fair: await fairView(service, session),
      });
    });

    app.post('/api/seed', HIDDEN, async (request, reply) => {
      const session = await sessionOf(request);
      if (!session) return fail(reply, 'SESSION_EXPIRED');
      const parsed = SeedBodySchema.safeParse(request.body);
      const clientSeed = parsed.success ? parsed.data.clientSeed.trim() : '';
      if (!CLIENT_SEED_PATTERN.test(clientSeed)) return fail(reply, 'BAD_CLIENT_SEED');
      const { revealed } = await service.rotateSeed(session, clientSeed);
      return reply.header('cache-control', 'no-store').send({
        ok: true,
        revealed: {
          serverSeed: revealed.serverSeed,
          serverSeedHash: revealed.serverSeedHash,
          clientSeed: revealed.clientSeed,
          rounds: revealed.nonce,
        },
        fair: await fairView(service, session),
      });
    });

    app.get('/api/history', HIDDEN, async (request, reply) => {
      const session = await sessionOf(request);
      if (!session) return fail(reply, 'SESSION_EXPIRED');
      return reply
        .header('cache-control', 'no-store')
        .send({ ok: true, rounds: (await service.history(session)).map((r) => roundView(r, r.revealedServerSeed)) });
    });

    app.get('/api/balance', HIDDEN, async (request, reply) => {
      const session = await sessionOf(request);
      if (!session) return fail(reply, 'SESSION_EXPIRED');
      if (session.mode === 'real' && session.token) {
        const answer = await wallet.balance(session.vendor, { token: session.token });
        if (answer.kind === 'ok') await service.rememberBalance(session, BigInt(answer.value.balance));
        else if (answer.kind === 'refused' && answer.code === 'INVALID_TOKEN') return fail(reply, 'SESSION_EXPIRED');
      }
      return reply.header('cache-control', 'no-store').send({ ok: true, balance: session.balance.toString() });
    });

    // The same computation as the verify page does in the browser, for browsers without WebCrypto (plain-HTTP hosts).
    app.post('/api/verify', HIDDEN, async (request, reply) => {
      const parsed = VerifyBodySchema.safeParse(request.body);
      if (!parsed.success || !isServerSeed(parsed.data.serverSeed) || !CLIENT_SEED_PATTERN.test(parsed.data.clientSeed)) {
        return fail(reply, 'BAD_REQUEST');
      }
      const { serverSeed, clientSeed, nonce, choices } = parsed.data;
      const checked = checkChoices(choices);
      if (typeof checked === 'string') return fail(reply, checked);
      const played = playRound(new FairStream(serverSeed, clientSeed, nonce), checked);
      return reply
        .header('cache-control', 'no-store')
        .send({ ok: true, serverSeedHash: hashServerSeed(serverSeed), outcome: played.outcome, win: played.win.toString() });
    });
  };
}

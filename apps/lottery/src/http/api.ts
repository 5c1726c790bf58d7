import {
  LOTTERY_SESSION_HEADER,
  LOTTERY_VERIFY_PAGE_PATH,
  type LotteryBetTypeView,
  type LotteryDrawView,
  type LotteryErrorCode,
  type LotteryGameView,
  type LotterySlipView,
} from '@playfront/contract/lottery';
import {
  LotteryResultsQuerySchema,
  LotterySessionRequestSchema,
  LotterySlipRequestSchema,
  LotterySlipsQuerySchema,
} from '@playfront/contract/lottery-schemas';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest, FastifySchema } from 'fastify';
import type { GameConfig } from '../games/config.ts';
import { decimalOdds, FORMAT_BET_TYPES, selectionOf } from '../games/grade.ts';
import { lotteryLanguage, refusal } from '../i18n/messages.ts';
import type { LotteryService, Refusal } from '../service.ts';
import type { DrawRecord, SessionRecord, SlipRecord } from '../store/sql-lottery-store.ts';

/** The provider is not part of the platform's API: kept out of its OpenAPI document. */
const HIDDEN = { schema: { hide: true } as FastifySchema };

const STATUS: Record<LotteryErrorCode, number> = {
  BAD_REQUEST: 400,
  BAD_LAUNCH: 400,
  SESSION_EXPIRED: 401,
  ACCOUNT_BLOCKED: 403,
  UNKNOWN_GAME: 404,
  UNKNOWN_DRAW: 404,
  DRAW_CLOSED: 409,
  DRAW_NOT_DRAWN: 409,
  BAD_BET_TYPE: 400,
  BAD_NUMBERS: 400,
  TOO_MANY_LINES: 400,
  STAKE_TOO_LOW: 422,
  STAKE_TOO_HIGH: 422,
  NUMBER_LIMIT: 422,
  EXPOSURE_LIMIT: 422,
  INSUFFICIENT_FUNDS: 402,
  WALLET_REFUSED: 409,
  WALLET_UNAVAILABLE: 503,
  PLAYER_LIMIT: 422,
  PLAYER_EXCLUDED: 403,
};

const CURRENCY_SYMBOLS: Record<string, string> = { BDT: '৳', INR: '₹', USD: '$', EUR: '€', PKR: '₨' };

/** Which kinds a platform vendor's launch lists first. */
const VENDOR_KINDS: Record<string, readonly string[]> = {
  TCG_LOTTO_VN: ['VN'],
  TCG_SEA: ['SEA'],
  ELOTT: ['ELOTT', 'LOTT'],
  LOTT: ['LOTT', 'ELOTT'],
};

const DERIVATION =
  'block k = HMAC-SHA256(key = server seed bytes, message = "<publicData>:<k>"), read as big-endian 32-bit words; ' +
  'a number below n is a word w < floor(2^32/n)*n taken mod n (others skipped). VN/SEA: each prize in order is one ' +
  'number below 10^digits, zero-padded; ELOTT: three digits; LOTT: 20 of 1..80 by a partial Fisher-Yates shuffle, sorted. ' +
  'The seed hash is SHA-256 of the seed bytes; publicData = gameCode:drawNumber:previous draw seed hash (or genesis).';

export function betTypeView(
  game: GameConfig,
  code: (typeof FORMAT_BET_TYPES)[keyof typeof FORMAT_BET_TYPES][number],
): LotteryBetTypeView | null {
  const b = game.betTypes.find((x) => x.code === code);
  if (!b) return null;
  const rtps = typeof b.rtpBp === 'number' ? [b.rtpBp] : Object.values(b.rtpBp);
  const mapOdds = (o: Record<string, number>) => Object.fromEntries(Object.entries(o).map(([k, v]) => [k, decimalOdds(v)]));
  return {
    code: b.code,
    name: b.name,
    selection: selectionOf(b.code),
    odds: b.odds1000 !== undefined ? decimalOdds(b.odds1000) : null,
    oddsByChoice: b.oddsByChoice1000 ? mapOdds(b.oddsByChoice1000) : null,
    paytable: b.paytable1000 ? Object.fromEntries(Object.entries(b.paytable1000).map(([k, row]) => [k, mapOdds(row)])) : null,
    rtp: (Math.min(...rtps) / 100).toFixed(2),
    limits: { minStake: b.minStake.toString(), maxStake: b.maxStake.toString(), maxPerNumber: b.maxPerNumber.toString() },
  };
}

export function gameView(game: GameConfig): LotteryGameView {
  return {
    code: game.code,
    kind: game.kind,
    format: game.format,
    name: game.name,
    schedule: game.schedule,
    closeBeforeSeconds: game.closeBeforeSeconds,
    maxLines: game.maxLines,
    betTypes: FORMAT_BET_TYPES[game.format].map((code) => betTypeView(game, code)).filter((b): b is LotteryBetTypeView => b !== null),
  };
}

const iso = (ms: number) => new Date(ms).toISOString();

export function drawView(draw: DrawRecord): LotteryDrawView {
  const revealed = draw.status === 'drawn' || draw.status === 'settled';
  return {
    drawId: draw.drawId,
    gameCode: draw.gameCode,
    drawNumber: draw.drawNumber,
    status: draw.status,
    closesAt: iso(draw.closesAt),
    drawsAt: iso(draw.drawsAt),
    serverSeedHash: draw.serverSeedHash,
    publicData: draw.publicData,
    serverSeed: revealed ? draw.serverSeed : null,
    result: revealed ? draw.result : null,
    verifyUrl: revealed ? `${LOTTERY_VERIFY_PAGE_PATH}?draw=${encodeURIComponent(draw.drawId)}` : null,
  };
}

export function slipView(slip: SlipRecord, drawNumber: string): LotterySlipView {
  const status =
    slip.status === 'winning' ? 'open' : slip.status === 'voiding' ? 'pending' : slip.status === 'win_refused' ? 'settled' : slip.status;
  const settled = status === 'settled' || status === 'void';
  return {
    slipId: slip.slipId,
    gameCode: slip.gameCode,
    drawId: slip.drawId,
    drawNumber,
    status,
    totalStake: slip.totalStake.toString(),
    totalPayout: settled ? (slip.totalPayout ?? 0n).toString() : null,
    placedAt: iso(slip.createdAt),
    settledAt: slip.settledAt === null ? null : iso(slip.settledAt),
    lines: slip.lines.map((l) => ({
      betType: l.betType as LotterySlipView['lines'][number]['betType'],
      numbers: l.numbers,
      stake: l.stake,
      odds: l.odds,
      hits: settled && status === 'settled' ? l.hits : null,
      payout: settled && status === 'settled' ? l.payout : null,
    })),
  };
}

/** The provider's JSON API under `/lotto/api` (paths in packages/contract/src/lottery.ts). */
export function lotteryApi(service: LotteryService): FastifyPluginAsync {
  return async (app) => {
    const fail = (reply: FastifyReply, lang: 'en' | 'bn', r: Refusal) =>
      reply
        .status(STATUS[r.code])
        .header('cache-control', 'no-store')
        .send({
          ok: false,
          code: r.code,
          message: refusal(lang, r.code, r.values),
          ...(r.balance !== undefined ? { balance: r.balance } : {}),
        });
    const ok = (reply: FastifyReply, body: Record<string, unknown>) =>
      reply.header('cache-control', 'no-store').send({ ok: true, ...body });
    const langOf = (request: FastifyRequest) => lotteryLanguage((request.query as Record<string, unknown> | undefined)?.lang);
    const withSession = async (request: FastifyRequest, reply: FastifyReply): Promise<SessionRecord | null> => {
      const id = request.headers[LOTTERY_SESSION_HEADER];
      const session = await service.session(typeof id === 'string' ? id : undefined);
      if (!session) {
        await fail(reply, langOf(request), { code: 'SESSION_EXPIRED' });
        return null;
      }
      return session;
    };
    const drawNumbers = new Map<string, string>();
    const drawNumberOf = async (drawId: string) => {
      let n = drawNumbers.get(drawId);
      if (n === undefined) {
        n = (await service.store.draw(drawId))?.drawNumber ?? '';
        if (drawNumbers.size > 5000) drawNumbers.clear();
        drawNumbers.set(drawId, n);
      }
      return n;
    };

    app.post('/api/session', HIDDEN, async (request, reply) => {
      const lang = lotteryLanguage((request.body as Record<string, unknown> | null)?.lang ?? langOf(request));
      const parsed = LotterySessionRequestSchema.safeParse(request.body);
      if (!parsed.success) return fail(reply, lang, { code: 'BAD_LAUNCH' });
      const vendor = parsed.data.vendor.toUpperCase();
      const opened = await service.openSession(vendor, parsed.data.token, lang);
      if (!opened.ok) return fail(reply, lang, opened);
      const { session } = opened;
      const kinds = VENDOR_KINDS[vendor] ?? [];
      const games = (await service.games(session.brand))
        .map((g, i) => ({ g, rank: kinds.includes(g.kind) ? kinds.indexOf(g.kind) : kinds.length, i }))
        .sort((a, b) => a.rank - b.rank || a.i - b.i)
        .map((x) => x.g.code);
      return ok(reply, {
        session: session.id,
        displayName: session.displayName,
        currency: session.currency,
        symbol: CURRENCY_SYMBOLS[session.currency] ?? `${session.currency} `,
        language: session.language,
        balance: session.balance.toString(),
        games,
      });
    });

    app.get('/api/balance', HIDDEN, async (request, reply) => {
      const session = await withSession(request, reply);
      if (!session) return reply;
      const answer = await service.balance(session);
      if (!answer.ok) return fail(reply, session.language, answer);
      return ok(reply, { balance: answer.balance.toString() });
    });

    app.get('/api/games', HIDDEN, async (request, reply) => {
      const session = await withSession(request, reply);
      if (!session) return reply;
      return ok(reply, { games: (await service.games(session.brand)).map(gameView) });
    });

    app.get('/api/games/:code/draws/current', HIDDEN, async (request, reply) => {
      const session = await withSession(request, reply);
      if (!session) return reply;
      const { code } = request.params as { code: string };
      const game = await service.game(code, session.brand);
      if (!game) return fail(reply, session.language, { code: 'UNKNOWN_GAME' });
      // The brand's closing time (decision 054): its betting may close before the game's.
      const closeBeforeMs = game.closeBeforeSeconds * 1000;
      let draw = await service.store.currentDraw(code, service.now(), closeBeforeMs);
      if (!draw) {
        await service.ensureDraws();
        draw = await service.store.currentDraw(code, service.now(), closeBeforeMs);
      }
      if (!draw) return fail(reply, session.language, { code: 'UNKNOWN_DRAW' });
      const closesAt = Math.min(draw.closesAt, draw.drawsAt - closeBeforeMs);
      return ok(reply, { draw: drawView({ ...draw, closesAt }), serverTime: iso(service.now()) });
    });

    app.get('/api/games/:code/results', HIDDEN, async (request, reply) => {
      const session = await withSession(request, reply);
      if (!session) return reply;
      const { code } = request.params as { code: string };
      if (!(await service.game(code, session.brand))) return fail(reply, session.language, { code: 'UNKNOWN_GAME' });
      const query = LotteryResultsQuerySchema.safeParse(request.query);
      if (!query.success) return fail(reply, session.language, { code: 'BAD_REQUEST' });
      return ok(reply, { draws: (await service.store.recentDrawn(code, query.data.limit)).map(drawView) });
    });

    app.post('/api/slips', HIDDEN, async (request, reply) => {
      const session = await withSession(request, reply);
      if (!session) return reply;
      const parsed = LotterySlipRequestSchema.safeParse(request.body);
      if (!parsed.success) return fail(reply, session.language, { code: 'BAD_REQUEST' });
      const placed = await service.placeSlip(session, parsed.data);
      if (!placed.ok) return fail(reply, session.language, placed);
      return ok(reply, { slip: slipView(placed.slip, await drawNumberOf(placed.slip.drawId)), balance: placed.balance.toString() });
    });

    app.get('/api/slips', HIDDEN, async (request, reply) => {
      const session = await withSession(request, reply);
      if (!session) return reply;
      const query = LotterySlipsQuerySchema.safeParse(request.query);
      if (!query.success) return fail(reply, session.language, { code: 'BAD_REQUEST' });
      const slips = await service.store.playerSlips(session.playerKey, query.data.status, query.data.limit);
      const views: LotterySlipView[] = [];
      for (const slip of slips) views.push(slipView(slip, await drawNumberOf(slip.drawId)));
      return ok(reply, { slips: views });
    });

    app.get('/api/verify/:drawId', HIDDEN, async (request, reply) => {
      const lang = langOf(request);
      const { drawId } = request.params as { drawId: string };
      const draw = /^[A-Za-z0-9_:-]{1,80}$/.test(drawId) ? await service.store.draw(drawId) : undefined;
      if (!draw) return fail(reply, lang, { code: 'UNKNOWN_DRAW' });
      if ((draw.status !== 'drawn' && draw.status !== 'settled') || !draw.result) return fail(reply, lang, { code: 'DRAW_NOT_DRAWN' });
      const game = await service.game(draw.gameCode);
      return ok(reply, {
        drawId: draw.drawId,
        gameCode: draw.gameCode,
        format: game?.format ?? null,
        drawNumber: draw.drawNumber,
        serverSeedHash: draw.serverSeedHash,
        serverSeed: draw.serverSeed,
        publicData: draw.publicData,
        result: draw.result,
        derivation: DERIVATION,
      });
    });
  };
}

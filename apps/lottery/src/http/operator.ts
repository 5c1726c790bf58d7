import { createHash } from 'node:crypto';
import { LotteryOddsEditSchema } from '@playfront/contract/console-oversight';
import {
  LOTTERY_OPERATOR_DRAW_STATUSES,
  LOTTERY_OPERATOR_MAX_SKEW_SECONDS,
  LOTTERY_OPERATOR_SIGNATURE_HEADER,
  LOTTERY_OPERATOR_TIMESTAMP_HEADER,
  type LotteryOperatorDrawStatus,
  type LotteryOperatorErrorCode,
  type LotteryOperatorGame,
} from '@playfront/contract/lottery-operator';
import { isValidLotteryOperatorCall } from '@playfront/contract/provider-signing';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest, FastifySchema } from 'fastify';
import type { GameConfig } from '../games/config.ts';
import { decimalOdds } from '../games/grade.ts';
import { DEFAULT_BRAND, type LotteryService } from '../service.ts';
import { drawExposure, drawSlipCounts, drawSlips, operatorDraw, operatorDraws } from '../store/operator-queries.ts';
import type { SqlExecutor } from '../store/sql-lottery-store.ts';

const HIDDEN = { schema: { hide: true } as FastifySchema };

const STATUS: Record<LotteryOperatorErrorCode, number> = {
  UNAUTHORIZED: 401,
  BAD_REQUEST: 400,
  UNKNOWN_GAME: 404,
  UNKNOWN_DRAW: 404,
  DRAW_NOT_VOIDABLE: 409,
  ODDS_INVALID: 422,
};

const CODE = /^[A-Za-z0-9_]{1,40}$/;
const DRAW_ID = /^[A-Za-z0-9_:-]{1,80}$/;

export function operatorGameView(game: GameConfig, active: boolean): LotteryOperatorGame {
  return {
    code: game.code,
    kind: game.kind,
    format: game.format,
    name: game.name,
    active,
    closeBeforeSeconds: game.closeBeforeSeconds,
    maxLines: game.maxLines,
    maxExposure: game.maxExposure.toString(),
    schedule: game.schedule,
    betTypes: game.betTypes.map((b) => {
      const rtps = typeof b.rtpBp === 'number' ? [b.rtpBp] : Object.values(b.rtpBp);
      return {
        code: b.code,
        name: b.name,
        odds: b.odds1000 !== undefined ? decimalOdds(b.odds1000) : null,
        rtp: (Math.min(...rtps) / 100).toFixed(2),
        minStake: b.minStake.toString(),
        maxStake: b.maxStake.toString(),
        maxPerNumber: b.maxPerNumber.toString(),
      };
    }),
  };
}

/**
 * The operator API under `/lotto/operator` (decision 050, paths in packages/contract/src/lottery-operator.ts):
 * every call signed by the platform with the operator secret; without a configured secret every call is refused.
 */
export function lotteryOperatorApi(service: LotteryService, sql: SqlExecutor, operatorSecret: () => string): FastifyPluginAsync {
  return async (app) => {
    const fail = (reply: FastifyReply, code: LotteryOperatorErrorCode) =>
      reply.status(STATUS[code]).header('cache-control', 'no-store').send({ ok: false, code });
    const ok = (reply: FastifyReply, body: Record<string, unknown>) =>
      reply.header('cache-control', 'no-store').send({ ok: true, ...body });

    // Checked before anything is read or changed. The wall clock, not a test clock: it is about two processes.
    app.addHook('onRequest', async (request: FastifyRequest, reply: FastifyReply) => {
      const timestamp = request.headers[LOTTERY_OPERATOR_TIMESTAMP_HEADER];
      const signature = request.headers[LOTTERY_OPERATOR_SIGNATURE_HEADER];
      const fresh =
        typeof timestamp === 'string' &&
        /^\d{1,12}$/.test(timestamp) &&
        Math.abs(Date.now() / 1000 - Number(timestamp)) <= LOTTERY_OPERATOR_MAX_SKEW_SECONDS;
      if (
        !fresh ||
        typeof signature !== 'string' ||
        !isValidLotteryOperatorCall(operatorSecret(), timestamp, request.method, request.url, signature)
      )
        return fail(reply, 'UNAUTHORIZED');
    });

    const games = async () => service.store.allConfigs(DEFAULT_BRAND);

    app.get('/games', HIDDEN, async (_request, reply) =>
      ok(reply, { games: (await games()).map((c) => operatorGameView(c.game, c.active)) }),
    );

    for (const [suffix, active] of [
      ['enable', true],
      ['disable', false],
    ] as const) {
      app.post(`/games/:code/${suffix}`, HIDDEN, async (request, reply) => {
        const { code } = request.params as { code: string };
        if (!CODE.test(code)) return fail(reply, 'UNKNOWN_GAME');
        const changed = await service.setGameActive(code, active);
        if (!changed) return fail(reply, 'UNKNOWN_GAME');
        if (active) await service.ensureDraws();
        const game = (await games()).find((c) => c.game.code === code);
        if (!game) return fail(reply, 'UNKNOWN_GAME');
        return ok(reply, { game: operatorGameView(game.game, game.active), changed: changed.before !== active });
      });
    }

    app.get('/draws', HIDDEN, async (request, reply) => {
      const q = request.query as Record<string, string | undefined>;
      const limit = q.limit === undefined ? 20 : Number(q.limit);
      const before = q.before === undefined ? undefined : Date.parse(q.before);
      if (
        !q.game ||
        !CODE.test(q.game) ||
        !Number.isInteger(limit) ||
        limit < 1 ||
        limit > 100 ||
        (before !== undefined && Number.isNaN(before)) ||
        (q.status !== undefined && !LOTTERY_OPERATOR_DRAW_STATUSES.includes(q.status as LotteryOperatorDrawStatus))
      )
        return fail(reply, 'BAD_REQUEST');
      if (!(await games()).some((c) => c.game.code === q.game)) return fail(reply, 'UNKNOWN_GAME');
      const draws = await operatorDraws(sql, {
        game: q.game,
        status: q.status as LotteryOperatorDrawStatus | undefined,
        before,
        limit,
      });
      return ok(reply, { draws });
    });

    app.get('/draws/:drawId', HIDDEN, async (request, reply) => {
      const { drawId } = request.params as { drawId: string };
      const draw = DRAW_ID.test(drawId) ? await operatorDraw(sql, drawId) : undefined;
      if (!draw) return fail(reply, 'UNKNOWN_DRAW');
      const game = (await games()).find((c) => c.game.code === draw.gameCode);
      return ok(reply, {
        draw,
        counts: await drawSlipCounts(sql, drawId),
        exposure: await drawExposure(sql, drawId, 20),
        maxExposure: game ? game.game.maxExposure.toString() : null,
        slips: await drawSlips(sql, drawId, 100),
      });
    });

    app.post('/draws/:drawId/void', HIDDEN, async (request, reply) => {
      const { drawId } = request.params as { drawId: string };
      if (!DRAW_ID.test(drawId)) return fail(reply, 'UNKNOWN_DRAW');
      const voided = await service.operatorVoid(drawId);
      if (voided.outcome === 'unknown') return fail(reply, 'UNKNOWN_DRAW');
      if (voided.outcome === 'not_voidable') return fail(reply, 'DRAW_NOT_VOIDABLE');
      const draw = await operatorDraw(sql, drawId);
      return ok(reply, { outcome: voided.outcome, draw, counts: await drawSlipCounts(sql, drawId), refunded: voided.refunded });
    });

    // Odds and limits per brand (decision 054).
    const BRAND = /^[A-Za-z0-9_-]{1,40}$/;
    app.get('/brands/:brand/games', HIDDEN, async (request, reply) => {
      const { brand } = request.params as { brand: string };
      if (!BRAND.test(brand)) return fail(reply, 'BAD_REQUEST');
      const configs = await service.brandConfigs(brand);
      return ok(reply, { games: configs.games.map((c) => operatorGameView(c.game, c.active)), own: configs.own });
    });

    app.put('/brands/:brand/games/:code', HIDDEN, async (request, reply) => {
      const { brand, code } = request.params as { brand: string; code: string };
      // The signature covers method and path: the path carries the body's SHA-256, so the body is signed too.
      const sha = (request.query as Record<string, unknown>).sha;
      if (
        typeof sha !== 'string' ||
        sha !==
          createHash('sha256')
            .update(JSON.stringify(request.body ?? null))
            .digest('hex')
      )
        return fail(reply, 'BAD_REQUEST');
      const body = LotteryOddsEditSchema.safeParse(request.body);
      if (!BRAND.test(brand) || !CODE.test(code) || !body.success) return fail(reply, 'BAD_REQUEST');
      const changed = await service.editBrandOdds(brand, code, body.data);
      if (changed === 'unknown') return fail(reply, 'UNKNOWN_GAME');
      if (changed === 'invalid') return fail(reply, 'ODDS_INVALID');
      return ok(reply, {
        before: operatorGameView(changed.before.game, changed.before.active),
        game: operatorGameView(changed.after.game, changed.after.active),
      });
    });
  };
}

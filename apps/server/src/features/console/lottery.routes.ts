import {
  ConsoleLotteryDrawsQuerySchema,
  ConsoleLotteryOddsBodySchema,
  type LotteryBrandGames,
  LotteryDrawParamsSchema,
  LotteryGameParamsSchema,
  type LotteryGameToggle,
  type LotteryOddsChange,
  type LotteryOperatorDraw,
  type LotteryOperatorDrawDetail,
  type LotteryOperatorGame,
  type LotteryOperatorVoidAnswer,
  OversightReasonSchema,
  CONSOLE_OVERSIGHT_PATHS as P,
} from '@playfront/contract/console-oversight';
import { LOTTERY_OPERATOR_PATHS } from '@playfront/contract/lottery-operator';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { withAudit } from '../staff/audit.ts';
import { actorOf } from '../staff/staff-guard.ts';
import { ok } from './console-http.ts';
import { lotteryOperatorClient } from './lottery-operator-client.ts';

/**
 * Lottery oversight (decision 050): the brand's games, draws with their seed hash, a draw's slips and exposure,
 * switching a game on or off, and voiding a draw. The lottery is its own provider: every call goes to its operator
 * API over HTTP, signed. The change happens there, so the audit row is written once the lottery has answered (it
 * cannot share the lottery's transaction); a void repeated after a lost answer is safe (`already_void`, nothing paid twice).
 */
export const consoleLotteryRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['console'];
  const call = lotteryOperatorClient(app);
  const read = { staff: { permission: 'lottery.read' as const } };
  const manage = { staff: { permission: 'lottery.manage' as const } };

  app.get(P.lotteryGames, { config: read, schema: { tags, summary: 'The brand’s lottery games with odds and limits' } }, async () =>
    ok((await call<{ games: LotteryOperatorGame[] }>('GET', LOTTERY_OPERATOR_PATHS.games)).games),
  );

  for (const [key, active] of [
    ['lotteryGameEnable', true],
    ['lotteryGameDisable', false],
  ] as const) {
    app.post(
      P[key],
      {
        config: manage,
        schema: {
          tags,
          summary: active ? 'Switch a lottery game on' : 'Switch a lottery game off (draws holding slips still settle)',
          params: LotteryGameParamsSchema,
          body: OversightReasonSchema,
        },
      },
      async (request) => {
        const actor = actorOf(request);
        const { code } = request.params;
        const path = active ? LOTTERY_OPERATOR_PATHS.gameEnable(code) : LOTTERY_OPERATOR_PATHS.gameDisable(code);
        const answer = await call<LotteryGameToggle>('POST', path);
        await withAudit(
          app.deps.db,
          actor,
          active ? 'lottery.game_enable' : 'lottery.game_disable',
          { type: 'lottery_game', id: code },
          { active: answer.changed ? !active : active },
          { active, reason: request.body.reason },
          app.deps.now(),
        );
        return ok({ game: answer.game, changed: answer.changed });
      },
    );
  }

  // Odds and limits of this brand's players (decision 054): the staff's brand is the lottery's brand (merchant code).
  const brandOf = async (brandId: number) =>
    (await app.deps.db.selectFrom('brand').select('merchant_code').where('id', '=', brandId).executeTakeFirstOrThrow()).merchant_code;

  app.get(
    P.lotteryBrandGames,
    { config: read, schema: { tags, summary: 'The odds and limits this brand’s players get' } },
    async (request) => ok(await call<LotteryBrandGames>('GET', LOTTERY_OPERATOR_PATHS.brandGames(await brandOf(actorOf(request).brandId)))),
  );

  app.put(
    P.lotteryBrandGame,
    {
      config: manage,
      schema: {
        tags,
        summary: 'Change one lottery game’s odds and limits for this brand (slips already taken keep theirs)',
        params: LotteryGameParamsSchema,
        body: ConsoleLotteryOddsBodySchema,
      },
    },
    async (request) => {
      const actor = actorOf(request);
      const { reason, ...edit } = request.body;
      const brand = await brandOf(actor.brandId);
      const answer = await call<LotteryOddsChange>('PUT', LOTTERY_OPERATOR_PATHS.brandGame(brand, request.params.code), edit);
      await withAudit(
        app.deps.db,
        actor,
        'lottery.odds_change',
        { type: 'lottery_game', id: `${brand}/${request.params.code}` },
        { game: answer.before },
        { game: answer.game, reason },
        app.deps.now(),
      );
      return ok({ before: answer.before, game: answer.game });
    },
  );

  app.get(
    P.lotteryDraws,
    { config: read, schema: { tags, summary: 'A game’s draws, newest first', querystring: ConsoleLotteryDrawsQuerySchema } },
    async (request) => {
      const q = new URLSearchParams({ game: request.query.game, limit: String(request.query.limit) });
      if (request.query.status) q.set('status', request.query.status);
      if (request.query.before) q.set('before', request.query.before);
      return ok((await call<{ draws: LotteryOperatorDraw[] }>('GET', `${LOTTERY_OPERATOR_PATHS.draws}?${q}`)).draws);
    },
  );

  app.get(
    P.lotteryDraw,
    { config: read, schema: { tags, summary: 'A draw: slips by status, exposure, last slips', params: LotteryDrawParamsSchema } },
    async (request) => {
      const { ok: _ok, ...detail } = await call<LotteryOperatorDrawDetail & { ok: true }>(
        'GET',
        LOTTERY_OPERATOR_PATHS.draw(request.params.drawId),
      );
      return ok(detail);
    },
  );

  app.post(
    P.lotteryDrawVoid,
    {
      config: manage,
      schema: {
        tags,
        summary: 'Void a draw not drawn yet: every slip refunded by rollback, once',
        params: LotteryDrawParamsSchema,
        body: OversightReasonSchema,
      },
    },
    async (request) => {
      const actor = actorOf(request);
      const { drawId } = request.params;
      const { ok: _ok, ...answer } = await call<LotteryOperatorVoidAnswer & { ok: true }>('POST', LOTTERY_OPERATOR_PATHS.drawVoid(drawId));
      await withAudit(
        app.deps.db,
        actor,
        'lottery.draw_void',
        { type: 'lottery_draw', id: drawId },
        { status: answer.outcome === 'voided' ? 'open' : 'void' },
        { status: 'void', outcome: answer.outcome, counts: answer.counts, refunded: answer.refunded, reason: request.body.reason },
        app.deps.now(),
      );
      return ok(answer);
    },
  );
};

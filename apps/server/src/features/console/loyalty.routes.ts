import {
  CONSOLE_LOYALTY_PATHS,
  ConsolePointsConfigResponseSchema,
  ConsoleRebateSettingsResponseSchema,
  ConsoleReferralResponseSchema,
  MissionBodySchema,
  MissionListResponseSchema,
  MissionParamsSchema,
  MissionResponseSchema,
  PointsConfigBodySchema,
  PointsRewardBodySchema,
  PointsRewardCreateSchema,
  PointsRewardListResponseSchema,
  PointsRewardParamsSchema,
  PointsRewardResponseSchema,
  RebateRunListResponseSchema,
  RebateRunQuerySchema,
  RebateSettingsBodySchema,
  ReferralSettingsBodySchema,
  VipLevelBodySchema,
  VipLevelParamsSchema,
  VipLevelResponseSchema,
  VipLevelsResponseSchema,
  VipMemberQuerySchema,
  VipMemberResponseSchema,
} from '@playfront/contract/console-loyalty';
import {
  OpsOccurrencesResponseSchema,
  OpsRainBodySchema,
  OpsRainParamsSchema,
  OpsRainResponseSchema,
  OpsRainsResponseSchema,
} from '@playfront/contract/envelopes';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { tickRains } from '../envelopes/envelope-jobs.ts';
import { listRains, rainOccurrences } from '../envelopes/envelopes.service.ts';
import { loadLevels, toOpsLevel, vipEnabled } from '../loyalty/vip.service.ts';
import { opsMissions } from '../missions/missions.service.ts';
import { pointsConfigView } from '../points/points.service.ts';
import { actorOf } from '../staff/staff-guard.ts';
import { ok } from './console-http.ts';
import {
  consoleCreateMission,
  consoleCreateRain,
  consoleCreateReward,
  consoleReferral,
  consoleSavePointsConfig,
  consoleSaveRebateSettings,
  consoleSaveReferral,
  consoleSaveVipLevel,
  consoleUpdateMission,
  consoleUpdateRain,
  consoleUpdateReward,
  listRewards,
  rebateRuns,
  rebateSettingsView,
  vipMember,
} from './loyalty.service.ts';

const P = CONSOLE_LOYALTY_PATHS;

/** VIP ladder, points, missions, rebates and cashback (loyalty.read / loyalty.write), decision 047. */
export const consoleLoyaltyRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['console'];
  const read = { staff: { permission: 'loyalty.read' as const } };
  const write = { staff: { permission: 'loyalty.write' as const } };
  const { db } = app.deps;

  app.get(
    P.vipLevels,
    { config: read, schema: { tags, summary: 'The VIP ladder', response: { 200: VipLevelsResponseSchema } } },
    async (request) => {
      const brandId = actorOf(request).brandId;
      const [enabled, levels] = await Promise.all([vipEnabled(db, brandId), loadLevels(db, brandId)]);
      return ok({ enabled, levels: levels.map(toOpsLevel) });
    },
  );

  app.put(
    P.vipLevel,
    {
      config: write,
      schema: {
        tags,
        summary: 'One level’s definition (refused with VIP_LADDER_ORDER when the ladder would not rise)',
        params: VipLevelParamsSchema,
        body: VipLevelBodySchema,
        response: { 200: VipLevelResponseSchema },
      },
    },
    async (request) => ok(await consoleSaveVipLevel(db, actorOf(request), Number(request.params.level), request.body, app.deps.now())),
  );

  app.get(
    P.vipMember,
    {
      config: read,
      schema: {
        tags,
        summary: 'A member’s VIP level and progress',
        querystring: VipMemberQuerySchema,
        response: { 200: VipMemberResponseSchema },
      },
    },
    async (request) => ok(await vipMember(db, actorOf(request).brandId, request.query.username, app.deps.now())),
  );

  app.get(
    P.pointsConfig,
    {
      config: read,
      schema: { tags, summary: 'Points earning rates and conversion', response: { 200: ConsolePointsConfigResponseSchema } },
    },
    async (request) => ok(await pointsConfigView(db, actorOf(request).brandId)),
  );

  app.put(
    P.pointsConfig,
    {
      config: write,
      schema: {
        tags,
        summary: 'Set points earning rates and conversion (applies to events from now on)',
        body: PointsConfigBodySchema,
        response: { 200: ConsolePointsConfigResponseSchema },
      },
    },
    async (request) => ok(await consoleSavePointsConfig(db, actorOf(request), request.body, app.deps.now())),
  );

  app.get(
    P.pointsRewards,
    { config: read, schema: { tags, summary: 'The points mall’s items', response: { 200: PointsRewardListResponseSchema } } },
    async (request) => ok({ list: await listRewards(db, actorOf(request).brandId) }),
  );

  app.post(
    P.pointsRewards,
    {
      config: write,
      schema: {
        tags,
        summary: 'A new item of the points mall',
        body: PointsRewardCreateSchema,
        response: { 201: PointsRewardResponseSchema },
      },
    },
    async (request, reply) => reply.status(201).send(ok(await consoleCreateReward(db, actorOf(request), request.body, app.deps.now()))),
  );

  app.put(
    P.pointsReward,
    {
      config: write,
      schema: {
        tags,
        summary: 'An item’s price, stock and whether it is on sale',
        params: PointsRewardParamsSchema,
        body: PointsRewardBodySchema,
        response: { 200: PointsRewardResponseSchema },
      },
    },
    async (request) => ok(await consoleUpdateReward(db, actorOf(request), Number(request.params.rewardId), request.body, app.deps.now())),
  );

  app.get(
    P.missions,
    { config: read, schema: { tags, summary: 'Missions, active or not', response: { 200: MissionListResponseSchema } } },
    async (request) => ok({ list: await opsMissions(db, actorOf(request).brandId) }),
  );

  app.post(
    P.missions,
    {
      config: write,
      schema: { tags, summary: 'Create a daily or weekly mission', body: MissionBodySchema, response: { 201: MissionResponseSchema } },
    },
    async (request, reply) => reply.status(201).send(ok(await consoleCreateMission(db, actorOf(request), request.body, app.deps.now()))),
  );

  app.put(
    P.mission,
    {
      config: write,
      schema: {
        tags,
        summary: 'Change a mission (active false pauses it)',
        params: MissionParamsSchema,
        body: MissionBodySchema,
        response: { 200: MissionResponseSchema },
      },
    },
    async (request) => ok(await consoleUpdateMission(db, actorOf(request), Number(request.params.missionId), request.body, app.deps.now())),
  );

  /** A rain saved to start now should not wait for the next tick; a failure here is the tick's to retry. */
  const startDueNow = () => void tickRains(app).catch((err: unknown) => app.log.warn({ err }, 'envelope rain tick after save failed'));

  app.get(
    P.rains,
    { config: read, schema: { tags, summary: 'Envelope rains, active or not', response: { 200: OpsRainsResponseSchema } } },
    async (request) => ok({ list: await listRains(db, actorOf(request).brandId, app.deps.now()) }),
  );

  app.post(
    P.rains,
    {
      config: write,
      schema: {
        tags,
        summary: 'Create an envelope rain (one-off, or repeating every N minutes)',
        body: OpsRainBodySchema,
        response: { 201: OpsRainResponseSchema },
      },
    },
    async (request, reply) => {
      const rain = await consoleCreateRain(db, actorOf(request), request.body, app.deps.now());
      startDueNow();
      return reply.status(201).send(ok(rain));
    },
  );

  app.put(
    P.rain,
    {
      config: write,
      schema: {
        tags,
        summary: 'Change a rain (a running occurrence keeps the settings it started with)',
        params: OpsRainParamsSchema,
        body: OpsRainBodySchema,
        response: { 200: OpsRainResponseSchema },
      },
    },
    async (request) => {
      const rain = await consoleUpdateRain(db, actorOf(request), BigInt(request.params.rainId), request.body, app.deps.now());
      startDueNow();
      return ok(rain);
    },
  );

  app.get(
    P.rainOccurrences,
    {
      config: read,
      schema: {
        tags,
        summary: "A rain's latest occurrences",
        params: OpsRainParamsSchema,
        response: { 200: OpsOccurrencesResponseSchema },
      },
    },
    async (request) => ok({ list: await rainOccurrences(db, actorOf(request).brandId, BigInt(request.params.rainId)) }),
  );

  app.get(
    P.referral,
    { config: read, schema: { tags, summary: 'The referral reward rule', response: { 200: ConsoleReferralResponseSchema } } },
    async (request) => ok(await consoleReferral(db, actorOf(request).brandId)),
  );

  app.put(
    P.referral,
    {
      config: write,
      schema: {
        tags,
        summary: 'Set the referral reward rule (invitees who qualify from now on are paid by it; paid rewards stay)',
        body: ReferralSettingsBodySchema,
        response: { 200: ConsoleReferralResponseSchema },
      },
    },
    async (request) => ok(await consoleSaveReferral(db, actorOf(request), request.body, app.deps.now())),
  );

  app.get(
    P.rebateSettings,
    { config: read, schema: { tags, summary: 'Rebate and cashback settings', response: { 200: ConsoleRebateSettingsResponseSchema } } },
    async (request) => ok(await rebateSettingsView(db, actorOf(request).brandId)),
  );

  app.put(
    P.rebateSettings,
    {
      config: write,
      schema: {
        tags,
        summary: 'Set rebate and cashback settings (new accruals and payouts follow them; what accrued stays)',
        body: RebateSettingsBodySchema,
        response: { 200: ConsoleRebateSettingsResponseSchema },
      },
    },
    async (request) => ok(await consoleSaveRebateSettings(db, actorOf(request), request.body, app.deps.now())),
  );

  app.get(
    P.rebateRuns,
    {
      config: read,
      schema: {
        tags,
        summary: 'Rebate and cashback runs: paid and owed',
        querystring: RebateRunQuerySchema,
        response: { 200: RebateRunListResponseSchema },
      },
    },
    async (request) => ok(await rebateRuns(db, actorOf(request).brandId, request.query)),
  );
};

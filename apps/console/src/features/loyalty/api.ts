import type {
  ConsoleReferral,
  PointsReward,
  PointsRewardBody,
  PointsRewardCreate,
  RebateRun,
  VipLevels,
  VipMember,
} from '@playfront/contract/console-loyalty';
import { CONSOLE_LOYALTY_PATHS, loyaltyPath } from '@playfront/contract/console-loyalty';
import type { OpsOccurrencesResponseSchema, OpsRain, OpsRainBody } from '@playfront/contract/envelopes';
import type { OpsMission, OpsMissionBody } from '@playfront/contract/missions';
import type { OpsPointsConfigBodySchema, PointsConfig } from '@playfront/contract/points';
import type { RebateSettings } from '@playfront/contract/rebates';
import type { ReferralSettings } from '@playfront/contract/referral';
import type { OpsVipLevel, OpsVipLevelBody } from '@playfront/contract/vip';
import type { z } from 'zod';
import { api } from '../../lib/api.ts';
import type { Page } from '../members/api.ts';

const P = CONSOLE_LOYALTY_PATHS;

export const vipLevels = () => api<VipLevels>(P.vipLevels);
export const saveVipLevel = (level: number, body: OpsVipLevelBody) =>
  api<OpsVipLevel>(loyaltyPath('vipLevel', { level }), { method: 'PUT', body });
export const vipMember = (username: string) => api<VipMember>(P.vipMember, { query: { username } });

export const pointsConfig = () => api<PointsConfig>(P.pointsConfig);
export const savePointsConfig = (body: z.input<typeof OpsPointsConfigBodySchema>) =>
  api<PointsConfig>(P.pointsConfig, { method: 'PUT', body });
export const pointsRewards = () => api<{ list: PointsReward[] }>(P.pointsRewards);
export const createReward = (body: PointsRewardCreate) => api<PointsReward>(P.pointsRewards, { method: 'POST', body });
export const saveReward = (rewardId: number, body: PointsRewardBody) =>
  api<PointsReward>(loyaltyPath('pointsReward', { rewardId }), { method: 'PUT', body });

export const missions = () => api<{ list: OpsMission[] }>(P.missions);
export const createMission = (body: OpsMissionBody) => api<OpsMission>(P.missions, { method: 'POST', body });
export const updateMission = (missionId: number, body: OpsMissionBody) =>
  api<OpsMission>(loyaltyPath('mission', { missionId }), { method: 'PUT', body });

export const rebateSettings = () => api<RebateSettings>(P.rebateSettings);
export const saveRebateSettings = (body: RebateSettings) => api<RebateSettings>(P.rebateSettings, { method: 'PUT', body });
export const rebateRuns = (q: { kind: string; pageNo: number; pageSize: number }) => api<Page<RebateRun>>(P.rebateRuns, { query: q });

export const rains = () => api<{ list: OpsRain[] }>(P.rains);
export const createRain = (body: OpsRainBody) => api<OpsRain>(P.rains, { method: 'POST', body });
export const updateRain = (rainId: string, body: OpsRainBody) => api<OpsRain>(loyaltyPath('rain', { rainId }), { method: 'PUT', body });
export const rainOccurrences = (rainId: string) =>
  api<z.output<typeof OpsOccurrencesResponseSchema>['value']>(loyaltyPath('rainOccurrences', { rainId }));

export const referral = () => api<ConsoleReferral>(P.referral);
export const saveReferral = (body: ReferralSettings) => api<ConsoleReferral>(P.referral, { method: 'PUT', body });

/** The contract's own messages are English sentences for developers: staff see one translated message per field. */
export const INVALID = 'loyalty.invalid';

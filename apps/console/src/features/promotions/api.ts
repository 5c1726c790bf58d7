import type {
  Application,
  ApplicationDecision,
  ConsoleGrant,
  ConsolePromotion,
  PromotionDetail,
} from '@playfront/contract/console-loyalty';
import { CONSOLE_LOYALTY_PATHS, loyaltyPath } from '@playfront/contract/console-loyalty';
import type { OpsPromotionBody } from '@playfront/contract/promotions';
import { api } from '../../lib/api.ts';
import type { Page } from '../members/api.ts';

const P = CONSOLE_LOYALTY_PATHS;

export type PromotionQuery = { status: string; q: string; sort: string; order: string; pageNo: number; pageSize: number };
export const listPromotions = (q: PromotionQuery) => api<Page<ConsolePromotion>>(P.promotions, { query: q });
export const promotionDetail = (promotionId: number) => api<PromotionDetail>(loyaltyPath('promotion', { promotionId }));
export const createPromotion = (body: OpsPromotionBody) => api<ConsolePromotion>(P.promotions, { method: 'POST', body });
export const updatePromotion = (promotionId: number, body: OpsPromotionBody) =>
  api<ConsolePromotion>(loyaltyPath('promotion', { promotionId }), { method: 'PUT', body });
export const setPromotionStatus = (promotionId: number, status: ConsolePromotion['status']) =>
  api<ConsolePromotion>(loyaltyPath('promotionStatus', { promotionId }), { method: 'POST', body: { status } });

export const listApplications = (q: { pageNo: number; pageSize: number }) => api<Page<Application>>(P.applications, { query: q });
export const approveApplication = (participationId: string) =>
  api<ApplicationDecision>(loyaltyPath('applicationApprove', { participationId }), { method: 'POST', body: {} });
export const rejectApplication = (participationId: string, reason: string) =>
  api<ApplicationDecision>(loyaltyPath('applicationReject', { participationId }), { method: 'POST', body: { reason } });

export type GrantQuery = { state: string; username: string; pageNo: number; pageSize: number };
export const listGrants = (q: GrantQuery) => api<Page<ConsoleGrant>>(P.bonusGrants, { query: q });

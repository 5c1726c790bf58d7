import type { RiskFlag, RiskRules } from '@playfront/contract/kyc';
import { KYC_CONSOLE_PATHS } from '@playfront/contract/kyc-paths';
import { api } from '../../lib/api.ts';
import type { Page } from '../members/api.ts';

export const riskFlags = (q: { status: string; kind: string; memberId: string; pageNo: number; pageSize: number }) =>
  api<Page<RiskFlag>>(KYC_CONSOLE_PATHS.riskFlags, { query: q });

export const reviewFlag = (flagId: string, note: string) =>
  api<RiskFlag>(KYC_CONSOLE_PATHS.riskFlagReview.replace(':flagId', encodeURIComponent(flagId)), { method: 'POST', body: { note } });

export const riskRules = () => api<RiskRules>(KYC_CONSOLE_PATHS.riskRules);

export const saveRiskRules = (rules: RiskRules) => api<RiskRules>(KYC_CONSOLE_PATHS.riskRules, { method: 'PUT', body: rules });

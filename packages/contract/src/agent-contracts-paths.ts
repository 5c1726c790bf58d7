/**
 * Agent contracts and their settlement (issue 14, spec sections 3, 4 and 7), zod-free so the agent layout can import
 * paths and vocabulary without the schemas (agent-contracts.ts re-exports this and adds them).
 */
export const AGENT_CONTRACT_PATHS = {
  /** GET (agent): per kind, whether the brand offers it, whether I have a pending offer or an active contract. */
  consolidated: '/wps/agent/contracts/consolidated',
  /** GET (agent): the DIVIDEND contract summary (spec `processDividendReq`). */
  processDividendReq: '/wps/agent/processDividendReq',
  /** GET (agent): the DAILY_SALARY contract summary (spec `processDailySalary`). */
  processDailySalary: '/wps/agent/processDailySalary',
  /** POST (agent): the HOUR_SALARY contract summary (spec `processContractHourSalary`). */
  processContractHourSalary: '/wps/agent/processContractHourSalary',
  /** POST (agent): the REALTIME_SALARY contract summary (spec `processRealTimeSalaryContract`). */
  processRealTimeSalaryContract: '/wps/agent/processRealTimeSalaryContract',
  /** GET ?kind&role&state&pageNo&pageSize: contracts I gave (role=upline) or got (role=downline). POST: offer one. */
  contracts: '/wps/agent/contracts',
  /** POST (the offer's downline): accept; terminates the contract it replaces in the same transaction. */
  accept: '/wps/agent/contracts/:id/accept',
  /** POST (the offer's downline): reject. */
  reject: '/wps/agent/contracts/:id/reject',
  /** POST (either side of an ACTIVE contract, or the upline withdrawing an OFFERED one): terminate. */
  terminate: '/wps/agent/contracts/:id/terminate',
  /** GET ?kind&role&from&to&pageNo&pageSize: settlements as payee and as payer, with their figures. */
  settlements: '/wps/agent/settlements',
  /** GET ?from&to&group=day|week|month: my income (salary, dividend, commission) by period (agentRevenueReport). */
  income: '/wps/agent/income',
} as const;

export type AgentContractAction = 'accept' | 'reject' | 'terminate';
export const agentContractActionPath = (id: string | number, action: AgentContractAction) =>
  `/wps/agent/contracts/${encodeURIComponent(String(id))}/${action}`;

/** Operator calls (behind the operator key; the Merchant header names the brand). */
export const OPS_AGENT_CONTRACT_PATHS = {
  /** POST {kind, at?}: settle that kind's period(s) ended at `at` (default now), then retry owed settlements. */
  settle: '/ops/agents/settle',
  /** GET / PUT: the brand's contract settings (maximum rates, house-funded contracts of top agents). */
  settings: '/ops/agents/settings',
  /** POST {downlineId, kind, terms, confirm?}: the house offers a top agent a contract. GET ?kind&state: house contracts. */
  contracts: '/ops/agents/contracts',
  /** POST: the house ends one of its contracts. */
  terminate: '/ops/agents/contracts/:id/terminate',
} as const;

export const AGENT_CONTRACT_KINDS = ['DIVIDEND', 'DAILY_SALARY', 'HOUR_SALARY', 'REALTIME_SALARY'] as const;
export type AgentContractKind = (typeof AGENT_CONTRACT_KINDS)[number];

/** The brand feature flag (constants.ts FEATURE_FLAGS) that enables each kind. */
export const AGENT_CONTRACT_FLAG = {
  DIVIDEND: 'CONTRACT_DIVIDEND',
  DAILY_SALARY: 'CONTRACT_SALARY',
  HOUR_SALARY: 'CONTRACT_HOUR_SALARY',
  REALTIME_SALARY: 'CONTRACT_REALTIME_SALARY',
} as const satisfies Record<AgentContractKind, string>;

/** The agent-centre page of each kind (spec section 2). */
export const AGENT_CONTRACT_PAGE = {
  DIVIDEND: 'agentDividendRecordCopy2',
  DAILY_SALARY: 'agentDailyWages2',
  HOUR_SALARY: 'agentHourSalary',
  REALTIME_SALARY: 'agentRealtimeSalary',
} as const satisfies Record<AgentContractKind, string>;

/** The spec's process* call of each kind and its method. */
export const AGENT_CONTRACT_PROCESS = {
  DIVIDEND: { path: AGENT_CONTRACT_PATHS.processDividendReq, method: 'GET' },
  DAILY_SALARY: { path: AGENT_CONTRACT_PATHS.processDailySalary, method: 'GET' },
  HOUR_SALARY: { path: AGENT_CONTRACT_PATHS.processContractHourSalary, method: 'POST' },
  REALTIME_SALARY: { path: AGENT_CONTRACT_PATHS.processRealTimeSalaryContract, method: 'POST' },
} as const satisfies Record<AgentContractKind, { path: string; method: 'GET' | 'POST' }>;

/** The spec's consolidated-contract field name of each kind. */
export const AGENT_CONTRACT_CONSOLIDATED_FIELD = {
  DIVIDEND: 'divtypereq',
  DAILY_SALARY: 'dailysalreqtype',
  HOUR_SALARY: 'contracthoursalreq',
  REALTIME_SALARY: 'realtimesalreqtype',
} as const satisfies Record<AgentContractKind, string>;

/** Settlement periods (UTC; weeks start on Monday; semi-monthly = the 1st–15th and the 16th–end of month). */
export const AGENT_CONTRACT_PERIODS = ['FIVE_MINUTES', 'HOURLY', 'DAILY', 'WEEKLY', 'SEMIMONTHLY', 'MONTHLY'] as const;
export type AgentContractPeriod = (typeof AGENT_CONTRACT_PERIODS)[number];
export const DIVIDEND_PERIODS = ['WEEKLY', 'SEMIMONTHLY', 'MONTHLY'] as const;
export type DividendPeriod = (typeof DIVIDEND_PERIODS)[number];
/** The one period of each salary kind (a dividend contract chooses one of DIVIDEND_PERIODS). */
export const SALARY_PERIOD = { DAILY_SALARY: 'DAILY', HOUR_SALARY: 'HOURLY', REALTIME_SALARY: 'FIVE_MINUTES' } as const;

/** OFFERED → ACTIVE | REJECTED (| TERMINATED when the upline withdraws it); ACTIVE → TERMINATED. */
export const AGENT_CONTRACT_STATES = ['OFFERED', 'ACTIVE', 'REJECTED', 'TERMINATED'] as const;
export type AgentContractState = (typeof AGENT_CONTRACT_STATES)[number];
/** Who ended a contract: a side, the operator (house contracts), or a higher offer that replaced it (spec section 4). */
export const AGENT_CONTRACT_ENDERS = ['UPLINE', 'DOWNLINE', 'OPERATOR', 'REPLACED'] as const;
export type AgentContractEnder = (typeof AGENT_CONTRACT_ENDERS)[number];
/** Which side of the contract the caller is on: `upline` lists what I gave, `downline` what I got. */
export const AGENT_CONTRACT_ROLES = ['upline', 'downline'] as const;
export type AgentContractRole = (typeof AGENT_CONTRACT_ROLES)[number];

/** PAID: the money moved; OWED: the payer's balance was short, a later tick pays it (then PAID). */
export const AGENT_SETTLEMENT_STATES = ['PAID', 'OWED'] as const;
export type AgentSettlementState = (typeof AGENT_SETTLEMENT_STATES)[number];

/** A consolidated field's value: the brand does not offer the kind, nothing, an offer waiting for me, an active contract. */
export const AGENT_CONTRACT_STATUSES = ['DISABLED', 'NONE', 'OFFERED', 'ACTIVE'] as const;
export type AgentContractStatus = (typeof AGENT_CONTRACT_STATUSES)[number];

export const AGENT_INCOME_GROUPS = ['day', 'week', 'month'] as const;
export type AgentIncomeGroup = (typeof AGENT_INCOME_GROUPS)[number];

/** The ledger transfer kinds of settlement payouts (also the wallet record types the web labels). */
export const AGENT_PAYOUT_TRANSFER_KIND = {
  DIVIDEND: 'AGENT_DIVIDEND',
  DAILY_SALARY: 'AGENT_SALARY',
  HOUR_SALARY: 'AGENT_SALARY',
  REALTIME_SALARY: 'AGENT_SALARY',
} as const satisfies Record<AgentContractKind, string>;

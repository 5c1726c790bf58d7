import type { FastifyPluginAsync } from 'fastify';
import { registerJobRunner } from '../../infra/jobs/job-runner.ts';
import { riskConsoleRoutes } from '../risk/risk-console.routes.ts';
import { kycRoutes } from './kyc.routes.ts';
import { kycRetentionJob } from './kyc.service.ts';
import { kycConsoleRoutes } from './kyc-console.routes.ts';
import { KycStorage } from './kyc-storage.ts';

/** The member's KYC calls under /wps/kyc (issue 18, decision 044). */
export const kycPlugin: FastifyPluginAsync = async (app) => {
  const storage = new KycStorage(app.deps.config.kycStorageDir);
  await app.register(kycRoutes, { storage });
  // Files of rejected submissions are deleted after the brand's retention period (decision 051).
  registerJobRunner(app, [kycRetentionJob(storage, KYC_RETENTION_PERIOD_MS)]);
};

/** How often the retention job looks: hourly is plenty for a period counted in days. */
export const KYC_RETENTION_PERIOD_MS = 3_600_000;

/** The console's KYC review and risk calls; registered inside the console's guarded scope (console.plugin.ts). */
export const kycConsolePlugin: FastifyPluginAsync = async (app) => {
  await app.register(kycConsoleRoutes, { storage: new KycStorage(app.deps.config.kycStorageDir) });
  await app.register(riskConsoleRoutes);
};

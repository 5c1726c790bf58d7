import type { FastifyPluginAsync } from 'fastify';
import { riskConsoleRoutes } from '../risk/risk-console.routes.ts';
import { kycRoutes } from './kyc.routes.ts';
import { kycConsoleRoutes } from './kyc-console.routes.ts';
import { KycStorage } from './kyc-storage.ts';

/** The member's KYC calls under /wps/kyc (issue 18, decision 044). */
export const kycPlugin: FastifyPluginAsync = async (app) => {
  await app.register(kycRoutes, { storage: new KycStorage(app.deps.config.kycStorageDir) });
};

/** The console's KYC review and risk calls; registered inside the console's guarded scope (console.plugin.ts). */
export const kycConsolePlugin: FastifyPluginAsync = async (app) => {
  await app.register(kycConsoleRoutes, { storage: new KycStorage(app.deps.config.kycStorageDir) });
  await app.register(riskConsoleRoutes);
};

import type { FastifyInstance } from 'fastify';
import { kycConsolePlugin } from '../kyc/kyc.plugin.ts';
import { consoleProtectionRoutes } from '../protection/protection.routes.ts';
import { requireStaff, type StaffRouteEntry } from '../staff/staff-guard.ts';
import { consoleAgentsRoutes } from './agents.routes.ts';
import { consoleAuditRoutes } from './audit.routes.ts';
import { consoleAuthRoutes } from './auth.routes.ts';
import { consoleBackofficeRoutes } from './backoffice.routes.ts';
import { consoleBrandRoutes } from './brand.routes.ts';
import { consoleContentRoutes } from './content.routes.ts';
import { consoleContentArticlesRoutes } from './content-articles.routes.ts';
import { consoleGamesRoutes } from './games.routes.ts';
import { consoleLotteryRoutes } from './lottery.routes.ts';
import { consoleLoyaltyRoutes } from './loyalty.routes.ts';
import { consoleLuckyRoutes } from './lucky.routes.ts';
import { consoleMembersRoutes } from './members.routes.ts';
import { consolePaymentsRoutes } from './payments.routes.ts';
import { consolePromotionsRoutes } from './promotions.routes.ts';
import { consoleSocialProviderRoutes } from './social-providers.routes.ts';
import { consoleStaffRoutes, opsStaffRoutes } from './staff.routes.ts';
import { consoleSupportRoutes } from './support.routes.ts';

const routeTables = new WeakMap<object, StaffRouteEntry[]>();

/** Every console route with what it needs (filled as they register), for the authorization matrix. */
export function consoleRouteTable(app: FastifyInstance): StaffRouteEntry[] {
  return routeTables.get(app.deps) ?? [];
}

/**
 * The operator console API under /console/api (issue 17, decision 040): staff sessions in the x-staff-session
 * header, every route guarded by requireStaff with the permission it declares, every change audited in its own
 * transaction. POST /ops/staff (operator key) makes staff members for automation and the CLI.
 */
export async function consolePlugin(app: FastifyInstance): Promise<void> {
  await app.register(async (scope) => {
    routeTables.set(app.deps, requireStaff(scope));
    await scope.register(consoleAuthRoutes);
    await scope.register(consoleMembersRoutes);
    // Agents and contracts, lottery oversight, the support desk (lane H, decision 050).
    await scope.register(consoleAgentsRoutes);
    await scope.register(consoleLotteryRoutes);
    await scope.register(consoleSupportRoutes);
    await scope.register(consolePaymentsRoutes);
    await scope.register(consoleContentRoutes);
    await scope.register(consoleContentArticlesRoutes);
    await scope.register(consoleBrandRoutes);
    await scope.register(consoleSocialProviderRoutes);
    await scope.register(consoleGamesRoutes);
    await scope.register(consoleStaffRoutes);
    await scope.register(consoleAuditRoutes);
    await scope.register(consoleBackofficeRoutes);
    await scope.register(consolePromotionsRoutes);
    await scope.register(consoleLoyaltyRoutes);
    // Prize wheel, golden eggs, raffles (lane 5, decision 060).
    await scope.register(consoleLuckyRoutes);
    await scope.register(consoleProtectionRoutes);
    await scope.register(kycConsolePlugin);
  });
  await app.register(opsStaffRoutes);
}

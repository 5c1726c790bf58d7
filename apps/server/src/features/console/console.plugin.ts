import type { FastifyInstance } from 'fastify';
import { requireStaff, type StaffRouteEntry } from '../staff/staff-guard.ts';
import { consoleAuditRoutes } from './audit.routes.ts';
import { consoleAuthRoutes } from './auth.routes.ts';
import { consoleContentRoutes } from './content.routes.ts';
import { consoleMembersRoutes } from './members.routes.ts';
import { consolePaymentsRoutes } from './payments.routes.ts';
import { consoleStaffRoutes, opsStaffRoutes } from './staff.routes.ts';

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
    await scope.register(consolePaymentsRoutes);
    await scope.register(consoleContentRoutes);
    await scope.register(consoleStaffRoutes);
    await scope.register(consoleAuditRoutes);
  });
  await app.register(opsStaffRoutes);
}

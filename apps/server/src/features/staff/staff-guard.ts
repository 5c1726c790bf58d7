import type { StaffRole } from '@playfront/contract/console-paths';
import { roleCan, STAFF_SESSION_HEADER, type StaffPermission } from '@playfront/contract/console-paths';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { sql } from 'kysely';
import type { Db } from '../../db/database.ts';
import { AppError } from '../../http/app-error.ts';
import { requestBrand } from '../session/accounts-context.ts';
import type { AuditActor } from './audit.ts';
import { findLiveSession, type LiveSession, type RequestMeta, touchSession } from './staff-session.ts';

/**
 * What a console route needs, declared on the route (`config: { staff: … }`) and checked before its body is read:
 * - `public`: nobody signed in (login, enrolment);
 * - `session`: a live session, second factor passed or not (second-factor, me, logout);
 * - a permission: a live session whose second factor passed, of a role that has the permission.
 * A console route without a declaration is refused (the registry test lists every route and what it needs).
 */
export type StaffAccess = { access: 'public' } | { access: 'session' } | { permission: StaffPermission };

declare module 'fastify' {
  interface FastifyContextConfig {
    staff?: StaffAccess;
  }
  interface FastifyRequest {
    staffSession?: LiveSession;
  }
}

export const requestMeta = (request: FastifyRequest): RequestMeta => {
  const ua = request.headers['user-agent'];
  return { ip: request.ip ?? null, userAgent: (Array.isArray(ua) ? ua[0] : ua) ?? null };
};

/** The signed-in staff member of a guarded route (the guard ran, so there is one). */
export function liveStaff(request: FastifyRequest): LiveSession {
  const live = request.staffSession;
  if (!live) throw new AppError('STAFF_NOT_SIGNED_IN');
  return live;
}

/** The audit actor of a console call: the signed-in staff member, the brand, the address and browser. */
export function actorOf(request: FastifyRequest): AuditActor & { role: StaffRole; username: string } {
  const { staff } = liveStaff(request);
  return { brandId: staff.brand_id, staffId: staff.id, role: staff.role, username: staff.username, ...requestMeta(request) };
}

/** The brand's console allow-list: no rows, any address; else the caller's address must be inside one. */
async function ipAllowed(db: Db, brandId: number, ip: string): Promise<boolean> {
  const { rows } = await sql<{ any_rule: boolean; inside: boolean }>`
    select exists (select 1 from staff_ip_allow where brand_id = ${brandId}) as any_rule,
      exists (select 1 from staff_ip_allow where brand_id = ${brandId} and ${ip}::inet <<= cidr) as inside`.execute(db);
  const row = rows[0];
  return !row?.any_rule || row.inside;
}

export type StaffRouteEntry = { method: string; url: string; staff: StaffAccess | undefined };

/**
 * Guards every route of the plugin it is called in. A preParsing hook, like the operator key and the member check:
 * after the rate limit, before the body is read, so a refused call learns and changes nothing.
 * Returns the plugin's route table (filled as routes register) for the authorization matrix.
 */
export function requireStaff(app: FastifyInstance): StaffRouteEntry[] {
  const table: StaffRouteEntry[] = [];
  app.addHook('onRoute', (route) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    for (const method of methods) {
      if (method === 'HEAD') continue;
      table.push({ method, url: route.url, staff: (route.config as { staff?: StaffAccess } | undefined)?.staff });
    }
  });
  app.addHook('preParsing', async (request: FastifyRequest) => {
    const access = request.routeOptions.config.staff;
    if (!access) throw new AppError('STAFF_PERMISSION_DENIED');
    const { db, now } = app.deps;
    const at = now();
    if (access && 'access' in access && access.access === 'public') {
      const brand = await requestBrand(request);
      if (!(await ipAllowed(db, brand.id, request.ip))) throw new AppError('STAFF_IP_NOT_ALLOWED');
      return;
    }
    const header = request.headers[STAFF_SESSION_HEADER];
    const token = Array.isArray(header) ? header[0] : header;
    const live = token ? await findLiveSession(db, token, at) : undefined;
    if (!live) throw new AppError('STAFF_NOT_SIGNED_IN');
    if (!(await ipAllowed(db, live.staff.brand_id, request.ip))) throw new AppError('STAFF_IP_NOT_ALLOWED');
    if ('permission' in access) {
      if (!live.session.second_factor_at) throw new AppError('STAFF_SECOND_FACTOR_REQUIRED');
      if (!roleCan(live.staff.role, access.permission)) throw new AppError('STAFF_PERMISSION_DENIED');
    }
    await touchSession(db, live.session.id, at);
    request.staffSession = live;
  });
  return table;
}

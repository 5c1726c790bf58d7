import {
  CONSOLE_PATHS,
  OPS_STAFF_PATH,
  ReasonRequestSchema,
  StaffCreateRequestSchema,
  StaffEnrolmentLinkResponseSchema,
  StaffIdParamsSchema,
  StaffListResponseSchema,
  StaffMemberResponseSchema,
  StaffRoleRequestSchema,
} from '@playfront/contract/console';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError } from '../../http/app-error.ts';
import { operatedBrand } from '../ops/operated-brand.ts';
import { requireOperatorKey } from '../ops/operator-key.ts';
import { changeStaffRole, createStaff, disableStaff, listStaff, reenrolStaff, toStaffMember } from '../staff/staff.service.ts';
import { actorOf, requestMeta } from '../staff/staff-guard.ts';
import { ok } from './console-http.ts';

/** Staff management under /console/api/staff (staff.read to list, staff.manage to change). */
export const consoleStaffRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['console'];

  app.get(
    CONSOLE_PATHS.staff,
    {
      config: { staff: { permission: 'staff.read' } },
      schema: { tags, summary: 'Staff of the brand', response: { 200: StaffListResponseSchema } },
    },
    async (request) => ok({ list: await listStaff(app.deps.db, actorOf(request).brandId) }),
  );

  app.post(
    CONSOLE_PATHS.staff,
    {
      config: { staff: { permission: 'staff.manage' } },
      schema: {
        tags,
        summary: 'Create a staff member; answers a one-time enrolment link',
        body: StaffCreateRequestSchema,
        response: { 201: StaffEnrolmentLinkResponseSchema },
      },
    },
    async (request, reply) => {
      const actor = actorOf(request);
      if (request.body.role === 'owner' && actor.role !== 'owner') throw new AppError('STAFF_OWNER_PROTECTED');
      const made = await createStaff(app.deps.db, { brandId: actor.brandId, ...request.body }, actor, app.deps.now());
      reply.header('cache-control', 'no-store');
      return reply
        .status(201)
        .send(ok({ staff: toStaffMember(made.staff), enrolmentLink: made.link, expiresAt: made.expiresAt.toISOString() }));
    },
  );

  app.put(
    CONSOLE_PATHS.staffRole,
    {
      config: { staff: { permission: 'staff.manage' } },
      schema: {
        tags,
        summary: 'Change a staff member’s role',
        params: StaffIdParamsSchema,
        body: StaffRoleRequestSchema,
        response: { 200: StaffMemberResponseSchema },
      },
    },
    async (request) =>
      ok(await changeStaffRole(app.deps.db, actorOf(request), Number(request.params.staffId), request.body.role, app.deps.now())),
  );

  app.post(
    CONSOLE_PATHS.staffDisable,
    {
      config: { staff: { permission: 'staff.manage' } },
      schema: {
        tags,
        summary: 'Disable a staff member (sessions end)',
        params: StaffIdParamsSchema,
        body: ReasonRequestSchema,
        response: { 200: StaffMemberResponseSchema },
      },
    },
    async (request) =>
      ok(await disableStaff(app.deps.db, actorOf(request), Number(request.params.staffId), request.body.reason, app.deps.now())),
  );

  app.post(
    CONSOLE_PATHS.staffReenrol,
    {
      config: { staff: { permission: 'staff.manage' } },
      schema: {
        tags,
        summary: 'A new enrolment link (TOTP again; sessions end)',
        params: StaffIdParamsSchema,
        response: { 200: StaffEnrolmentLinkResponseSchema },
      },
    },
    async (request, reply) => {
      const made = await reenrolStaff(app.deps.db, actorOf(request), Number(request.params.staffId), app.deps.now());
      reply.header('cache-control', 'no-store');
      return ok({ staff: made.staff, enrolmentLink: made.link, expiresAt: made.expiresAt.toISOString() });
    },
  );
};

/**
 * POST /ops/staff behind the operator key: machine automation and `npm run ops -- staff create` make the first owner
 * (or any staff member) and get the one-time enrolment link. The audit row names no staff member (the key did it).
 */
export const opsStaffRoutes: FastifyPluginAsyncZod = async (app) => {
  requireOperatorKey(app, 'staff');
  app.post(
    OPS_STAFF_PATH,
    {
      schema: {
        tags: ['operator'],
        summary: 'Create a staff member (first owner); answers a one-time enrolment link',
        body: StaffCreateRequestSchema,
        response: { 201: StaffEnrolmentLinkResponseSchema },
      },
    },
    async (request, reply) => {
      const brand = await operatedBrand(app.deps.db, request);
      const made = await createStaff(
        app.deps.db,
        { brandId: brand.id, ...request.body },
        { brandId: brand.id, staffId: null, ...requestMeta(request) },
        app.deps.now(),
      );
      request.log.info({ brand: brand.merchant_code, staff: made.staff.id, role: made.staff.role }, 'operator: staff member created');
      reply.header('cache-control', 'no-store');
      return reply
        .status(201)
        .send(ok({ staff: toStaffMember(made.staff), enrolmentLink: made.link, expiresAt: made.expiresAt.toISOString() }));
    },
  );
};

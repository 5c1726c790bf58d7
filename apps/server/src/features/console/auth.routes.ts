import {
  CONSOLE_PATHS,
  EnrolConfirmRequestSchema,
  EnrolInfoQuerySchema,
  EnrolInfoResponseSchema,
  EnrolStartRequestSchema,
  EnrolStartResponseSchema,
  OkResponseSchema,
  SecondFactorRequestSchema,
  StaffLoginRequestSchema,
  StaffLoginResponseSchema,
  StaffMeResponseSchema,
  StaffSessionResponseSchema,
} from '@playfront/contract/console';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requestBrand } from '../session/accounts-context.ts';
import {
  enrolConfirm,
  enrolInfo,
  enrolStart,
  passSecondFactor,
  type StaffDeps,
  staffLogin,
  staffLogout,
  staffMe,
} from '../staff/staff.service.ts';
import { liveStaff, requestMeta } from '../staff/staff-guard.ts';
import { ok } from './console-http.ts';

/** Staff sign-in under /console/api/auth: password, TOTP enrolment, second factor, me, logout (decision 040). */
export const consoleAuthRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['console'];
  // Password and code guesses per address: a twentieth of the general limit (60 a minute by default), on top of the
  // per-account lock after 5 wrong answers in a row.
  const guesses = { max: Math.max(5, Math.floor(app.deps.config.rateLimitPerMinute / 20)), timeWindow: '1 minute' };
  const deps = (): StaffDeps => ({
    db: app.deps.db,
    now: app.deps.now(),
    twoFactorSecret: app.deps.config.accounts.twoFactorSecret,
    argon2Profile: app.deps.config.accounts.argon2Profile,
  });

  app.post(
    CONSOLE_PATHS.login,
    {
      config: { staff: { access: 'public' }, rateLimit: guesses },
      schema: {
        tags,
        summary: 'Staff login: password → enrol TOTP, or the second factor',
        body: StaffLoginRequestSchema,
        response: { 200: StaffLoginResponseSchema },
      },
    },
    async (request, reply) => {
      const brand = await requestBrand(request);
      reply.header('cache-control', 'no-store');
      return ok(await staffLogin(deps(), brand.id, request.body, requestMeta(request)));
    },
  );

  app.get(
    CONSOLE_PATHS.enrolInfo,
    {
      config: { staff: { access: 'public' } },
      schema: {
        tags,
        summary: 'What an enrolment link is for',
        querystring: EnrolInfoQuerySchema,
        response: { 200: EnrolInfoResponseSchema },
      },
    },
    async (request) => ok(await enrolInfo(deps(), request.query.token)),
  );

  app.post(
    CONSOLE_PATHS.enrolStart,
    {
      config: { staff: { access: 'public' } },
      schema: {
        tags,
        summary: 'Start TOTP enrolment: secret, QR URI, recovery codes (shown once)',
        body: EnrolStartRequestSchema,
        response: { 200: EnrolStartResponseSchema },
      },
    },
    async (request, reply) => {
      const brand = await requestBrand(request);
      reply.header('cache-control', 'no-store');
      return ok(await enrolStart(deps(), request.body, brand.name));
    },
  );

  app.post(
    CONSOLE_PATHS.enrolConfirm,
    {
      config: { staff: { access: 'public' }, rateLimit: guesses },
      schema: {
        tags,
        summary: 'Confirm TOTP enrolment with a code → signed in',
        body: EnrolConfirmRequestSchema,
        response: { 200: StaffSessionResponseSchema },
      },
    },
    async (request, reply) => {
      const session = await enrolConfirm(deps(), request.body, requestMeta(request));
      reply.header('cache-control', 'no-store');
      return ok({ sessionToken: session.token, expiresAt: session.expiresAt.toISOString() });
    },
  );

  app.post(
    CONSOLE_PATHS.secondFactor,
    {
      config: { staff: { access: 'session' }, rateLimit: guesses },
      schema: {
        tags,
        summary: 'The second factor: an authenticator code or a recovery code',
        body: SecondFactorRequestSchema,
        response: { 200: StaffSessionResponseSchema },
      },
    },
    async (request, reply) => {
      const body = request.body;
      const session = await passSecondFactor(
        deps(),
        liveStaff(request),
        'code' in body ? { code: body.code } : { recoveryCode: body.recoveryCode },
        requestMeta(request),
      );
      reply.header('cache-control', 'no-store');
      return ok({ sessionToken: session.token, expiresAt: session.expiresAt.toISOString() });
    },
  );

  app.get(
    CONSOLE_PATHS.me,
    {
      config: { staff: { access: 'session' } },
      schema: { tags, summary: 'The signed-in staff member', response: { 200: StaffMeResponseSchema } },
    },
    async (request) => {
      const live = liveStaff(request);
      const brand = await app.deps.db
        .selectFrom('brand')
        .select('merchant_code')
        .where('id', '=', live.staff.brand_id)
        .executeTakeFirstOrThrow();
      return ok(await staffMe(app.deps.db, live, brand.merchant_code));
    },
  );

  app.post(
    CONSOLE_PATHS.logout,
    { config: { staff: { access: 'session' } }, schema: { tags, summary: 'End this session', response: { 200: OkResponseSchema } } },
    async (request) => {
      await staffLogout(deps(), liveStaff(request), requestMeta(request));
      return ok({ ok: true as const });
    },
  );
};

import {
  OPS_PATHS,
  type OpsBrand,
  OpsBrandResponseSchema,
  OpsFlagBodySchema,
  OpsFlagParamsSchema,
  OpsInitialPasswordResponseSchema,
  OpsMaintenanceBodySchema,
  OpsMemberParamsSchema,
  OpsRegionRuleBodySchema,
  OpsRegionRuleParamsSchema,
  OpsRegionRuleResponseSchema,
  OpsRegionRulesResponseSchema,
} from '@playfront/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Db } from '../../db/database.ts';
import { AppError } from '../../http/app-error.ts';
import { getBrandFlags, setBrandFlag, setMaintenance } from '../brand/brand.repository.ts';
import { issueInitialPassword } from '../member/initial-password.ts';
import { findMemberByUsername } from '../member/member.repository.ts';
import { endMemberSessions } from '../session/end-sessions.ts';
import { clearAccessGate } from '../system/access-gate.ts';
import { operatedBrand } from './operated-brand.ts';
import { requireOperatorKey } from './operator-key.ts';
import { addRegionRule, deleteRegionRule, listRegionRules } from './ops.repository.ts';

const ok = <T>(value: T) => ({ success: true as const, message: 'ok', value });

async function brandView(db: Db, brandId: number): Promise<OpsBrand> {
  const brand = await db.selectFrom('brand').selectAll().where('id', '=', brandId).executeTakeFirstOrThrow();
  const [whitelabel, regionRules] = await Promise.all([getBrandFlags(db, brandId), listRegionRules(db, brandId)]);
  return {
    id: brand.id,
    merchantCode: brand.merchant_code,
    name: brand.name,
    maintenance: brand.maintenance,
    whitelabel,
    regionRules,
    updatedAt: brand.updated_at.toISOString(),
  };
}

/** Postgres "invalid text representation": a cidr it will not take (e.g. host bits set, `203.0.113.7/24`). */
const isInvalidInput = (err: unknown) => typeof err === 'object' && err !== null && (err as { code?: unknown }).code === '22P02';

/**
 * The operator API for brand settings, under /ops/. Every call needs the
 * operator key in `x-operator-key`; it is checked before the body is even
 * parsed (requireOperatorKey), so a refused call changes nothing. Changes are logged
 * (who: the remote address; never the key).
 */
export const opsRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['operator'];
  requireOperatorKey(app, 'brand');

  app.get(
    OPS_PATHS.brand,
    { schema: { tags, summary: 'The brand: maintenance, flags and region rules', response: { 200: OpsBrandResponseSchema } } },
    async (request) => {
      const { db } = app.deps;
      const brand = await operatedBrand(db, request);
      return ok(await brandView(db, brand.id));
    },
  );

  app.put(
    OPS_PATHS.flag,
    {
      schema: {
        tags,
        summary: 'Switch one whitelabel or feature flag',
        params: OpsFlagParamsSchema,
        body: OpsFlagBodySchema,
        response: { 200: OpsBrandResponseSchema },
      },
    },
    async (request) => {
      const { db } = app.deps;
      const brand = await operatedBrand(db, request);
      await setBrandFlag(db, brand.id, request.params.code, request.body.enabled);
      request.log.info({ brand: brand.merchant_code, flag: request.params.code, enabled: request.body.enabled }, 'operator: flag changed');
      return ok(await brandView(db, brand.id));
    },
  );

  app.put(
    OPS_PATHS.maintenance,
    {
      schema: {
        tags,
        summary: 'Switch maintenance mode (system status 1 for everyone)',
        body: OpsMaintenanceBodySchema,
        response: { 200: OpsBrandResponseSchema },
      },
    },
    async (request) => {
      const { db } = app.deps;
      const brand = await operatedBrand(db, request);
      await setMaintenance(db, brand.id, request.body.maintenance);
      clearAccessGate(app);
      request.log.info({ brand: brand.merchant_code, maintenance: request.body.maintenance }, 'operator: maintenance changed');
      return ok(await brandView(db, brand.id));
    },
  );

  app.get(
    OPS_PATHS.regionRules,
    { schema: { tags, summary: 'Region rules (restricted networks)', response: { 200: OpsRegionRulesResponseSchema } } },
    async (request) => {
      const { db } = app.deps;
      const brand = await operatedBrand(db, request);
      return ok(await listRegionRules(db, brand.id));
    },
  );

  app.post(
    OPS_PATHS.regionRules,
    {
      schema: {
        tags,
        summary: 'Add a restricted network (system status 2 for callers inside it)',
        body: OpsRegionRuleBodySchema,
        response: { 201: OpsRegionRuleResponseSchema },
      },
    },
    async (request, reply) => {
      const { db } = app.deps;
      const brand = await operatedBrand(db, request);
      try {
        const rule = await addRegionRule(db, brand.id, request.body.cidr, request.body.label);
        clearAccessGate(app);
        request.log.info({ brand: brand.merchant_code, rule }, 'operator: region rule added');
        return reply.status(201).send(ok(rule));
      } catch (err) {
        if (isInvalidInput(err)) throw new AppError('VALIDATION', { fields: { cidr: { key: 'errors.invalidField' } } });
        throw err;
      }
    },
  );

  app.delete(
    OPS_PATHS.regionRule,
    {
      schema: {
        tags,
        summary: 'Remove a region rule',
        params: OpsRegionRuleParamsSchema,
        response: { 200: OpsRegionRuleResponseSchema },
      },
    },
    async (request) => {
      const { db } = app.deps;
      const brand = await operatedBrand(db, request);
      const removed = await deleteRegionRule(db, brand.id, request.params.id);
      if (!removed) throw new AppError('NOT_FOUND');
      clearAccessGate(app);
      request.log.info({ brand: brand.merchant_code, rule: removed }, 'operator: region rule removed');
      return ok(removed);
    },
  );

  app.post(
    OPS_PATHS.initialPassword,
    {
      schema: {
        tags,
        summary: 'Issue a one-time initial password for a member (shown once; one login before it expires, then a new password)',
        params: OpsMemberParamsSchema,
        response: { 200: OpsInitialPasswordResponseSchema },
      },
    },
    async (request, reply) => {
      const { db, config, now } = app.deps;
      const brand = await operatedBrand(db, request);
      const member = await findMemberByUsername(db, brand.id, request.params.username);
      if (!member) throw new AppError('NOT_FOUND');
      const issued = await issueInitialPassword(db, {
        memberId: member.id,
        now: now(),
        validMs: config.accounts.initialPasswordMs,
        argon2Profile: config.accounts.argon2Profile,
      });
      // Every session of the member ends: whoever held the account before must not keep it.
      await endMemberSessions(app, member.id);
      request.log.info({ brand: brand.merchant_code, member: member.id }, 'operator: initial password issued');
      reply.header('cache-control', 'no-store');
      return ok({ username: member.username, password: issued.password, expiresAt: issued.expiresAt.toISOString() });
    },
  );
};

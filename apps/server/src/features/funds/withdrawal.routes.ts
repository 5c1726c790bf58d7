import {
  CreateWithdrawalBodySchema,
  FUNDS_PATHS,
  SetPaymentPasswordBodySchema,
  SetPaymentPasswordResponseSchema,
  WITHDRAWAL_METHODS,
  WithdrawalResponseSchema,
  WithdrawalsQuerySchema,
  WithdrawalsResponseSchema,
  WithdrawInfoResponseSchema,
} from '@playfront/contract/funds';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError } from '../../http/app-error.ts';
import { findAccount } from '../ledger/ledger.service.ts';
import { accountsContext } from '../session/accounts-context.ts';
import { memberOf, requireMember } from '../session/authenticate.ts';
import { hashPassword, verifyPassword } from '../session/password-hashing.ts';
import { openSealedBody } from '../session/sealed-body.ts';
import { requestWithdrawal, toWithdrawal } from './withdrawal.service.ts';
import { loadConfirmations } from './withdrawal-confirmation.service.ts';

const ok = <T>(value: T) => ({ success: true as const, message: 'ok', value });

/** The member's side of withdrawals: payment password, limits, requests and their history. */
export const withdrawalRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['funds'];

  app.get(
    FUNDS_PATHS.withdrawInfo,
    {
      preParsing: requireMember(),
      schema: { tags, summary: 'Payment password set?, limits, methods, available amount', response: { 200: WithdrawInfoResponseSchema } },
    },
    async (request, reply) => {
      const { db, config } = app.deps;
      const me = memberOf(request);
      const member = await db.selectFrom('member').select('payment_password_hash').where('id', '=', me.memberId).executeTakeFirstOrThrow();
      const brand = await db.selectFrom('brand').select('currency').where('id', '=', me.brandId).executeTakeFirstOrThrow();
      const wallet = await findAccount(db, { kind: 'MEMBER_WALLET', memberId: me.memberId, currency: brand.currency });
      reply.header('cache-control', 'no-store');
      return ok({
        hasPaymentPassword: member.payment_password_hash !== null,
        currency: brand.currency,
        min: String(config.funds.withdrawMin),
        max: String(config.funds.withdrawMax),
        available: String(wallet?.balance ?? 0n),
        methods: [...WITHDRAWAL_METHODS],
      });
    },
  );

  app.post(
    FUNDS_PATHS.paymentPassword,
    {
      preParsing: requireMember(),
      preValidation: openSealedBody,
      schema: {
        tags,
        summary: 'Set or change the payment password (E-sealed)',
        body: SetPaymentPasswordBodySchema,
        response: { 200: SetPaymentPasswordResponseSchema },
      },
    },
    async (request) => {
      const { db, config } = app.deps;
      const me = memberOf(request);
      const body = request.body;
      const member = await db
        .selectFrom('member')
        .select(['password_hash', 'payment_password_hash'])
        .where('id', '=', me.memberId)
        .executeTakeFirstOrThrow();
      const current = member.payment_password_hash;
      // First time: prove it is the member with the login password; afterwards with the old payment password.
      const proof =
        current === null ? { hash: member.password_hash, given: body.password } : { hash: current, given: body.oldPaymentPassword };
      if (!proof.hash || proof.given === undefined || !(await verifyPassword(proof.hash, proof.given))) {
        // 400, not 401: a wrong password here must not read as an expired session.
        throw new AppError(current === null ? 'OLD_PASSWORD_INCORRECT' : 'PAYMENT_PASSWORD_INVALID');
      }
      const hash = await hashPassword(body.newPaymentPassword, config.accounts.argon2Profile);
      // Conditional on the hash we checked: two racing changes cannot both pass on the same proof.
      const result = await db
        .updateTable('member')
        .set({ payment_password_hash: hash })
        .where('id', '=', me.memberId)
        .where((eb) => (current === null ? eb('payment_password_hash', 'is', null) : eb('payment_password_hash', '=', current)))
        .executeTakeFirst();
      if (result.numUpdatedRows === 0n) throw new AppError('PAYMENT_PASSWORD_INVALID');
      return ok({ hasPaymentPassword: true as const });
    },
  );

  app.post(
    FUNDS_PATHS.withdrawals,
    {
      preParsing: requireMember(),
      preValidation: openSealedBody,
      schema: {
        tags,
        summary: 'Request a withdrawal (E-sealed); the amount is held at once',
        body: CreateWithdrawalBodySchema,
        response: { 200: WithdrawalResponseSchema },
      },
    },
    async (request) => {
      const { db, config, now } = app.deps;
      const me = memberOf(request);
      const { order } = await requestWithdrawal(db, {
        brandId: me.brandId,
        memberId: me.memberId,
        body: request.body,
        limits: { min: config.funds.withdrawMin, max: config.funds.withdrawMax },
        now: now(),
        paymentPasswordFailures: accountsContext(app).limits.paymentPasswordFail,
      });
      return ok(toWithdrawal(order));
    },
  );

  app.get(
    FUNDS_PATHS.withdrawals,
    {
      preParsing: requireMember(),
      schema: {
        tags,
        summary: "The member's withdrawals, newest first",
        querystring: WithdrawalsQuerySchema,
        response: { 200: WithdrawalsResponseSchema },
      },
    },
    async (request, reply) => {
      const { db } = app.deps;
      const me = memberOf(request);
      const { pageNo, pageSize } = request.query;
      const rows = await db
        .selectFrom('withdrawal_order')
        .selectAll()
        .where('member_id', '=', me.memberId)
        .orderBy('id', 'desc')
        .limit(pageSize)
        .offset((pageNo - 1) * pageSize)
        .execute();
      const { n } = await db
        .selectFrom('withdrawal_order')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('member_id', '=', me.memberId)
        .executeTakeFirstOrThrow();
      reply.header('cache-control', 'no-store');
      const confirmations = await loadConfirmations(
        db,
        rows.map((r) => r.id),
      );
      return ok({ list: rows.map((r) => toWithdrawal(r, confirmations.get(r.id) ?? null)), total: Number(n) });
    },
  );
};

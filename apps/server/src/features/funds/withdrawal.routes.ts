import {
  CreateWithdrawalBodySchema,
  FUNDS_PATHS,
  PaymentPasswordCodeResponseSchema,
  SetPaymentPasswordBodySchema,
  SetPaymentPasswordResponseSchema,
  WITHDRAWAL_METHODS,
  WithdrawalResponseSchema,
  WithdrawalsQuerySchema,
  WithdrawalsResponseSchema,
  WithdrawInfoResponseSchema,
} from '@playfront/contract/funds';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { findAccount } from '../ledger/ledger.service.ts';
import { maskMobile } from '../member/member.service.ts';
import { accountsContext } from '../session/accounts-context.ts';
import { memberOf, requireMember } from '../session/authenticate.ts';
import { loginFailureKeys, sendCode } from '../session/login.service.ts';
import { openSealedBody } from '../session/sealed-body.ts';
import { memberMobile, setPaymentPassword } from './payment-password.ts';
import { dailyWithdrawalRoom, requestWithdrawal, toWithdrawal } from './withdrawal.service.ts';
import { loadConfirmations } from './withdrawal-confirmation.service.ts';

const ok = <T>(value: T) => ({ success: true as const, message: 'ok', value });

/** The member's side of withdrawals: payment password, limits, requests and their history. */
export const withdrawalRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['funds'];

  app.get(
    FUNDS_PATHS.withdrawInfo,
    {
      preParsing: requireMember({ allowWithdrawOnly: true }),
      schema: { tags, summary: 'Payment password set?, limits, methods, available amount', response: { 200: WithdrawInfoResponseSchema } },
    },
    async (request, reply) => {
      const { db, config } = app.deps;
      const me = memberOf(request);
      const member = await db.selectFrom('member').select('payment_password_hash').where('id', '=', me.memberId).executeTakeFirstOrThrow();
      const brand = await db.selectFrom('brand').select('currency').where('id', '=', me.brandId).executeTakeFirstOrThrow();
      const wallet = await findAccount(db, { kind: 'MEMBER_WALLET', memberId: me.memberId, currency: brand.currency });
      const room = await dailyWithdrawalRoom(db, me.memberId, app.deps.now());
      reply.header('cache-control', 'no-store');
      return ok({
        ...(room ? { dailyLimit: String(room.limit), dailyLeft: String(room.left) } : {}),
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
      preParsing: requireMember({ allowWithdrawOnly: true }),
      preValidation: openSealedBody,
      schema: {
        tags,
        summary: 'Set or change the payment password (E-sealed)',
        body: SetPaymentPasswordBodySchema,
        response: { 200: SetPaymentPasswordResponseSchema },
      },
    },
    async (request) => {
      const { db, config, now } = app.deps;
      const me = memberOf(request);
      const body = request.body;
      await setPaymentPassword(db, {
        brandId: me.brandId,
        memberId: me.memberId,
        password: body.password,
        oldPaymentPassword: body.oldPaymentPassword,
        smsCode: body.smsCode,
        newPaymentPassword: body.newPaymentPassword,
        argon2Profile: config.accounts.argon2Profile,
        now: now(),
        limits: accountsContext(app).limits,
        loginKeys: loginFailureKeys(me.brandId, me.username, request.ip),
      });
      return ok({ hasPaymentPassword: true as const });
    },
  );

  app.post(
    FUNDS_PATHS.paymentPasswordCode,
    {
      preParsing: requireMember({ allowWithdrawOnly: true }),
      schema: {
        tags,
        summary: "Send an SMS code to the member's mobile, needed to change the payment password",
        response: { 200: PaymentPasswordCodeResponseSchema },
      },
    },
    async (request) => {
      const me = memberOf(request);
      const member = await app.deps.db
        .selectFrom('member')
        .select(['country_dialing_code', 'mobile'])
        .where('id', '=', me.memberId)
        .executeTakeFirstOrThrow();
      const { dialingCode, mobile } = memberMobile(member);
      const expiredMinutes = await sendCode(request, accountsContext(app), {
        brandId: me.brandId,
        purpose: 'paymentPassword',
        e164: `${dialingCode}${mobile}`,
      });
      return ok({ maskedMobile: maskMobile(dialingCode, mobile), expiredMinutes });
    },
  );

  app.post(
    FUNDS_PATHS.withdrawals,
    {
      preParsing: requireMember({ allowWithdrawOnly: true }),
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
      preParsing: requireMember({ allowWithdrawOnly: true }),
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

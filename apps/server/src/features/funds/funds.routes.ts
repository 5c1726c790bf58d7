import {
  ConsolidatedFundsResponseSchema,
  CreateDepositBodySchema,
  CreateDepositResponseSchema,
  DepositChannelsResponseSchema,
  DepositOrderParamsSchema,
  DepositOrderResponseSchema,
  FUNDS_PATHS,
  MerchantWalletResponseSchema,
} from '@playfront/contract/funds';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError } from '../../http/app-error.ts';
import { langOf } from '../../http/request-language.ts';
import { depositPromotionId } from '../promotions/promotions.service.ts';
import { memberOf, requireMember } from '../session/authenticate.ts';
import { createDepositOrder, expireDepositOrders, toDepositOrder } from './deposit.service.ts';
import { transferWalletVendors } from './merchant-wallet.ts';
import type { PaymentGateway } from './payment-gateway.ts';

const ok = <T>(value: T) => ({ success: true as const, message: 'ok', value });

export type FundsRoutesOptions = { gateways: ReadonlyMap<string, PaymentGateway> };

/** Member funds calls: consolidated funds, merchant wallet mode, deposit channels and orders. */
export const fundsRoutes: FastifyPluginAsyncZod<FundsRoutesOptions> = async (app, { gateways }) => {
  const tags = ['funds'];

  app.get(
    FUNDS_PATHS.consolidated,
    {
      preParsing: requireMember({ allowTrial: true }),
      schema: {
        tags,
        summary: 'Main wallet, vendor wallets and money held for withdrawals',
        response: { 200: ConsolidatedFundsResponseSchema },
      },
    },
    async (request, reply) => {
      const { db } = app.deps;
      const me = memberOf(request);
      const brand = await db
        .selectFrom('brand')
        .select(['currency', 'currency_symbol'])
        .where('id', '=', me.brandId)
        .executeTakeFirstOrThrow();
      // Reads only: no account is created for a member who never had one.
      const accounts = await db
        .selectFrom('ledger_account')
        .select(['kind', 'vendor_code', 'balance'])
        .where('member_id', '=', me.memberId)
        .where('currency', '=', brand.currency)
        .orderBy('vendor_code')
        .execute();
      let main = 0n;
      let held = 0n;
      const vendors: { vendorCode: string; balance: string }[] = [];
      let total = 0n;
      for (const a of accounts) {
        total += a.balance;
        if (a.kind === 'MEMBER_WALLET') main = a.balance;
        else if (a.kind === 'WITHDRAWAL_HOLD') held = a.balance;
        else if (a.kind === 'VENDOR_WALLET' && a.vendor_code) vendors.push({ vendorCode: a.vendor_code, balance: String(a.balance) });
      }
      reply.header('cache-control', 'no-store');
      return ok({
        currency: brand.currency,
        currencySymbol: brand.currency_symbol,
        main: String(main),
        vendors,
        pendingWithdrawals: String(held),
        total: String(total),
      });
    },
  );

  app.get(
    FUNDS_PATHS.merchantWallet,
    { schema: { tags, summary: 'Single (seamless) wallet or transfer wallets', response: { 200: MerchantWalletResponseSchema } } },
    async () => {
      const transferVendors = await transferWalletVendors(app.deps.db);
      return ok({ isSingle: transferVendors.length === 0, transferVendors });
    },
  );

  app.get(
    FUNDS_PATHS.depositChannels,
    {
      preParsing: requireMember(),
      schema: { tags, summary: 'Active deposit channels and their limits', response: { 200: DepositChannelsResponseSchema } },
    },
    async (request) => {
      const { db } = app.deps;
      const me = memberOf(request);
      const bn = langOf(request) === 'bn';
      const brand = await db.selectFrom('brand').select('currency').where('id', '=', me.brandId).executeTakeFirstOrThrow();
      const rows = await db
        .selectFrom('deposit_channel')
        .selectAll()
        .where('brand_id', '=', me.brandId)
        .where('active', '=', true)
        .orderBy('sort')
        .orderBy('code')
        .execute();
      return ok({
        currency: brand.currency,
        list: rows
          .filter((r) => gateways.has(r.gateway))
          .map((r) => ({ code: r.code, name: (bn && r.name_bn) || r.name, min: String(r.min_amount), max: String(r.max_amount) })),
      });
    },
  );

  app.post(
    FUNDS_PATHS.depositOrders,
    {
      preParsing: requireMember(),
      schema: {
        tags,
        summary: 'Create a deposit order; pay on the returned gateway page',
        body: CreateDepositBodySchema,
        response: { 200: CreateDepositResponseSchema },
      },
    },
    async (request) => {
      const { db, now, config } = app.deps;
      const me = memberOf(request);
      const promotionId = request.body.promotionCode
        ? await depositPromotionId(
            db,
            { memberId: me.memberId, brandId: me.brandId, isTrial: me.isTrial },
            request.body.promotionCode,
            now(),
          )
        : null;
      const { order, payUrl } = await createDepositOrder(db, gateways, {
        promotionId,
        brandId: me.brandId,
        memberId: me.memberId,
        channelCode: request.body.channelCode,
        amount: BigInt(request.body.amount),
        lang: langOf(request),
        now: now(),
        orderMs: config.funds.depositOrderMs,
      });
      return ok({ ...toDepositOrder(order), payUrl });
    },
  );

  app.get(
    FUNDS_PATHS.depositOrder,
    {
      preParsing: requireMember(),
      schema: {
        tags,
        summary: "One of the member's deposit orders",
        params: DepositOrderParamsSchema,
        response: { 200: DepositOrderResponseSchema },
      },
    },
    async (request, reply) => {
      const { db, now } = app.deps;
      const me = memberOf(request);
      await expireDepositOrders(db, now(), me.memberId);
      const row = await db
        .selectFrom('deposit_order')
        .selectAll()
        .where('order_no', '=', request.params.orderNo)
        .where('member_id', '=', me.memberId)
        .executeTakeFirst();
      // Another member's order is "not found", not "forbidden": order numbers reveal nothing.
      if (!row) throw new AppError('NOT_FOUND');
      reply.header('cache-control', 'no-store');
      return ok(toDepositOrder(row));
    },
  );
};

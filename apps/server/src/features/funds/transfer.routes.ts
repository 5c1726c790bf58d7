import {
  FUNDS_PATHS,
  MemberTransferResponseSchema,
  TransferDownlineBodySchema,
  TransferUplineBodySchema,
  WalletTransferBodySchema,
  WalletTransferResponseSchema,
} from '@playfront/contract/funds';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError } from '../../http/app-error.ts';
import { accountsContext } from '../session/accounts-context.ts';
import { memberOf, requireMember } from '../session/authenticate.ts';
import { openSealedBody } from '../session/sealed-body.ts';
import { isInDownline, transferToMember, transferWithVendor } from './transfer.service.ts';

const ok = <T>(value: T) => ({ success: true as const, message: 'ok', value });

/** transferFund (vendor wallets), transferUpline and the agent's transfer to a downline. */
export const transferRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['funds'];

  app.post(
    FUNDS_PATHS.walletTransfer,
    {
      // The hot money call: a session checked moments ago is not read again (decision 066).
      preParsing: requireMember({ cached: true }),
      schema: {
        tags,
        summary: 'Main wallet ↔ vendor wallet',
        body: WalletTransferBodySchema,
        response: { 200: WalletTransferResponseSchema },
      },
    },
    async (request) => {
      const me = memberOf(request);
      const b = request.body;
      const r = await transferWithVendor(app.deps.db, {
        brandId: me.brandId,
        memberId: me.memberId,
        requestId: b.requestId,
        vendorCode: b.vendorCode,
        direction: b.direction,
        amount: BigInt(b.amount),
      });
      return ok({ vendorCode: r.vendorCode, main: String(r.main), vendor: String(r.vendor), replayed: r.replayed });
    },
  );

  app.post(
    FUNDS_PATHS.transferUpline,
    {
      preParsing: requireMember(),
      preValidation: openSealedBody,
      schema: {
        tags,
        summary: 'Send money to the direct upline (E-sealed)',
        body: TransferUplineBodySchema,
        response: { 200: MemberTransferResponseSchema },
      },
    },
    async (request) => {
      const { db } = app.deps;
      const me = memberOf(request);
      const row = await db
        .selectFrom('member as m')
        .innerJoin('member as u', 'u.id', 'm.upline_id')
        .select(['u.id', 'u.username', 'u.brand_id'])
        .where('m.id', '=', me.memberId)
        .executeTakeFirst();
      if (!row || row.brand_id !== me.brandId) throw new AppError('NO_UPLINE');
      const r = await transferToMember(db, {
        brandId: me.brandId,
        fromMemberId: me.memberId,
        toMemberId: row.id,
        requestId: request.body.requestId,
        amount: BigInt(request.body.amount),
        paymentPassword: request.body.paymentPassword,
        paymentPasswordFailures: accountsContext(app).limits.paymentPasswordFail,
        kind: 'UPLINE_TRANSFER',
      });
      return ok({ to: row.username, amount: request.body.amount, balance: String(r.balance), replayed: r.replayed });
    },
  );

  app.post(
    FUNDS_PATHS.transferDownline,
    {
      preParsing: requireMember({ agentOnly: true }),
      preValidation: openSealedBody,
      schema: {
        tags,
        summary: "Agent: send money to a member of one's downline tree (E-sealed)",
        body: TransferDownlineBodySchema,
        response: { 200: MemberTransferResponseSchema },
      },
    },
    async (request) => {
      const { db } = app.deps;
      const me = memberOf(request);
      const target = await db
        .selectFrom('member')
        .select(['id', 'username'])
        .where('brand_id', '=', me.brandId)
        .where('username', '=', request.body.downline)
        .executeTakeFirst();
      // Someone outside the tree is "not found": an agent learns nothing about other agents' members.
      if (!target || !(await isInDownline(db, me.memberId, target.id))) throw new AppError('NOT_FOUND');
      const r = await transferToMember(db, {
        brandId: me.brandId,
        fromMemberId: me.memberId,
        toMemberId: target.id,
        requestId: request.body.requestId,
        amount: BigInt(request.body.amount),
        paymentPassword: request.body.paymentPassword,
        paymentPasswordFailures: accountsContext(app).limits.paymentPasswordFail,
        kind: 'DOWNLINE_TRANSFER',
      });
      return ok({ to: target.username, amount: request.body.amount, balance: String(r.balance), replayed: r.replayed });
    },
  );
};

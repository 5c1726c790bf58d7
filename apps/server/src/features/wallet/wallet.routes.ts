import { WALLET_PATHS, WalletBalanceResponseSchema } from '@playfront/contract/wallet';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { findAccount } from '../ledger/ledger.service.ts';
import { memberOf, requireMember } from '../session/authenticate.ts';

/** Wallet calls of spec section 7. Deposits, withdrawals and transfers come with the rest of the wallet work. */
export const walletRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['wallet'];

  app.get(
    WALLET_PATHS.balance,
    {
      // Trial accounts see their (play-money) balance in the header too.
      // Asked by the header of every page: a session checked moments ago is not read again (decision 066).
      preParsing: requireMember({ allowTrial: true, allowWithdrawOnly: true, cached: true }),
      schema: {
        tags,
        summary: "The member's main wallet balance, in minor units of the brand currency",
        response: { 200: WalletBalanceResponseSchema },
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
      // Reading never creates the wallet: a member who never had money simply has 0.
      const wallet = await findAccount(db, { kind: 'MEMBER_WALLET', memberId: me.memberId, currency: brand.currency });
      reply.header('cache-control', 'no-store');
      return {
        success: true as const,
        message: 'ok',
        value: { balance: String(wallet?.balance ?? 0n), currency: brand.currency, currencySymbol: brand.currency_symbol },
      };
    },
  );
};

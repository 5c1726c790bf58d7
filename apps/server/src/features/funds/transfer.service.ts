import { sql } from 'kysely';
import type { Db } from '../../db/database.ts';
import { AppError } from '../../http/app-error.ts';
import { perDatabase, TtlCache } from '../../infra/ttl-cache.ts';
import { accountOf } from '../ledger/account-ids.ts';
import { postTransfers } from '../ledger/ledger.service.ts';
import type { Limit } from '../session/abuse-limits.ts';
import { forMember } from './member-facing-error.ts';
import { checkPaymentPassword } from './payment-password.ts';

/**
 * The brand's currency and a vendor's wallet mode, kept in process for a few seconds (issue 20 item 4): read on
 * every transfer, changed almost never. An operator's change reaches every instance within the TTL.
 */
const currencies = perDatabase(() => new TtlCache<string>(60_000, 1_000));
const vendors = perDatabase(() => new TtlCache<{ code: string; wallet_mode: string; active: boolean } | undefined>(5_000, 1_000));

const brandCurrency = (db: Db, brandId: number) =>
  currencies(db).get(
    String(brandId),
    async () => (await db.selectFrom('brand').select('currency').where('id', '=', brandId).executeTakeFirstOrThrow()).currency,
  );

const transferVendor = (db: Db, code: string) =>
  vendors(db).get(code, () =>
    db.selectFrom('game_vendor').select(['code', 'wallet_mode', 'active']).where('code', '=', code).executeTakeFirst(),
  );

/**
 * Main wallet ↔ a transfer-mode vendor's wallet. The client's requestId is the
 * ledger key (scoped per member), so a resend returns the first answer and a
 * resend with other content is refused.
 */
export async function transferWithVendor(
  db: Db,
  input: { brandId: number; memberId: number; requestId: string; vendorCode: string; direction: 'IN' | 'OUT'; amount: bigint },
) {
  const vendor = await transferVendor(db, input.vendorCode);
  if (!vendor?.active || vendor.wallet_mode !== 'transfer') throw new AppError('VENDOR_NOT_TRANSFER_MODE');
  const currency = await brandCurrency(db, input.brandId);
  const main = await accountOf(db, { kind: 'MEMBER_WALLET', memberId: input.memberId, currency });
  const wallet = await accountOf(db, { kind: 'VENDOR_WALLET', memberId: input.memberId, currency, vendorCode: vendor.code });
  const [from, to] = input.direction === 'IN' ? [main, wallet] : [wallet, main];
  const posting = await postTransfers(db, {
    scope: `wallet-transfer:${input.memberId}`,
    idempotencyKey: input.requestId,
    legs: [
      {
        from: from.id,
        to: to.id,
        amount: input.amount,
        kind: input.direction === 'IN' ? 'VENDOR_TRANSFER_IN' : 'VENDOR_TRANSFER_OUT',
        reference: { vendorCode: vendor.code },
      },
    ],
  }).catch(forMember);
  const leg = posting.transfers[0];
  if (!leg) throw new Error('a one-leg posting answered without its leg');
  const [mainAfter, vendorAfter] =
    input.direction === 'IN' ? [leg.fromBalanceAfter, leg.toBalanceAfter] : [leg.toBalanceAfter, leg.fromBalanceAfter];
  return { vendorCode: vendor.code, main: mainAfter, vendor: vendorAfter, currency, replayed: posting.replayed };
}

/** Whether `memberId` sits anywhere below `agentId` in the upline tree (same brand). */
export async function isInDownline(db: Db, agentId: number, memberId: number): Promise<boolean> {
  const { rows } = await sql<{ found: boolean }>`
    with recursive tree(id, depth) as (
      select id, 1 from member where upline_id = ${agentId}
      union all
      select m.id, t.depth + 1 from member m join tree t on m.upline_id = t.id where t.depth < 64
    )
    select exists (select 1 from tree where id = ${memberId}) as found`.execute(db);
  return rows[0]?.found === true;
}

/**
 * Member → member (upline or downline). Payment password first; the recipient
 * rule is checked by the caller's route. Scoped per sender, keyed by requestId.
 */
export async function transferToMember(
  db: Db,
  input: {
    brandId: number;
    fromMemberId: number;
    toMemberId: number;
    requestId: string;
    amount: bigint;
    paymentPassword: string;
    /** Counts wrong payment passwords: the same lock as every other PIN check. */
    paymentPasswordFailures: Limit;
    kind: 'UPLINE_TRANSFER' | 'DOWNLINE_TRANSFER';
  },
) {
  await checkPaymentPassword(db, input.paymentPasswordFailures, input.fromMemberId, input.paymentPassword);
  const currency = await brandCurrency(db, input.brandId);
  const from = await accountOf(db, { kind: 'MEMBER_WALLET', memberId: input.fromMemberId, currency });
  const to = await accountOf(db, { kind: 'MEMBER_WALLET', memberId: input.toMemberId, currency });
  const posting = await postTransfers(db, {
    scope: `member-transfer:${input.fromMemberId}`,
    idempotencyKey: input.requestId,
    legs: [
      {
        from: from.id,
        to: to.id,
        amount: input.amount,
        kind: input.kind,
        reference: { fromMemberId: input.fromMemberId, toMemberId: input.toMemberId },
      },
    ],
  }).catch(forMember);
  const leg = posting.transfers[0];
  if (!leg) throw new Error('a one-leg posting answered without its leg');
  return { balance: leg.fromBalanceAfter, recipientBalance: leg.toBalanceAfter, currency, replayed: posting.replayed };
}

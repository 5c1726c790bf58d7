import { createHash, randomBytes } from 'node:crypto';
import type { ConvertBody, PointsConfig, RedeemBody, Redemption, Reward } from '@playfront/contract/points';
import {
  POINTS_RATE_BASE_MINOR,
  type RedeemBlock,
  type RedeemStatus,
  type RewardKind,
  type RewardSort,
} from '@playfront/contract/points-paths';
import { sql } from 'kysely';
import type { Db } from '../../db/database.ts';
import { AppError } from '../../http/app-error.ts';
import { checkPaymentPassword } from '../funds/payment-password.ts';
import { ensureAccount, postTransfers, withTransactionRetry } from '../ledger/ledger.service.ts';
import { insertMessage } from '../messages/messages.repository.ts';
import type { Limit } from '../session/abuse-limits.ts';
import { findConfig, findReward, pointsBalance, postPoints, redeemedCounts } from './points.repository.ts';
import type { PointsConfigRow, PointsRedemptionRow, PointsRewardRow } from './points.table.ts';

/**
 * The points mall (issue 13, decision 027): configuration, the reward list with each member's conditions, redeem
 * (points and stock reserved in one transaction), the operator's decision (cash through one ledger transfer from the
 * marketing budget, goods with a transaction reference, vouchers issued; a rejection returns points and stock
 * exactly), and the convert of points to cash (one movement on both ledgers, in one transaction).
 */

export type Lang = 'en' | 'bn';

/** A brand without a configuration earns nothing and cannot convert. */
const EMPTY_CONFIG = (brandId: number): PointsConfigRow => ({
  brand_id: brandId,
  rate_live: 0,
  rate_lottery: 0,
  rate_pvp: 0,
  rate_slots: 0,
  rate_sports: 0,
  rate_deposit: 0,
  convert_points: 100,
  convert_amount: 100n,
  min_convert_points: 100,
  convert_enabled: false,
  updated_at: new Date(0),
});

export async function configOf(db: Db, brandId: number): Promise<PointsConfigRow> {
  return (await findConfig(db, brandId)) ?? EMPTY_CONFIG(brandId);
}

type BrandMoney = { currency: string; currency_symbol: string };
async function brandMoney(db: Db, brandId: number): Promise<BrandMoney> {
  return db.selectFrom('brand').select(['currency', 'currency_symbol']).where('id', '=', brandId).executeTakeFirstOrThrow();
}

export function toConfig(row: PointsConfigRow, brand: BrandMoney): PointsConfig {
  return {
    currency: brand.currency,
    currencySymbol: brand.currency_symbol,
    rates: {
      live: row.rate_live,
      lottery: row.rate_lottery,
      pvp: row.rate_pvp,
      slots: row.rate_slots,
      sports: row.rate_sports,
      deposit: row.rate_deposit,
    },
    rateBase: String(POINTS_RATE_BASE_MINOR),
    convertPoints: row.convert_points,
    convertAmount: String(row.convert_amount),
    minConvertPoints: row.min_convert_points,
    convertEnabled: row.convert_enabled,
  };
}

export async function pointsConfigView(db: Db, brandId: number): Promise<PointsConfig> {
  return toConfig(await configOf(db, brandId), await brandMoney(db, brandId));
}

export type ConfigInput = {
  rates: PointsConfig['rates'];
  convertPoints: number;
  convertAmount: string;
  minConvertPoints: number;
  convertEnabled: boolean;
};

/** An operator's new configuration for the brand (inserted the first time). */
export async function saveConfig(db: Db, brandId: number, input: ConfigInput, now: Date): Promise<void> {
  const values = {
    rate_live: input.rates.live,
    rate_lottery: input.rates.lottery,
    rate_pvp: input.rates.pvp,
    rate_slots: input.rates.slots,
    rate_sports: input.rates.sports,
    rate_deposit: input.rates.deposit,
    convert_points: input.convertPoints,
    convert_amount: BigInt(input.convertAmount),
    min_convert_points: input.minConvertPoints,
    convert_enabled: input.convertEnabled,
    updated_at: now,
  };
  await db
    .insertInto('points_config')
    .values({ brand_id: brandId, ...values })
    .onConflict((oc) => oc.column('brand_id').doUpdateSet(values))
    .execute();
}

/** Points for `base` minor units at `rate` points per POINTS_RATE_BASE_MINOR; fractions of a point are not kept. */
export const earnedPoints = (base: bigint, rate: number): bigint =>
  base > 0n && rate > 0 ? (base * BigInt(rate)) / POINTS_RATE_BASE_MINOR : 0n;

/** What converting `points` pays: whole steps of the ratio, nothing below the minimum. */
export function convertValue(points: bigint, config: PointsConfigRow): bigint {
  if (!config.convert_enabled || points < BigInt(config.min_convert_points)) return 0n;
  return (points / BigInt(config.convert_points)) * config.convert_amount;
}

export async function balanceView(db: Db, brandId: number, memberId: number) {
  const [points, config, brand, member] = [
    await pointsBalance(db, memberId),
    await configOf(db, brandId),
    await brandMoney(db, brandId),
    await db.selectFrom('member').select('payment_password_hash').where('id', '=', memberId).executeTakeFirstOrThrow(),
  ];
  return {
    points: String(points),
    currency: brand.currency,
    currencySymbol: brand.currency_symbol,
    convertibleAmount: String(convertValue(points, config)),
    hasPaymentPassword: member.payment_password_hash !== null,
  };
}

// ---------------------------------------------------------------- rewards and conditions

type MemberFacts = {
  /** The member's VIP level (member.vip_level; the VIP programme that moves it is issue 12). */
  vipLevel: number;
  /** A mobile number on the account (numbers are bound through an SMS code). */
  mobileVerified: boolean;
};

async function memberFacts(db: Db, memberId: number): Promise<MemberFacts> {
  const row = await db
    .selectFrom('member')
    .select(['mobile', 'country_dialing_code', 'vip_level'])
    .where('id', '=', memberId)
    .executeTakeFirstOrThrow();
  return { vipLevel: row.vip_level, mobileVerified: Boolean(row.mobile && row.country_dialing_code) };
}

/** Spec section 6, "points are redeemable only when conditions are met": the ones this member misses for one unit. */
export function blocksFor(reward: PointsRewardRow, facts: MemberFacts, redeemed: number, balance: bigint): RedeemBlock[] {
  const blocked: RedeemBlock[] = [];
  if (reward.stock !== null && reward.stock <= 0) blocked.push('outOfStock');
  if (facts.vipLevel < reward.min_vip_level) blocked.push('vipLevel');
  if (reward.needs_verified_mobile && !facts.mobileVerified) blocked.push('mobileNotVerified');
  if (reward.per_member_limit !== null && redeemed >= reward.per_member_limit) blocked.push('limitReached');
  if (balance < reward.price) blocked.push('notEnoughPoints');
  return blocked;
}

function toReward(row: PointsRewardRow, lang: Lang, redeemed: number, blocked: RedeemBlock[]): Reward {
  return {
    id: String(row.id),
    code: row.code,
    kind: row.kind,
    name: lang === 'bn' ? row.name_bn : row.name_en,
    description: lang === 'bn' ? row.description_bn : row.description_en,
    picture: row.picture,
    price: String(row.price),
    stock: row.stock,
    perMemberLimit: row.per_member_limit,
    redeemedByMe: redeemed,
    cashAmount: row.cash_amount === null ? null : String(row.cash_amount),
    voucherSpins: row.voucher_spins,
    voucherGame: row.voucher_game,
    minVipLevel: row.min_vip_level,
    needsVerifiedMobile: row.needs_verified_mobile,
    blocked,
  };
}

export async function listRewards(
  db: Db,
  input: { brandId: number; memberId: number; kind?: RewardKind | undefined; sort: RewardSort; lang: Lang },
): Promise<Reward[]> {
  let q = db.selectFrom('points_reward').selectAll().where('brand_id', '=', input.brandId).where('active', '=', true);
  if (input.kind) q = q.where('kind', '=', input.kind);
  q =
    input.sort === 'priceAsc'
      ? q.orderBy('price', 'asc').orderBy('id')
      : input.sort === 'priceDesc'
        ? q.orderBy('price', 'desc').orderBy('id')
        : q.orderBy('sort').orderBy('id');
  const rows = await q.execute();
  const counts = await redeemedCounts(
    db,
    input.memberId,
    rows.map((r) => r.id),
  );
  const facts = await memberFacts(db, input.memberId);
  const balance = await pointsBalance(db, input.memberId);
  return rows.map((r) => {
    const redeemed = counts.get(r.id) ?? 0;
    return toReward(r, input.lang, redeemed, blocksFor(r, facts, redeemed, balance));
  });
}

// ---------------------------------------------------------------- redemptions

const ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
function newCode(prefix: string, length: number): string {
  let out = prefix;
  for (const b of randomBytes(length)) out += ALPHABET[b & 31];
  return out;
}

export function toRedemption(row: PointsRedemptionRow, reward: PointsRewardRow, lang: Lang, voucherCode: string | null): Redemption {
  return {
    orderNo: row.order_no,
    rewardId: String(row.reward_id),
    rewardName: lang === 'bn' ? reward.name_bn : reward.name_en,
    kind: reward.kind,
    picture: reward.picture,
    quantity: row.quantity,
    points: String(row.points),
    amount: row.cash_amount === null ? null : String(row.cash_amount),
    status: row.status,
    address: row.address,
    referenceNo: row.reference_no,
    remark: row.remark,
    voucherCode,
    applyTime: row.created_at.toISOString(),
    decidedAt: row.decided_at ? row.decided_at.toISOString() : null,
  };
}

/** Redemptions with their rewards and vouchers, for a list. */
export async function redemptionViews(db: Db, rows: PointsRedemptionRow[], lang: Lang): Promise<Redemption[]> {
  if (rows.length === 0) return [];
  const rewards = new Map(
    (
      await db
        .selectFrom('points_reward')
        .selectAll()
        .where(
          'id',
          'in',
          rows.map((r) => r.reward_id),
        )
        .execute()
    ).map((r) => [r.id, r]),
  );
  const vouchers = new Map(
    (
      await db
        .selectFrom('points_voucher')
        .select(['redemption_id', 'code'])
        .where(
          'redemption_id',
          'in',
          rows.map((r) => r.id),
        )
        .execute()
    ).map((v) => [v.redemption_id, v.code]),
  );
  return rows.map((r) => toRedemption(r, rewards.get(r.reward_id)!, lang, vouchers.get(r.id) ?? null));
}

/** Redemptions newest first (a member's own), or for the operator: all, oldest first while filtered to in process. */
export async function listRedemptions(
  db: Db,
  options: { memberId?: number; status?: RedeemStatus | undefined; limit: number; offset: number },
): Promise<{ rows: PointsRedemptionRow[]; total: number }> {
  let q = db.selectFrom('points_redemption');
  if (options.memberId !== undefined) q = q.where('member_id', '=', options.memberId);
  if (options.status) q = q.where('status', '=', options.status);
  const oldestFirst = options.memberId === undefined && options.status === 'in_process';
  const rows = await q
    .selectAll()
    .orderBy('id', oldestFirst ? 'asc' : 'desc')
    .limit(options.limit)
    .offset(options.offset)
    .execute();
  const { n } = await q.select(sql<string>`count(*)::text`.as('n')).executeTakeFirstOrThrow();
  return { rows, total: Number(n) };
}

export type RedeemInput = {
  brandId: number;
  memberId: number;
  body: RedeemBody;
  now: Date;
  /** Counts wrong payment passwords (the one PIN limit every caller shares, decision 016). */
  paymentPasswordFailures: Limit;
};

export type RedeemResult = { redemption: PointsRedemptionRow; reward: PointsRewardRow; balance: bigint; replayed: boolean };

/**
 * Redeems a reward: the payment password checked (counted), the conditions checked, then in one transaction the
 * redemption row, the points debit (the member's points row locked: one member's redeems run one at a time, so the
 * per-member limit holds) and the stock taken by a conditional update (two members racing for the last unit: one
 * gets it, the other REWARD_OUT_OF_STOCK with nothing spent). `requestId` makes a resend return the first answer.
 */
export async function redeem(db: Db, input: RedeemInput): Promise<RedeemResult> {
  const { body, memberId } = input;
  const address = body.address?.trim() || null;
  // The password is not part of the fingerprint: it is checked, never stored.
  const requestHash = createHash('sha256')
    .update(JSON.stringify([body.rewardId, body.quantity, address]))
    .digest('hex');
  const replay = async (row: PointsRedemptionRow): Promise<RedeemResult> => {
    if (row.request_hash !== requestHash) throw new AppError('IDEMPOTENCY_CONFLICT');
    const reward = await db.selectFrom('points_reward').selectAll().where('id', '=', row.reward_id).executeTakeFirstOrThrow();
    return { redemption: row, reward, balance: await pointsBalance(db, memberId), replayed: true };
  };
  const existing = await db
    .selectFrom('points_redemption')
    .selectAll()
    .where('member_id', '=', memberId)
    .where('request_id', '=', body.requestId)
    .executeTakeFirst();
  if (existing) return replay(existing);

  await checkPaymentPassword(db, input.paymentPasswordFailures, memberId, body.paymentPassword);
  const rewardId = Number(body.rewardId);
  const reward = await findReward(db, input.brandId, rewardId);
  if (!reward) throw new AppError('NOT_FOUND');
  const conditions = blocksFor(reward, await memberFacts(db, memberId), 0, BigInt(Number.MAX_SAFE_INTEGER)).filter(
    (b) => b === 'vipLevel' || b === 'mobileNotVerified',
  );
  if (conditions.length > 0) throw new AppError('REWARD_CONDITIONS_NOT_MET', { value: { blocked: conditions } });
  if (reward.kind === 'GOODS' && !address) throw new AppError('ADDRESS_REQUIRED');
  const quantity = body.quantity;
  const points = reward.price * BigInt(quantity);
  const cash = reward.cash_amount === null ? null : reward.cash_amount * BigInt(quantity);
  const { currency } = await brandMoney(db, input.brandId);

  const result = await withTransactionRetry(() =>
    db.transaction().execute(async (trx): Promise<RedeemResult | { twin: PointsRedemptionRow }> => {
      const inserted = await trx
        .insertInto('points_redemption')
        .values({
          order_no: newCode('P', 20),
          brand_id: input.brandId,
          member_id: memberId,
          reward_id: reward.id,
          request_id: body.requestId,
          request_hash: requestHash,
          quantity,
          points,
          cash_amount: cash,
          currency,
          address: reward.kind === 'GOODS' ? address : null,
          created_at: input.now,
        })
        .onConflict((oc) => oc.columns(['member_id', 'request_id']).doNothing())
        .returningAll()
        .executeTakeFirst();
      if (!inserted) {
        // A concurrent twin committed first (we waited on the unique index): answer with its redemption.
        const twin = await trx
          .selectFrom('points_redemption')
          .selectAll()
          .where('member_id', '=', memberId)
          .where('request_id', '=', body.requestId)
          .executeTakeFirstOrThrow();
        return { twin };
      }
      const posted = await postPoints(trx, {
        memberId,
        type: 'redeem',
        amount: -points,
        sourceKey: `redeem:${inserted.order_no}`,
        reference: { orderNo: inserted.order_no, reward: reward.name_en, rewardBn: reward.name_bn },
        at: input.now,
      });
      if (posted.outcome === 'INSUFFICIENT') throw new AppError('POINTS_INSUFFICIENT', { value: { points: posted.balance } });
      if (posted.outcome === 'REPLAY') throw new Error(`points entry redeem:${inserted.order_no} exists before its redemption`);
      if (reward.per_member_limit !== null) {
        // This redemption is counted too; the member's points row is locked, so no other redeem of theirs is in flight.
        const held = (await redeemedCounts(trx, memberId, [reward.id])).get(reward.id) ?? 0;
        if (held > reward.per_member_limit) throw new AppError('REWARD_LIMIT_REACHED', { value: { limit: reward.per_member_limit } });
      }
      const taken = await trx
        .updateTable('points_reward')
        .set((eb) => ({ stock: eb('stock', '-', quantity) }))
        .where('id', '=', reward.id)
        .where((eb) => eb.or([eb('stock', 'is', null), eb('stock', '>=', quantity)]))
        .returning('stock')
        .executeTakeFirst();
      if (!taken) throw new AppError('REWARD_OUT_OF_STOCK');
      await insertMessage(trx, {
        memberId,
        type: 'POINTS_REDEEM_SUBMITTED',
        amount: cash,
        currency: cash === null ? null : currency,
        params: { orderNo: inserted.order_no, points: String(points), reward: reward.name_en, rewardBn: reward.name_bn },
        dedupeKey: `points-redeem:${inserted.order_no}`,
      });
      return { redemption: inserted, reward, balance: BigInt(posted.balance), replayed: false };
    }),
  );
  return 'twin' in result ? replay(result.twin) : result;
}

export type RedemptionDecision =
  | { kind: 'approve'; referenceNo?: string | undefined; remark?: string | undefined }
  | { kind: 'reject'; reason: string };

export type DecideResult = { redemption: PointsRedemptionRow; reward: PointsRewardRow; repeated: boolean; walletBalance: bigint | null };

/**
 * An operator's decision, exactly once (the conditional UPDATE lets one of two racing operators win; the same
 * decision sent again is answered with the redemption as it stands, `repeated`). Approve: goods need the shipment's
 * transaction reference; cash is credited to the main wallet by one ledger transfer from the operator's BONUS
 * account (the marketing budget), keyed by the order number; a voucher gets its code. Reject: the points come back
 * (a `refund` entry keyed by the order number) and the stock with them.
 */
export async function decideRedemption(
  db: Db,
  orderNo: string,
  decision: RedemptionDecision,
  operator: string,
  now: Date,
): Promise<DecideResult> {
  return withTransactionRetry(() =>
    db.transaction().execute(async (trx) => {
      const status: RedeemStatus = decision.kind === 'approve' ? 'approved' : 'rejected';
      const claimed = await trx
        .updateTable('points_redemption')
        .set({
          status,
          decided_by: operator,
          decided_at: now,
          remark: decision.kind === 'reject' ? decision.reason : (decision.remark ?? null),
        })
        .where('order_no', '=', orderNo)
        .where('status', '=', 'in_process')
        .returningAll()
        .executeTakeFirst();
      if (!claimed) {
        const existing = await trx.selectFrom('points_redemption').selectAll().where('order_no', '=', orderNo).executeTakeFirst();
        if (!existing) throw new AppError('NOT_FOUND');
        if (existing.status !== status) throw new AppError('REDEMPTION_NOT_PENDING');
        const reward = await trx.selectFrom('points_reward').selectAll().where('id', '=', existing.reward_id).executeTakeFirstOrThrow();
        return { redemption: existing, reward, repeated: true, walletBalance: null };
      }
      const reward = await trx.selectFrom('points_reward').selectAll().where('id', '=', claimed.reward_id).executeTakeFirstOrThrow();
      let referenceNo: string | null = null;
      let walletBalance: bigint | null = null;
      if (decision.kind === 'approve') {
        if (reward.kind === 'GOODS') {
          if (!decision.referenceNo) throw new AppError('REFERENCE_REQUIRED');
          referenceNo = decision.referenceNo;
        } else if (reward.kind === 'CASH' && claimed.cash_amount !== null) {
          const budget = await ensureAccount(trx, { kind: 'BONUS', currency: claimed.currency });
          const wallet = await ensureAccount(trx, { kind: 'MEMBER_WALLET', memberId: claimed.member_id, currency: claimed.currency });
          const posting = await postTransfers(trx, {
            scope: 'points-redemption',
            idempotencyKey: claimed.order_no,
            legs: [
              {
                from: budget.id,
                to: wallet.id,
                amount: claimed.cash_amount,
                kind: 'POINTS_REDEMPTION',
                reference: { orderNo: claimed.order_no },
              },
            ],
          });
          const transfer = posting.transfers[0]!;
          referenceNo = decision.referenceNo ?? `TR${String(transfer.id).padStart(8, '0')}`;
          walletBalance = transfer.toBalanceAfter;
        } else if (reward.kind === 'VOUCHER') {
          referenceNo = decision.referenceNo ?? null;
          await trx
            .insertInto('points_voucher')
            .values({
              redemption_id: claimed.id,
              member_id: claimed.member_id,
              code: newCode('FS', 12),
              spins: (reward.voucher_spins ?? 1) * claimed.quantity,
              game: reward.voucher_game,
              created_at: now,
            })
            .execute();
        }
      } else {
        const refunded = await postPoints(trx, {
          memberId: claimed.member_id,
          type: 'refund',
          amount: claimed.points,
          sourceKey: `refund:${claimed.order_no}`,
          reference: { orderNo: claimed.order_no, reward: reward.name_en, rewardBn: reward.name_bn },
          at: now,
        });
        if (refunded.outcome !== 'APPLIED') throw new Error(`refund of ${claimed.order_no}: ${refunded.outcome}`);
        await trx
          .updateTable('points_reward')
          .set((eb) => ({ stock: eb('stock', '+', claimed.quantity) }))
          .where('id', '=', reward.id)
          .where('stock', 'is not', null)
          .execute();
      }
      const redemption =
        referenceNo === null
          ? claimed
          : await trx
              .updateTable('points_redemption')
              .set({ reference_no: referenceNo })
              .where('id', '=', claimed.id)
              .returningAll()
              .executeTakeFirstOrThrow();
      await insertMessage(trx, {
        memberId: claimed.member_id,
        type: decision.kind === 'approve' ? 'POINTS_REDEEM_APPROVED' : 'POINTS_REDEEM_REJECTED',
        amount: claimed.cash_amount,
        currency: claimed.cash_amount === null ? null : claimed.currency,
        params: {
          orderNo: claimed.order_no,
          points: String(claimed.points),
          reward: reward.name_en,
          rewardBn: reward.name_bn,
          ...(decision.kind === 'reject' ? { reason: decision.reason } : {}),
        },
        dedupeKey: `points-redeem-decided:${claimed.order_no}`,
      });
      return { redemption, reward, repeated: false, walletBalance };
    }),
  );
}

// ---------------------------------------------------------------- convert

export type ConvertInput = {
  brandId: number;
  memberId: number;
  body: ConvertBody;
  now: Date;
  paymentPasswordFailures: Limit;
};

export type ConvertResult = { points: bigint; amount: bigint; balance: bigint; wallet: bigint; replayed: boolean };

/**
 * Converts points to cash at the brand's ratio: in one transaction the conversion row (idempotent per member and
 * request id), the points debit (`convert` entry) and one ledger transfer from the BONUS account to the member's
 * main wallet keyed by the same request. Either both ledgers move or neither.
 */
export async function convertPoints(db: Db, input: ConvertInput): Promise<ConvertResult> {
  const { body, memberId } = input;
  const points = BigInt(body.points);
  const requestHash = createHash('sha256')
    .update(JSON.stringify([body.points]))
    .digest('hex');
  const { currency } = await brandMoney(db, input.brandId);
  const walletOf = (d: Db) => ensureAccount(d, { kind: 'MEMBER_WALLET', memberId, currency });
  const replay = async (row: { request_hash: string; points: bigint; amount: bigint }): Promise<ConvertResult> => {
    if (row.request_hash !== requestHash) throw new AppError('IDEMPOTENCY_CONFLICT');
    return {
      points: row.points,
      amount: row.amount,
      balance: await pointsBalance(db, memberId),
      wallet: (await walletOf(db)).balance,
      replayed: true,
    };
  };
  const existing = await db
    .selectFrom('points_conversion')
    .selectAll()
    .where('member_id', '=', memberId)
    .where('request_id', '=', body.requestId)
    .executeTakeFirst();
  if (existing) return replay(existing);

  await checkPaymentPassword(db, input.paymentPasswordFailures, memberId, body.paymentPassword);
  const config = await configOf(db, input.brandId);
  if (!config.convert_enabled) throw new AppError('FEATURE_DISABLED');
  if (points < BigInt(config.min_convert_points) || points % BigInt(config.convert_points) !== 0n) {
    throw new AppError('POINTS_CONVERT_INVALID', {
      value: { min: String(config.min_convert_points), step: String(config.convert_points) },
    });
  }
  const amount = (points / BigInt(config.convert_points)) * config.convert_amount;
  const key = `${memberId}:${body.requestId}`;

  const result = await withTransactionRetry(() =>
    db.transaction().execute(async (trx): Promise<ConvertResult | { twin: { request_hash: string; points: bigint; amount: bigint } }> => {
      const inserted = await trx
        .insertInto('points_conversion')
        .values({
          member_id: memberId,
          request_id: body.requestId,
          request_hash: requestHash,
          points,
          amount,
          currency,
          created_at: input.now,
        })
        .onConflict((oc) => oc.columns(['member_id', 'request_id']).doNothing())
        .returningAll()
        .executeTakeFirst();
      if (!inserted) {
        const twin = await trx
          .selectFrom('points_conversion')
          .selectAll()
          .where('member_id', '=', memberId)
          .where('request_id', '=', body.requestId)
          .executeTakeFirstOrThrow();
        return { twin };
      }
      const posted = await postPoints(trx, {
        memberId,
        type: 'convert',
        amount: -points,
        sourceKey: `convert:${key}`,
        reference: { amount: String(amount), currency, conversion: String(inserted.id) },
        at: input.now,
      });
      if (posted.outcome === 'INSUFFICIENT') throw new AppError('POINTS_INSUFFICIENT', { value: { points: posted.balance } });
      if (posted.outcome === 'REPLAY') throw new Error(`points entry convert:${key} exists before its conversion`);
      const budget = await ensureAccount(trx, { kind: 'BONUS', currency });
      const wallet = await walletOf(trx);
      const posting = await postTransfers(trx, {
        scope: 'points-convert',
        idempotencyKey: key,
        legs: [{ from: budget.id, to: wallet.id, amount, kind: 'POINTS_REDEMPTION', reference: { pointsConversion: String(inserted.id) } }],
      });
      return { points, amount, balance: BigInt(posted.balance), wallet: posting.transfers[0]!.toBalanceAfter, replayed: false };
    }),
  );
  return 'twin' in result ? replay(result.twin) : result;
}

/** The member's points entries, newest first (points details). */
export async function listEntries(db: Db, memberId: number, options: { type?: string | undefined; limit: number; offset: number }) {
  let q = db.selectFrom('points_entry').where('member_id', '=', memberId);
  if (options.type) q = q.where('type', '=', options.type as never);
  const rows = await q.selectAll().orderBy('id', 'desc').limit(options.limit).offset(options.offset).execute();
  const { n } = await q.select(sql<string>`count(*)::text`.as('n')).executeTakeFirstOrThrow();
  return { rows, total: Number(n) };
}

/** Where a points entry came from, in a few words for the list (the web composes the sentence). */
export function entrySource(type: string, reference: Record<string, string>): string {
  if (type === 'deposit') return reference.orderNo ?? 'deposit';
  if (type === 'redeem' || type === 'refund') return reference.orderNo ?? '';
  if (type === 'convert') return 'wallet';
  return reference.vendor ?? type;
}

import {
  blockEnd,
  LIMIT_NAMES,
  LIMIT_RAISE_DELAY_MS,
  type LimitName,
  type LimitState,
  type PlaySession,
  type ProtectionBlock,
  type ProtectionStatus,
  type SetLimit,
  type StartBlock,
} from '@playfront/contract/protection';
import type { ProviderErrorCode } from '@playfront/contract/provider-wallet';
import type { Db } from '../../db/database.ts';
import { AppError } from '../../http/app-error.ts';
import {
  depositsSince,
  ensureProtectionLocked,
  findProtection,
  LIMIT_COLUMN,
  lockProtection,
  type ProtectionRow,
  sessionSecondsBetween,
  stakesAndWinsSince,
} from './protection.repository.ts';
import { BRAND_TIME_ZONE, periodOf, periodOfLimit } from './protection-periods.ts';

/**
 * Player protection (issue 18, decision 043): the member's own limits, cool-off and self-exclusion.
 *
 * The checks that guard money (a deposit order, a bet at the provider wallet API) run inside the caller's
 * transaction after `lockProtection`: the member's member_protection row is locked, the period's use is summed from
 * the committed rows, and the new amount is allowed only if it fits. A second concurrent bet waits on the lock and then
 * sees the first one's stake. Members without a row have no limits and take no lock.
 */

export type SessionTimes = { idleMs: number; maxSessionMs: number };

const limitValue = (row: ProtectionRow | undefined, name: LimitName): bigint | null => (row ? (row[LIMIT_COLUMN[name]] ?? null) : null);

/** The running cool-off or self-exclusion at `now`, if any. */
export function activeBlock(row: Pick<ProtectionRow, 'block_kind' | 'block_until' | 'block_started_at'> | undefined, now: Date) {
  if (!row?.block_kind) return null;
  if (row.block_until && row.block_until.getTime() <= now.getTime()) return null;
  return { kind: row.block_kind, startedAt: row.block_started_at ?? now, until: row.block_until };
}

export function blockError(block: NonNullable<ReturnType<typeof activeBlock>>, extra: Record<string, string> = {}): AppError {
  const value = { kind: block.kind, until: block.until?.toISOString() ?? null, ...extra };
  return new AppError(block.kind === 'COOL_OFF' ? 'PROTECTION_COOL_OFF' : 'PROTECTION_SELF_EXCLUDED', { value });
}

// ---------------------------------------------------------------- money paths (inside the caller's transaction)

/**
 * A deposit order of `amount`: refused during a block, or when it would take a deposit limit over. Call inside the
 * transaction that inserts the order, so the lock holds until it is committed.
 */
export async function assertDepositAllowed(trx: Db, memberId: number, amount: bigint, now: Date): Promise<void> {
  const row = await lockProtection(trx, memberId);
  if (!row) return;
  const block = activeBlock(row, now);
  if (block) throw blockError(block);
  for (const name of ['DEPOSIT_DAY', 'DEPOSIT_WEEK', 'DEPOSIT_MONTH'] as const) {
    const limit = limitValue(row, name);
    if (limit === null) continue;
    const period = periodOfLimit(name, now);
    const used = await depositsSince(trx, memberId, period.start, now);
    if (used + amount > limit) {
      const available = limit > used ? limit - used : 0n;
      throw new AppError('DEPOSIT_LIMIT_REACHED', {
        value: { name, limit: String(limit), used: String(used), available: String(available), periodEnd: period.end.toISOString() },
      });
    }
  }
}

export type BetRefusal = { code: Extract<ProviderErrorCode, 'PLAYER_LIMIT' | 'PLAYER_EXCLUDED'>; message: string };

/**
 * A stake of `amount`: refused during a block, or when the period's stakes (wager limit) or stakes − wins (loss
 * limit; an open stake counts as lost until its win arrives) would go over. Locks the member's row until the caller's
 * transaction ends, so call it in the transaction that takes the stake.
 */
export async function betRefusal(trx: Db, memberId: number, amount: bigint, now: Date): Promise<BetRefusal | undefined> {
  const row = await lockProtection(trx, memberId);
  if (!row) return undefined;
  const block = activeBlock(row, now);
  if (block) return { code: 'PLAYER_EXCLUDED', message: block.kind === 'COOL_OFF' ? 'member is in a cool-off' : 'member is self-excluded' };
  const sums = new Map<string, { wagered: bigint; won: bigint }>();
  for (const name of ['WAGER_DAY', 'WAGER_WEEK', 'WAGER_MONTH', 'LOSS_DAY', 'LOSS_WEEK', 'LOSS_MONTH'] as const) {
    const limit = limitValue(row, name);
    if (limit === null) continue;
    const period = periodOfLimit(name, now);
    const key = period.start.toISOString();
    let s = sums.get(key);
    if (!s) {
      s = await stakesAndWinsSince(trx, memberId, period.start);
      sums.set(key, s);
    }
    const used = name.startsWith('WAGER') ? s.wagered : s.wagered - s.won;
    if (used + amount > limit) return { code: 'PLAYER_LIMIT', message: `over the member's ${name.toLowerCase()} limit` };
  }
  return undefined;
}

// ---------------------------------------------------------------- login and sessions

/** The running block of a member, if any (one read; no lock). */
export async function blockOfMember(db: Db, memberId: number, now: Date) {
  return activeBlock(await findProtection(db, memberId), now);
}

/** A marketing or reward action (popups, promotion joins, reward claims): refused with the block's message during one. */
export async function assertNotBlocked(db: Db, memberId: number, now: Date): Promise<void> {
  const block = await blockOfMember(db, memberId, now);
  if (block) throw blockError(block);
}

/** Login: refused during a block, or when today's session time is used up. */
export async function assertLoginAllowed(db: Db, memberId: number, now: Date, times: SessionTimes): Promise<void> {
  const row = await findProtection(db, memberId);
  if (!row) return;
  const block = activeBlock(row, now);
  if (block) throw blockError(block);
  await assertSessionTimeLeft(db, memberId, row.session_day, now, times);
}

/** Throws SESSION_LIMIT_REACHED when the member has been logged in for `limitMinutes` today (brand time). */
export async function assertSessionTimeLeft(
  db: Db,
  memberId: number,
  limitMinutes: bigint | null,
  now: Date,
  times: SessionTimes,
): Promise<void> {
  if (limitMinutes === null) return;
  const day = periodOf('DAY', now);
  const seconds = await sessionSecondsBetween(db, memberId, day.start, now, times);
  if (BigInt(seconds) >= limitMinutes * 60n) {
    throw new AppError('SESSION_LIMIT_REACHED', { value: { periodEnd: day.end.toISOString() } });
  }
}

// ---------------------------------------------------------------- the member's settings

async function limitStates(
  db: Db,
  memberId: number,
  row: ProtectionRow | undefined,
  now: Date,
  times: SessionTimes,
): Promise<LimitState[]> {
  const pending = await db.selectFrom('member_limit_change').selectAll().where('member_id', '=', memberId).execute();
  const pendingOf = new Map(pending.map((p) => [p.limit_name, p]));
  const deposits = new Map<string, bigint>();
  const play = new Map<string, { wagered: bigint; won: bigint }>();
  const out: LimitState[] = [];
  for (const name of LIMIT_NAMES) {
    const period = periodOfLimit(name, now);
    const key = period.start.toISOString();
    let used: bigint;
    if (name === 'SESSION_DAY') {
      used = BigInt(Math.floor((await sessionSecondsBetween(db, memberId, period.start, now, times)) / 60));
    } else if (name.startsWith('DEPOSIT')) {
      if (!deposits.has(key)) deposits.set(key, await depositsSince(db, memberId, period.start, now));
      used = deposits.get(key) as bigint;
    } else {
      if (!play.has(key)) play.set(key, await stakesAndWinsSince(db, memberId, period.start));
      const s = play.get(key) as { wagered: bigint; won: bigint };
      used = name.startsWith('WAGER') ? s.wagered : s.wagered > s.won ? s.wagered - s.won : 0n;
    }
    const p = pendingOf.get(name);
    const value = limitValue(row, name);
    out.push({
      name,
      value: value === null ? null : String(value),
      used: String(used),
      periodEnd: period.end.toISOString(),
      pending: p
        ? {
            value: p.new_value === null ? null : String(p.new_value),
            requestedAt: p.requested_at.toISOString(),
            availableAt: p.available_at.toISOString(),
            confirmable: p.available_at.getTime() <= now.getTime(),
          }
        : null,
    });
  }
  return out;
}

function blockOf(row: ProtectionRow | undefined, now: Date): ProtectionBlock | null {
  const block = activeBlock(row, now);
  return block ? { kind: block.kind, startedAt: block.startedAt.toISOString(), until: block.until?.toISOString() ?? null } : null;
}

export async function protectionStatus(db: Db, memberId: number, now: Date, times: SessionTimes): Promise<ProtectionStatus> {
  const row = await findProtection(db, memberId);
  const member = await db
    .selectFrom('member as m')
    .innerJoin('brand as b', 'b.id', 'm.brand_id')
    .select('b.currency')
    .where('m.id', '=', memberId)
    .executeTakeFirstOrThrow();
  return {
    currency: member.currency,
    timeZone: BRAND_TIME_ZONE,
    limits: await limitStates(db, memberId, row, now, times),
    block: blockOf(row, now),
    realityCheckMinutes: row?.reality_check_minutes ?? 0,
  };
}

/**
 * Sets one limit. A first limit or a lower one applies at once (and drops a pending raise of it); a higher one or a
 * removal waits LIMIT_RAISE_DELAY_MS and then needs `confirmLimitChange`. Returns whether it applied now.
 */
export async function setLimit(db: Db, memberId: number, body: SetLimit, now: Date): Promise<'APPLIED' | 'PENDING' | 'UNCHANGED'> {
  return db.transaction().execute(async (trx) => {
    const row = await ensureProtectionLocked(trx, memberId, now);
    const current = limitValue(row, body.name);
    const next = body.value === null ? null : BigInt(body.value);
    if (current === next) {
      await trx.deleteFrom('member_limit_change').where('member_id', '=', memberId).where('limit_name', '=', body.name).execute();
      return 'UNCHANGED';
    }
    const tighter = next !== null && (current === null || next < current);
    if (tighter) {
      await trx
        .updateTable('member_protection')
        .set({ [LIMIT_COLUMN[body.name]]: next, updated_at: now })
        .where('member_id', '=', memberId)
        .execute();
      await trx.deleteFrom('member_limit_change').where('member_id', '=', memberId).where('limit_name', '=', body.name).execute();
      return 'APPLIED';
    }
    // A raise or a removal: a cooling-off period of its own, so a decision taken while losing cannot act at once.
    await trx
      .insertInto('member_limit_change')
      .values({
        member_id: memberId,
        limit_name: body.name,
        new_value: next,
        requested_at: now,
        available_at: new Date(now.getTime() + LIMIT_RAISE_DELAY_MS),
      })
      .onConflict((oc) =>
        oc.columns(['member_id', 'limit_name']).doUpdateSet({
          new_value: next,
          requested_at: now,
          available_at: new Date(now.getTime() + LIMIT_RAISE_DELAY_MS),
        }),
      )
      .execute();
    return 'PENDING';
  });
}

/** Applies a pending raise or removal whose 24 hours are over. */
export async function confirmLimitChange(db: Db, memberId: number, name: LimitName, now: Date): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await ensureProtectionLocked(trx, memberId, now);
    const change = await trx
      .selectFrom('member_limit_change')
      .selectAll()
      .where('member_id', '=', memberId)
      .where('limit_name', '=', name)
      .executeTakeFirst();
    if (!change) throw new AppError('LIMIT_CHANGE_NOT_PENDING');
    if (change.available_at.getTime() > now.getTime()) {
      throw new AppError('LIMIT_CHANGE_NOT_YET', { value: { availableAt: change.available_at.toISOString() } });
    }
    await trx
      .updateTable('member_protection')
      .set({ [LIMIT_COLUMN[name]]: change.new_value, updated_at: now })
      .where('member_id', '=', memberId)
      .execute();
    await trx.deleteFrom('member_limit_change').where('member_id', '=', memberId).where('limit_name', '=', name).execute();
  });
}

export async function cancelLimitChange(db: Db, memberId: number, name: LimitName): Promise<void> {
  const r = await db.deleteFrom('member_limit_change').where('member_id', '=', memberId).where('limit_name', '=', name).executeTakeFirst();
  if (r.numDeletedRows === 0n) throw new AppError('LIMIT_CHANGE_NOT_PENDING');
}

export async function setRealityCheck(db: Db, memberId: number, minutes: number, now: Date): Promise<void> {
  await db
    .insertInto('member_protection')
    .values({ member_id: memberId, reality_check_minutes: minutes, updated_at: now })
    .onConflict((oc) => oc.column('member_id').doUpdateSet({ reality_check_minutes: minutes, updated_at: now }))
    .execute();
}

/**
 * Starts a cool-off or a self-exclusion. It cannot be ended or shortened: while one runs, only a longer
 * self-exclusion may replace it. Returns the member's other sessions to end (this one stays open so the member can
 * still withdraw the balance; decision 043).
 */
export async function startBlock(db: Db, memberId: number, body: StartBlock, now: Date): Promise<{ until: Date | null }> {
  return db.transaction().execute(async (trx) => {
    const row = await ensureProtectionLocked(trx, memberId, now);
    const until = blockEnd(body.duration, now);
    const running = activeBlock(row, now);
    if (running) {
      const longer =
        body.kind === 'SELF_EXCLUSION' && running.until !== null && (until === null || until.getTime() > running.until.getTime());
      if (!longer)
        throw new AppError('PROTECTION_BLOCK_ACTIVE', { value: { kind: running.kind, until: running.until?.toISOString() ?? null } });
    }
    await trx
      .updateTable('member_protection')
      .set({ block_kind: body.kind, block_started_at: now, block_until: until, updated_at: now })
      .where('member_id', '=', memberId)
      .execute();
    // Pending raises lapse: a member who steps away comes back to the limits they had.
    await trx.deleteFrom('member_limit_change').where('member_id', '=', memberId).execute();
    return { until };
  });
}

/** Whether the member may be sent promotions, popups or envelope rains now (not during a block). */
export async function mayReceiveMarketing(db: Db, memberId: number, now: Date): Promise<boolean> {
  return activeBlock(await findProtection(db, memberId), now) === null;
}

/** The reality check's figures: this login session's start, and the stakes and wins since. */
export async function playSession(db: Db, memberId: number, sessionId: bigint): Promise<PlaySession> {
  const session = await db
    .selectFrom('member_session as s')
    .innerJoin('member as m', 'm.id', 's.member_id')
    .innerJoin('brand as b', 'b.id', 'm.brand_id')
    .leftJoin('member_protection as p', 'p.member_id', 's.member_id')
    .select(['s.created_at', 'b.currency', 'p.reality_check_minutes'])
    .where('s.id', '=', sessionId)
    .where('s.member_id', '=', memberId)
    .executeTakeFirstOrThrow();
  const { wagered, won } = await stakesAndWinsSince(db, memberId, session.created_at);
  return {
    currency: session.currency,
    startedAt: session.created_at.toISOString(),
    wagered: String(wagered),
    won: String(won),
    net: String(won - wagered),
    realityCheckMinutes: session.reality_check_minutes ?? 0,
  };
}

/** The brand's minimum age at registration (brand.minimum_age: 18 or 21, decision 051). */
export async function minimumAgeOf(db: Db, brandId: number): Promise<number> {
  const row = await db.selectFrom('brand').select('minimum_age').where('id', '=', brandId).executeTakeFirst();
  return row?.minimum_age ?? 18;
}

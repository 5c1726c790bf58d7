import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import { expect } from 'vitest';
import type { Db } from '../../db/database.ts';
import { auditLedger } from '../ledger/ledger.audit.ts';
import { createMember } from '../ledger/ledger.fixtures.ts';
import { createSession } from '../session/session.repository.ts';
import { unreconciledDeposits } from './deposit.service.ts';
import type { SandboxWebhookBody } from './sandbox-gateway.ts';
import { SANDBOX_SIGNATURE_HEADER, SANDBOX_TIMESTAMP_HEADER, signSandbox } from './sandbox-signature.ts';

/** Helpers for the funds tests (not a test file itself). */

export const SANDBOX_SECRET = 'test-sandbox-secret-0123456789';

/** A member of the demo brand with a live session token; `type` 4 is a trial account. */
export async function loggedInMember(db: Db, now: Date, type = 0): Promise<{ memberId: number; token: string }> {
  const memberId = await createMember(db);
  await sql`update member set type = ${type} where id = ${memberId}`.execute(db);
  return { memberId, token: await memberSession(db, memberId, now) };
}

/** A new member-site session (an hour long from `now`) for an existing member; returns its token. */
export function memberSession(db: Db, memberId: number, now: Date): Promise<string> {
  return createSession(db, { memberId, site: 'member', mustChangePassword: false, ip: null, userAgent: null, now, absoluteMs: 3_600_000 });
}

/** Signed headers for a sandbox webhook body, as the gateway would send them. */
export function signedWebhook(body: SandboxWebhookBody | string, at: Date, secret = SANDBOX_SECRET) {
  const raw = typeof body === 'string' ? body : JSON.stringify(body);
  const timestamp = String(Math.floor(at.getTime() / 1000));
  return {
    raw,
    headers: {
      'content-type': 'application/json',
      [SANDBOX_TIMESTAMP_HEADER]: timestamp,
      [SANDBOX_SIGNATURE_HEADER]: signSandbox(secret, timestamp, raw),
    },
  };
}

export const eventId = () => `evt_${randomBytes(12).toString('hex')}`;
export const txnId = () => `sbxtx_${randomBytes(12).toString('hex')}`;

/** The ledger invariants hold and every PAID order has exactly its credit. */
export async function expectBooksClean(db: Db): Promise<void> {
  const report = await auditLedger(db);
  expect(report.violations).toEqual([]);
  expect(report.ok).toBe(true);
  expect(await unreconciledDeposits(db)).toBe(0);
}

export async function walletBalance(db: Db, memberId: number): Promise<bigint> {
  const row = await db
    .selectFrom('ledger_account')
    .select('balance')
    .where('member_id', '=', memberId)
    .where('kind', '=', 'MEMBER_WALLET')
    .executeTakeFirst();
  return row?.balance ?? 0n;
}

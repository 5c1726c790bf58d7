import { randomUUID } from 'node:crypto';
import { PLAY_PATHS } from '@playfront/contract/play';
import { deriveHouseVendorSecret, signProviderRequest } from '@playfront/contract/provider-signing';
import { PROVIDER_HEADERS, PROVIDER_WALLET_BASE } from '@playfront/contract/provider-wallet';
import type { LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import type { TestApp } from '../../../test/accounts-helpers.ts';
import type { Db } from '../../db/database.ts';
import { DEMO_MERCHANT_CODE } from '../../seed/demo-brand.ts';
import { loggedInMember } from '../funds/funds.fixtures.ts';
import { auditLedger } from '../ledger/ledger.audit.ts';
import { deposit, memberWallet } from '../ledger/ledger.fixtures.ts';

/** Helpers for the playing tests (not a test file itself). */

export const HOUSE_SECRET = 'test-house-master-secret-0123456789abcdef';
export const PLAY_ENV = { HOUSE_PROVIDER_SECRET: HOUSE_SECRET, ARGON2_PROFILE: 'test' };
export const H = (token?: string) => ({ merchant: DEMO_MERCHANT_CODE, ...(token ? { authorization: token } : {}) });

export type DemoGames = {
  /** A house-served slot (PG) that offers a demo. */
  slot: { nodeId: string; gameCode: string; vendor: string };
  /** Another PG slot (for UNKNOWN_GAME). */
  otherSlot: { nodeId: string; gameCode: string; vendor: string };
  /** A house-served slot without a demo. */
  noDemo: { nodeId: string; gameCode: string; vendor: string };
  live: { nodeId: string; gameCode: string; vendor: string };
  roulette: { nodeId: string; gameCode: string; vendor: string };
  fish: { nodeId: string; gameCode: string; vendor: string };
  spb: { nodeId: string; gameCode: string; vendor: string };
  pvp: { nodeId: string; gameCode: string; vendor: string };
  sports: { nodeId: string; gameCode: string; vendor: string };
};

async function gameOf(db: Db, vendor: string, hasDemo?: boolean, skip = 0, nameLike?: string) {
  let q = db
    .selectFrom('game')
    .select(['node_id', 'game_code', 'vendor_code'])
    .where('vendor_code', '=', vendor)
    .where('active', '=', true);
  if (hasDemo !== undefined) q = q.where('has_demo', '=', hasDemo);
  if (nameLike !== undefined) q = q.where('name_en', 'like', nameLike);
  const row = await q.orderBy('node_id').offset(skip).limit(1).executeTakeFirstOrThrow();
  return { nodeId: row.node_id, gameCode: row.game_code, vendor: row.vendor_code };
}

export async function demoGames(db: Db): Promise<DemoGames> {
  return {
    slot: await gameOf(db, 'PG', true),
    otherSlot: await gameOf(db, 'PG', true, 1),
    noDemo: await gameOf(db, 'PG', false),
    // A title plays the game it names (launch.service houseKindFor): the live fixture is a plain baccarat table.
    live: await gameOf(db, 'EVO', undefined, 0, 'Baccarat%'),
    roulette: await gameOf(db, 'EVO', undefined, 0, 'Roulette%'),
    fish: await gameOf(db, 'JDB-FISH'),
    spb: await gameOf(db, 'SPB'),
    // Kingmaker's first two games are the Rummy and Ludo menus' fixed launches; the PVP fixture is a card table after them.
    pvp: await gameOf(db, 'KM', undefined, 2),
    sports: await gameOf(db, 'SBO'),
  };
}

/** A member with a session and `funds` in the main wallet. */
export async function fundedMember(db: Db, now: Date, funds: bigint, type = 0) {
  const m = await loggedInMember(db, now, type);
  if (funds > 0n) await deposit(db, await memberWallet(db, m.memberId), funds);
  return m;
}

export function launchGame(t: TestApp, token: string | undefined, body: Record<string, unknown>, headers: Record<string, string> = {}) {
  return t.app.inject({ method: 'POST', url: PLAY_PATHS.launchGame, headers: { ...H(token), ...headers }, payload: body });
}

/** Launches a real-money game for the member and returns the launch token from the URL. */
export async function launchToken(t: TestApp, token: string, nodeId: string): Promise<string> {
  const res = await launchGame(t, token, { nodeId });
  expect(res.statusCode, res.body).toBe(200);
  const url = new URL(res.json().value.url, 'http://site.invalid');
  const launch = url.searchParams.get('token');
  if (!launch) throw new Error(`no token in ${res.json().value.url}`);
  return launch;
}

export type ProviderCallOptions = {
  secret?: string;
  timestamp?: string | null;
  signature?: string | null;
  /** Send these bytes instead of JSON.stringify(body) (signed as sent unless `signature` is given). */
  raw?: string;
};

/** A provider wallet call signed as the house signs it. */
export function providerCall(
  t: TestApp,
  vendor: string,
  call: string,
  body: unknown,
  options: ProviderCallOptions = {},
): Promise<LightMyRequestResponse> {
  const raw = options.raw ?? JSON.stringify(body);
  const secret = options.secret ?? deriveHouseVendorSecret(HOUSE_SECRET, vendor);
  const timestamp = options.timestamp === undefined ? String(t.clock.now.getTime()) : options.timestamp;
  const headers: Record<string, string> = { 'content-type': 'application/json' };
  if (timestamp !== null) headers[PROVIDER_HEADERS.timestamp] = timestamp;
  const signature = options.signature === undefined ? signProviderRequest(secret, timestamp ?? '', raw) : options.signature;
  if (signature !== null) headers[PROVIDER_HEADERS.signature] = signature;
  return t.app.inject({ method: 'POST', url: `${PROVIDER_WALLET_BASE}/${vendor}/${call}`, headers, payload: raw });
}

export const txId = (prefix = 'tx') => `${prefix}-${randomUUID()}`;

/** Bet / win / rollback bodies for a launched game. */
export function bodies(token: string, gameCode: string) {
  return {
    bet: (roundId: string, amount: string, transactionId = txId('bet')) => ({
      token,
      transactionId,
      roundId,
      gameCode,
      amount,
      currency: 'BDT',
    }),
    win: (roundId: string, amount: string, transactionId = txId('win'), closeRound?: boolean) => ({
      token,
      transactionId,
      roundId,
      gameCode,
      amount,
      currency: 'BDT',
      ...(closeRound === undefined ? {} : { closeRound }),
    }),
    rollback: (roundId: string, betTransactionId: string, transactionId = txId('rb')) => ({
      token,
      transactionId,
      roundId,
      gameCode,
      betTransactionId,
    }),
  };
}

export async function expectLedgerClean(db: Db): Promise<void> {
  const report = await auditLedger(db);
  expect(report.violations).toEqual([]);
  expect(report.ok).toBe(true);
}

import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { LOTTERY_VENDORS } from '@playfront/contract/lottery';
import { deriveHouseVendorSecret, deriveLotteryVendorSecret } from '@playfront/contract/provider-signing';
import { sql } from 'kysely';
import type { Db } from '../../db/database.ts';

/**
 * The built-in house game provider's secrets. One master secret
 * (HOUSE_PROVIDER_SECRET, else an owner-only file in DATA_DIR, like the
 * operator key) from which each house-served vendor's HMAC secret derives, so
 * the house and the platform agree without sharing a secret per vendor.
 */
export const houseSecretPath = (dataDir: string) => path.join(dataDir, 'house-provider-secret');

export type HouseSecretFile = { secret: string; path: string; created: boolean };

/** Reads `<dataDir>/house-provider-secret`, or creates it (random 256 bits, mode 0600). */
export function ensureHouseSecretFile(dataDir: string): HouseSecretFile {
  const file = houseSecretPath(dataDir);
  fs.mkdirSync(dataDir, { recursive: true });
  try {
    const existing = fs.readFileSync(file, 'utf8').trim();
    if (existing.length >= 32) {
      if ((fs.statSync(file).mode & 0o077) !== 0) fs.chmodSync(file, 0o600);
      return { secret: existing, path: file, created: false };
    }
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
  }
  const secret = randomBytes(32).toString('base64url');
  fs.writeFileSync(file, `${secret}\n`, { mode: 0o600 });
  fs.chmodSync(file, 0o600);
  return { secret, path: file, created: true };
}

/** Game types the house really plays for money (one list, in the contract, shared with the lobby's tile states). */
import { HOUSE_SERVED_GAME_TYPES } from '@playfront/contract/play-paths';

export { HOUSE_SERVED_GAME_TYPES };

/** Vendors the house serves for real money: active, seamless wallet, category RNG, LIVE or FISH. */
export async function houseServedVendors(db: Db): Promise<string[]> {
  const rows = await db
    .selectFrom('game_vendor')
    .select('code')
    .where('active', '=', true)
    .where('wallet_mode', '=', 'seamless')
    .where('game_type', 'in', [...HOUSE_SERVED_GAME_TYPES])
    .orderBy('code')
    .execute();
  return rows.map((r) => r.code);
}

/**
 * Writes each seamless lottery vendor's secret (LOTT, ELOTT, TCG_LOTTO_VN, TCG_SEA, derived from the same master
 * secret under the lottery's label) into provider_credential, as syncHouseCredentials does for the house.
 */
export async function syncLotteryCredentials(db: Db, masterSecret: string): Promise<number> {
  const rows = await db
    .selectFrom('game_vendor')
    .select('code')
    .where('active', '=', true)
    .where('wallet_mode', '=', 'seamless')
    .where('code', 'in', [...LOTTERY_VENDORS])
    .execute();
  if (rows.length === 0) return 0;
  const result = await db
    .insertInto('provider_credential')
    .values(rows.map((r) => ({ vendor_code: r.code, secret: deriveLotteryVendorSecret(masterSecret, r.code), source: 'house' as const })))
    .onConflict((oc) =>
      oc
        .column('vendor_code')
        .doUpdateSet({ secret: (eb) => eb.ref('excluded.secret'), updated_at: sql`now()` })
        .where('provider_credential.source', '=', 'house')
        .where((eb) => eb('provider_credential.secret', '<>', eb.ref('excluded.secret'))),
    )
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0);
}

/** The function the house plugin is given as `secretForVendor`. */
export function houseVendorSecretFor(masterSecret: string): (vendorCode: string) => string {
  return (vendorCode) => deriveHouseVendorSecret(masterSecret, vendorCode);
}

/**
 * Writes each house-served vendor's derived secret into provider_credential.
 * Idempotent; a credential an operator set by hand (source 'operator') is never
 * overwritten, so a vendor can move to its real game server.
 */
export async function syncHouseCredentials(db: Db, masterSecret: string): Promise<number> {
  const vendors = await houseServedVendors(db);
  if (vendors.length === 0) return 0;
  const secretOf = houseVendorSecretFor(masterSecret);
  const result = await db
    .insertInto('provider_credential')
    .values(vendors.map((code) => ({ vendor_code: code, secret: secretOf(code), source: 'house' as const })))
    .onConflict((oc) =>
      oc
        .column('vendor_code')
        .doUpdateSet({ secret: (eb) => eb.ref('excluded.secret'), updated_at: sql`now()` })
        .where('provider_credential.source', '=', 'house')
        .where((eb) => eb('provider_credential.secret', '<>', eb.ref('excluded.secret'))),
    )
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0);
}

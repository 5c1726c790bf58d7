import type { Db } from '../../db/database.ts';

/**
 * The vendors members move money to and from (transfer-mode wallets, active); none: a single-wallet brand, where every
 * game plays from the main wallet. GET merchant wallet answers it; a member page's boot screen reads it too (the
 * transfer page's lead is drawn only with transfer wallets).
 */
export async function transferWalletVendors(db: Db): Promise<string[]> {
  const rows = await db
    .selectFrom('game_vendor')
    .select('code')
    .where('active', '=', true)
    .where('wallet_mode', '=', 'transfer')
    .orderBy('code')
    .execute();
  return rows.map((r) => r.code);
}

import type { Config } from '../../config.ts';
import type { Db } from '../../db/database.ts';
import { SANDBOX_GATEWAY_CODE } from './sandbox-gateway.ts';

/**
 * Production never takes sandbox money: start-up (after migrations, before listening) refuses when a
 * deposit channel still points at the sandbox gateway. The message names the channels to change.
 */
export async function refuseSandboxChannelsInProduction(config: Config, db: Db): Promise<void> {
  if (!config.production) return;
  const rows = await db.selectFrom('deposit_channel').select(['brand_id', 'code']).where('gateway', '=', SANDBOX_GATEWAY_CODE).execute();
  if (rows.length === 0) return;
  const list = rows.map((r) => `brand ${r.brand_id} channel ${r.code}`).join(', ');
  throw new Error(
    `Refusing to start: NODE_ENV=production and deposit channels use the sandbox payment gateway (${list}); give them a real gateway first (deposit_channel.gateway)`,
  );
}

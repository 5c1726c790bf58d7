import type { Db } from '../db/database.ts';
import { seedDemoAccounts } from './demo-accounts.ts';
import { seedDemoAgentAnnouncements } from './demo-agent-team.ts';
import { seedDemoBrand } from './demo-brand.ts';
import { seedDemoCatalogue } from './demo-catalogue.ts';
import { seedDemoContent } from './demo-content.ts';
import { seedDemoEnvelopes } from './demo-envelopes.ts';
import { seedDemoFunds } from './demo-funds.ts';
import { seedDemoHelp } from './demo-help.ts';
import { seedDemoLucky } from './demo-lucky.ts';
import { seedDemoMissions } from './demo-missions.ts';
import { seedDemoPoints } from './demo-points.ts';
import { seedDemoPromotions } from './demo-promotions.ts';
import { seedDemoRebates } from './demo-rebates.ts';
import { seedDemoVip } from './demo-vip.ts';

/**
 * Deterministic demo data (brand, content, demo accounts, game catalogue). Safe to run on every
 * start: each part inserts only what is missing, so it never duplicates rows or
 * overwrites an operator's changes.
 */
export async function seedDemo(db: Db): Promise<void> {
  const brandId = await seedDemoBrand(db);
  await seedDemoHelp(db, brandId);
  await seedDemoContent(db, brandId);
  await seedDemoAccounts(db, brandId);
  await seedDemoCatalogue(db, brandId);
  await seedDemoFunds(db, brandId);
  await seedDemoPoints(db, brandId);
  await seedDemoPromotions(db, brandId);
  await seedDemoVip(db, brandId);
  await seedDemoLucky(db, brandId);
  await seedDemoRebates(db, brandId);
  await seedDemoEnvelopes(db, brandId);
  await seedDemoMissions(db, brandId);
  await seedDemoAgentAnnouncements(db, brandId);
}

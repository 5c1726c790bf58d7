import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../../test/test-db.ts';
import { loadConfig } from '../../config.ts';
import { migrateToLatest } from '../../db/migrate.ts';
import { seedDemo } from '../../seed/seed-demo.ts';
import { refuseSandboxChannelsInProduction } from './production-refusals.ts';

let database: TestDatabase;
beforeEach(async () => {
  database = await createTestDatabase();
  await migrateToLatest(database.db);
});
afterEach(async () => {
  await database.close();
});

describe('start-up refusal of sandbox deposit channels in production', () => {
  it('refuses in production when a deposit channel uses the sandbox gateway, naming the setting', async () => {
    await seedDemo(database.db);
    const production = loadConfig({ NODE_ENV: 'production' });
    await expect(refuseSandboxChannelsInProduction(production, database.db)).rejects.toThrow(
      /NODE_ENV=production.*sandbox payment gateway.*deposit_channel\.gateway/,
    );
  });

  it('starts in production once no channel uses the sandbox, and outside production regardless', async () => {
    await seedDemo(database.db);
    await expect(refuseSandboxChannelsInProduction(loadConfig({ NODE_ENV: 'test' }), database.db)).resolves.toBeUndefined();
    await database.db.updateTable('deposit_channel').set({ gateway: 'bank-x' }).execute();
    await expect(refuseSandboxChannelsInProduction(loadConfig({ NODE_ENV: 'production' }), database.db)).resolves.toBeUndefined();
  });
});

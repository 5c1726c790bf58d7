import type { ConsoleGame, ConsoleVendor, JackpotInput } from '@playfront/contract/console-content';
import type { CatalogueImportReport } from '@playfront/contract/games';
import { sql } from 'kysely';
import type { Db } from '../../db/database.ts';
import { AppError } from '../../http/app-error.ts';
import { importCatalogue } from '../games/catalogue-import.ts';
import { type AuditActor, withAudit } from '../staff/audit.ts';

/**
 * The games page of the console (issue 17, lane D): vendors on/off and under maintenance, the catalogue import with
 * its validation report, hot games and the jackpot counter. The catalogue (game_vendor, game) is the platform's,
 * shared by its brands; the audit row names the brand whose staff member made the change.
 */

/** Every vendor with its counts, the platform's switches and the brand's own (no brand_vendor row = enabled). */
export async function listVendors(db: Db, brandId: number): Promise<ConsoleVendor[]> {
  const { rows } = await sql<{
    code: string;
    display_name: string;
    game_type: string;
    wallet_mode: string;
    active: boolean;
    maintenance: boolean;
    brand_enabled: boolean;
    games: string | number;
    active_games: string | number;
    hot_games: string | number;
  }>`
    select v.code, v.display_name, v.game_type, v.wallet_mode, v.active, v.maintenance,
      coalesce(bool_and(bv.enabled), true) as brand_enabled,
      count(g.node_id) as games,
      count(g.node_id) filter (where g.active) as active_games,
      count(g.node_id) filter (where g.active and g.is_hot) as hot_games
    from game_vendor v left join game g on g.vendor_code = v.code
      left join brand_vendor bv on bv.vendor_code = v.code and bv.brand_id = ${brandId}
    group by v.code
    order by v.sort, v.code`.execute(db);
  return rows.map((r) => ({
    code: r.code,
    displayName: r.display_name,
    gameType: r.game_type,
    walletMode: r.wallet_mode,
    active: r.active,
    maintenance: r.maintenance,
    brandEnabled: r.brand_enabled,
    games: Number(r.games),
    activeGames: Number(r.active_games),
    hotGames: Number(r.hot_games),
  }));
}

export async function updateVendor(
  db: Db,
  actor: AuditActor,
  code: string,
  input: { active: boolean; maintenance: boolean },
  now: Date,
): Promise<ConsoleVendor> {
  return db.transaction().execute(async (trx) => {
    const before = await trx
      .selectFrom('game_vendor')
      .select(['code', 'active', 'maintenance'])
      .where('code', '=', code)
      .forUpdate()
      .executeTakeFirst();
    if (!before) throw new AppError('NOT_FOUND');
    await trx
      .updateTable('game_vendor')
      .set({ active: input.active, maintenance: input.maintenance, updated_at: now })
      .where('code', '=', code)
      .execute();
    await withAudit(trx, actor, 'vendor.update', { type: 'vendor', id: code }, before, { code, ...input }, now);
    const out = (await listVendors(trx, actor.brandId)).find((v) => v.code === code);
    if (!out) throw new AppError('NOT_FOUND');
    return out;
  });
}

/**
 * The staff member's brand offers a vendor on its own site, or not (decision 061): one brand_vendor row, upserted
 * under the vendor row's lock, and one audit row (before/after, the brand's switch only) in the same transaction.
 * Saving the value it already has writes nothing and no audit row. Other brands are untouched.
 */
export async function setBrandVendor(db: Db, actor: AuditActor, code: string, enabled: boolean, now: Date): Promise<ConsoleVendor> {
  return db.transaction().execute(async (trx) => {
    const vendor = await trx.selectFrom('game_vendor').select('code').where('code', '=', code).forShare().executeTakeFirst();
    if (!vendor) throw new AppError('NOT_FOUND');
    const row = await trx
      .selectFrom('brand_vendor')
      .select('enabled')
      .where('brand_id', '=', actor.brandId)
      .where('vendor_code', '=', code)
      .forUpdate()
      .executeTakeFirst();
    const before = row?.enabled ?? true;
    if (before !== enabled) {
      await trx
        .insertInto('brand_vendor')
        .values({ brand_id: actor.brandId, vendor_code: code, enabled, updated_at: now })
        .onConflict((oc) => oc.columns(['brand_id', 'vendor_code']).doUpdateSet({ enabled, updated_at: now }))
        .execute();
      await withAudit(trx, actor, 'vendor.brand_switch', { type: 'vendor', id: code }, { code, enabled: before }, { code, enabled }, now);
    }
    const out = (await listVendors(trx, actor.brandId)).find((v) => v.code === code);
    if (!out) throw new AppError('NOT_FOUND');
    return out;
  });
}

type GameQuery = {
  q?: string | undefined;
  vendor?: string | undefined;
  hot?: 'true' | 'false' | undefined;
  pageNo: number;
  pageSize: number;
};

const gameColumns = ['node_id', 'vendor_code', 'game_code', 'name_en', 'name_bn', 'game_type', 'is_hot', 'active'] as const;
type GameRowOut = {
  node_id: string;
  vendor_code: string;
  game_code: string;
  name_en: string;
  name_bn: string;
  game_type: string;
  is_hot: boolean;
  active: boolean;
};
const toGame = (r: GameRowOut): ConsoleGame => ({
  nodeId: r.node_id,
  vendor: r.vendor_code,
  gameCode: r.game_code,
  nameEn: r.name_en,
  nameBn: r.name_bn,
  gameType: r.game_type,
  hot: r.is_hot,
  active: r.active,
});

export async function searchGames(db: Db, query: GameQuery) {
  let base = db.selectFrom('game');
  if (query.vendor) base = base.where('vendor_code', '=', query.vendor);
  if (query.hot) base = base.where('is_hot', '=', query.hot === 'true');
  const text = query.q?.trim().toLowerCase();
  // search_text is lower(name_en) || ' ' || lower(name_bn); LIKE wildcards in the query are taken literally.
  if (text)
    base = base.where((eb) =>
      eb.or([eb('search_text', 'like', `%${text.replace(/[\\%_]/g, '\\$&')}%`), eb('game_code', '=', query.q?.trim() ?? '')]),
    );
  const { n } = await base.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow();
  const rows = await base
    .select(gameColumns)
    .orderBy('is_hot', 'desc')
    .orderBy('sort')
    .orderBy('node_id')
    .limit(query.pageSize)
    .offset((query.pageNo - 1) * query.pageSize)
    .execute();
  return { list: rows.map(toGame), total: Number(n), pageNo: query.pageNo, pageSize: query.pageSize };
}

export async function setGameHot(db: Db, actor: AuditActor, nodeId: string, hot: boolean, now: Date): Promise<ConsoleGame> {
  return db.transaction().execute(async (trx) => {
    const before = await trx.selectFrom('game').select(gameColumns).where('node_id', '=', nodeId).forUpdate().executeTakeFirst();
    if (!before) throw new AppError('GAME_NOT_FOUND');
    const row = await trx
      .updateTable('game')
      .set({ is_hot: hot, updated_at: now })
      .where('node_id', '=', nodeId)
      .returning(gameColumns)
      .executeTakeFirstOrThrow();
    await withAudit(trx, actor, 'game.hot', { type: 'game', id: nodeId }, { hot: before.is_hot }, { hot }, now);
    return toGame(row);
  });
}

export async function jackpotSettings(db: Db, brandId: number): Promise<JackpotInput | null> {
  const row = await db.selectFrom('jackpot_config').selectAll().where('brand_id', '=', brandId).executeTakeFirst();
  if (!row) return null;
  return {
    min: String(row.min_amount),
    max: String(row.max_amount),
    incrementMin: String(row.increment_min),
    incrementMax: String(row.increment_max),
    intervalMinMs: row.interval_min_ms,
    intervalMaxMs: row.interval_max_ms,
  };
}

export async function saveJackpot(db: Db, actor: AuditActor, input: JackpotInput, now: Date): Promise<JackpotInput> {
  const fields: Record<string, { key: string }> = {};
  if (BigInt(input.min) > BigInt(input.max)) fields.min = { key: 'errors.invalidField' };
  if (BigInt(input.incrementMin) > BigInt(input.incrementMax)) fields.incrementMin = { key: 'errors.invalidField' };
  if (input.intervalMinMs > input.intervalMaxMs) fields.intervalMinMs = { key: 'errors.invalidField' };
  if (Object.keys(fields).length > 0) throw new AppError('VALIDATION', { fields });
  return db.transaction().execute(async (trx) => {
    const before = await jackpotSettings(trx, actor.brandId);
    const values = {
      min_amount: BigInt(input.min),
      max_amount: BigInt(input.max),
      increment_min: BigInt(input.incrementMin),
      increment_max: BigInt(input.incrementMax),
      interval_min_ms: input.intervalMinMs,
      interval_max_ms: input.intervalMaxMs,
    };
    await trx
      .insertInto('jackpot_config')
      .values({ brand_id: actor.brandId, ...values })
      .onConflict((oc) => oc.column('brand_id').doUpdateSet(values))
      .execute();
    await withAudit(trx, actor, 'jackpot.update', { type: 'jackpot', id: actor.brandId }, before, input, now);
    return input;
  });
}

/**
 * The catalogue import from the console: the same rules as the operator's CLI import (every row validated, reported
 * with its line; a file with a bad row changes nothing unless skipInvalid), and when rows are written, one audit row
 * in the import's own transaction.
 */
export async function consoleImport(
  db: Db,
  actor: AuditActor,
  body: { format: 'json' | 'csv'; content: string; dryRun: boolean; skipInvalid: boolean },
  now: Date,
): Promise<CatalogueImportReport> {
  return importCatalogue(db, {
    ...body,
    now,
    onApplied: (trx, counts) =>
      withAudit(
        trx,
        actor,
        'catalogue.import',
        { type: 'catalogue', id: null },
        null,
        { format: body.format, skipInvalid: body.skipInvalid, ...counts },
        now,
      ),
  });
}

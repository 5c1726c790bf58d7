import type { LanguageCode } from '@playfront/contract';
import type { LiveModel, Room } from '@playfront/contract/play';
import type { Db } from '../../db/database.ts';
import { AppError } from '../../http/app-error.ts';
import { gameArtPath } from '../../seed/game-art.ts';

/**
 * PVP rooms and live models. No third-party PVP or live-studio server is
 * connected, so both are derived, deterministically, from the catalogue: a
 * vendor's first PVP games become its rooms at four stake levels, and each live
 * table has one host. Launching any of them opens the house stand-in (baccarat).
 */

/** Stake levels of the rooms (minor units): beginner to VIP. */
const ROOM_TIERS = [
  { en: 'Beginner', bn: 'নবীন', min: 1_000n, max: 100_000n, seats: 8 },
  { en: 'Standard', bn: 'সাধারণ', min: 5_000n, max: 500_000n, seats: 8 },
  { en: 'High roller', bn: 'হাই রোলার', min: 20_000n, max: 2_000_000n, seats: 6 },
  { en: 'VIP', bn: 'ভিআইপি', min: 100_000n, max: 10_000_000n, seats: 6 },
] as const;

/**
 * A PVP vendor's rooms. `offVendors` are the vendors the brand switched off (decision 061, `lobbyHiding`): such a
 * vendor has no rooms here and answers GAME_NOT_FOUND, as one the platform switched off.
 */
export async function pvpRooms(db: Db, vendor: string, lang: LanguageCode, offVendors: readonly string[] = []): Promise<Room[]> {
  let q = db
    .selectFrom('game as g')
    .innerJoin('game_vendor as v', 'v.code', 'g.vendor_code')
    .where('g.vendor_code', '=', vendor)
    .where('v.game_type', '=', 'PVP')
    .where('v.active', '=', true)
    .where('g.active', '=', true);
  if (offVendors.length) q = q.where('g.vendor_code', 'not in', [...offVendors]);
  const games = await q
    .select(['g.node_id', 'g.game_code', 'g.name_en', 'g.name_bn'])
    .orderBy('g.sort')
    .orderBy('g.node_id')
    .limit(ROOM_TIERS.length)
    .execute();
  if (games.length === 0) throw new AppError('GAME_NOT_FOUND');
  return games.map((g, i) => {
    const tier = ROOM_TIERS[i]!;
    return {
      roomId: `${vendor}-${i + 1}`,
      name: `${lang === 'BN' ? g.name_bn : g.name_en} · ${lang === 'BN' ? tier.bn : tier.en}`,
      nodeId: g.node_id,
      gameCode: g.game_code,
      minBet: String(tier.min),
      maxBet: String(tier.max),
      seats: tier.seats,
    };
  });
}

/** Hosts' display names (the same in both languages' scripts as the hosts present themselves). */
const HOSTS: readonly { en: string; bn: string }[] = [
  { en: 'Ayesha', bn: 'আয়েশা' },
  { en: 'Nusrat', bn: 'নুসরাত' },
  { en: 'Priya', bn: 'প্রিয়া' },
  { en: 'Sadia', bn: 'সাদিয়া' },
  { en: 'Tania', bn: 'তানিয়া' },
  { en: 'Mim', bn: 'মীম' },
  { en: 'Riya', bn: 'রিয়া' },
  { en: 'Farzana', bn: 'ফারজানা' },
];
const MODELS_MAX = 24;

/** The live table a model id (`M<nodeId>`) names, if it is an active live game. */
export async function modelTable(db: Db, modelId: string): Promise<string> {
  const nodeId = /^M(.+)$/.exec(modelId)?.[1];
  const row = nodeId
    ? await db
        .selectFrom('game as g')
        .innerJoin('game_vendor as v', 'v.code', 'g.vendor_code')
        .where('g.node_id', '=', nodeId)
        .where('v.game_type', '=', 'LIVE')
        .select('g.node_id')
        .executeTakeFirst()
    : undefined;
  if (!row) throw new AppError('GAME_NOT_FOUND');
  return row.node_id;
}

/** The hosts of the live tables, not those of the vendors the brand switched off (`offVendors`, decision 061). */
export async function liveModels(db: Db, lang: LanguageCode, vendor?: string, offVendors: readonly string[] = []): Promise<LiveModel[]> {
  let q = db
    .selectFrom('game as g')
    .innerJoin('game_vendor as v', 'v.code', 'g.vendor_code')
    .where('v.game_type', '=', 'LIVE')
    .where('v.active', '=', true)
    .where('g.active', '=', true)
    .select(['g.node_id', 'g.vendor_code', 'g.game_code', 'g.name_en', 'g.name_bn', 'g.image_path']);
  if (vendor) q = q.where('g.vendor_code', '=', vendor);
  if (offVendors.length) q = q.where('g.vendor_code', 'not in', [...offVendors]);
  const tables = await q.orderBy('g.sort').orderBy('g.node_id').limit(MODELS_MAX).execute();
  return tables.map((t) => {
    const host = HOSTS[[...t.node_id].reduce((sum, c) => sum + c.charCodeAt(0), 0) % HOSTS.length]!;
    return {
      modelId: `M${t.node_id}`,
      name: lang === 'BN' ? host.bn : host.en,
      vendor: t.vendor_code,
      nodeId: t.node_id,
      tableName: lang === 'BN' ? t.name_bn : t.name_en,
      iconUrl: t.image_path ?? gameArtPath(t.vendor_code, t.game_code, t.name_en),
    };
  });
}

import type { BannerGroup, LanguageCode, PopupExecution } from '@playfront/contract';
import type { Announcement, Banner, HotMatch, Jackpot, NoticeItem, NoticeValue, PopupItem, WinnerItem } from '@playfront/contract/games';
import { LOTTERY_VENDORS } from '@playfront/contract/lottery';
import { tilePlayState } from '@playfront/contract/play-paths';
import { splitGraphemes } from '@playfront/contract/text-length';
import { sql } from 'kysely';
import type { Db } from '../../db/database.ts';
import { gameArtPath } from '../../seed/game-art.ts';
import { type Audience, localised, vendorNotConnected } from '../games/games.service.ts';
import { activeBlock } from '../protection/protection.service.ts';
import { findSessionByToken } from '../session/session.repository.ts';

/**
 * Lobby content (spec sections 2 and 3): the notice bundle, announcements,
 * banners, the winner board, hot-match adverts and the jackpot counter. Texts
 * in the audience's language, falling back to the brand default.
 */

const fallbackOf = (audience: Audience): LanguageCode => (audience.brand.default_language === 'EN' ? 'EN' : 'BN');

type NoticeType = NoticeItem['type'];

/** A notice or popup inside the window the operator set (either end may be open). */
const shownAt = (now: Date) => sql<boolean>`(starts_at is null or starts_at <= ${now}) and (ends_at is null or ends_at > ${now})`;

/** Whether the token is a live session of a member of the brand who is in a cool-off or self-exclusion now. */
export async function blockedViewer(db: Db, token: string | undefined, brandId: number, now: Date): Promise<boolean> {
  if (!token) return false;
  const row = await findSessionByToken(db, token);
  if (!row || row.revokedAt || row.brandId !== brandId) return false;
  return activeBlock(row, now) !== null;
}

export async function noticeBundle(
  db: Db,
  audience: Audience,
  query: { types: NoticeType[]; platform: string; execution: PopupExecution[] },
  now: Date,
): Promise<NoticeValue> {
  const { lang } = audience;
  const fallback = fallbackOf(audience);
  const [notices, popups] = await Promise.all([
    db
      .selectFrom('notice')
      .select(['id', 'type', 'title', 'content'])
      .where('brand_id', '=', audience.brand.id)
      .where('active', '=', true)
      .where('platform', '=', query.platform)
      .where('type', 'in', query.types)
      .where(shownAt(now))
      .orderBy('sort')
      .orderBy('id')
      .execute(),
    db
      .selectFrom('popup')
      .select(['id', 'execution', 'title', 'content', 'image_url'])
      .where('brand_id', '=', audience.brand.id)
      .where('active', '=', true)
      .where('execution', 'in', query.execution)
      .where(shownAt(now))
      .orderBy('sort')
      .orderBy('id')
      .execute(),
  ]);
  const item = (n: (typeof notices)[number]): NoticeItem => ({
    id: n.id,
    type: n.type,
    title: localised(n.title, lang, fallback),
    content: localised(n.content, lang, fallback),
  });
  const popup: PopupItem[] = [
    ...popups.map((p) => ({
      id: `P${p.id}`,
      title: localised(p.title, lang, fallback),
      content: localised(p.content, lang, fallback),
      contentType: 'html' as const,
      imageUrl: p.image_url ? localised(p.image_url, lang, fallback) || null : null,
      execution: p.execution,
    })),
    ...notices
      .filter((n) => n.type === 'PU')
      .map((n) => ({
        id: `N${n.id}`,
        title: localised(n.title, lang, fallback),
        content: localised(n.content, lang, fallback),
        contentType: 'text' as const,
        imageUrl: null,
        execution: null,
      })),
  ];
  return {
    // The marquee: broadcast notices, and holiday/home notices when asked for.
    banners: notices.filter((n) => n.type === 'B' || n.type === 'H').map(item),
    player: notices.filter((n) => n.type === 'PL').map(item),
    popup,
    promotion: notices.filter((n) => n.type === 'PR').map(item),
  };
}

export async function announcementPage(
  db: Db,
  audience: Audience,
  page: { pageNo: number; pageSize: number },
  now: Date,
): Promise<{ content: Announcement[]; total: number }> {
  const fallback = fallbackOf(audience);
  // Scheduled announcements stay hidden until their time.
  const base = db.selectFrom('announcement').where('brand_id', '=', audience.brand.id).where('published_at', '<=', now);
  const { n } = await base.select((eb) => eb.fn.countAll<bigint>().as('n')).executeTakeFirstOrThrow();
  const rows = await base
    .select(['id', 'title', 'content', 'promotion_type', 'published_at'])
    .orderBy('published_at', 'desc')
    .orderBy('id', 'desc')
    .limit(page.pageSize)
    .offset((page.pageNo - 1) * page.pageSize)
    .execute();
  return {
    total: Number(n),
    content: rows.map((a) => ({
      id: a.id,
      title: localised(a.title, audience.lang, fallback),
      content: localised(a.content, audience.lang, fallback),
      promotionType: a.promotion_type,
      publishedAt: a.published_at.toISOString(),
    })),
  };
}

type BannerGame = NonNullable<Banner['game']>;

/**
 * The games GAME banners name, by link target: a node id, `VENDOR:gameCode`, or a game code only one active game
 * has. Active games of active vendors only; a target nothing answers is absent.
 */
async function bannerGames(db: Db, targets: readonly string[]): Promise<Map<string, BannerGame>> {
  const found = new Map<string, BannerGame>();
  const wanted = [...new Set(targets.map((t) => t.trim()).filter(Boolean))];
  if (wanted.length === 0) return found;
  const codes = [...new Set(wanted.map((t) => t.slice(t.indexOf(':') + 1)))];
  const rows = await db
    .selectFrom('game as g')
    .innerJoin('game_vendor as v', 'v.code', 'g.vendor_code')
    .select([
      'g.node_id',
      'g.game_code',
      'g.vendor_code',
      'g.game_type',
      'g.is_game',
      'g.name_en',
      'v.game_type as vendor_game_type',
      'v.wallet_mode',
    ])
    .where('g.active', '=', true)
    .where('v.active', '=', true)
    .where((eb) => eb.or([eb('g.node_id', 'in', wanted), eb('g.game_code', 'in', codes)]))
    .execute();
  const toGame = (r: (typeof rows)[number]): BannerGame => ({
    nodeId: r.node_id,
    gameCode: r.game_code,
    vassalage: r.vendor_code,
    gameType: r.game_type,
    isGame: r.is_game,
    playState: tilePlayState({
      gameType: r.game_type,
      vendorGameType: r.vendor_game_type,
      vendorCode: r.vendor_code,
      walletMode: r.wallet_mode,
      nameEn: r.name_en,
      lotteryServed: r.wallet_mode === 'seamless' && (LOTTERY_VENDORS as readonly string[]).includes(r.vendor_code),
    }),
  });
  for (const target of wanted) {
    const colon = target.indexOf(':');
    const byNode = rows.find((r) => r.node_id === target);
    const byCode =
      colon > 0
        ? rows.filter(
            (r) => r.vendor_code.toUpperCase() === target.slice(0, colon).toUpperCase() && r.game_code === target.slice(colon + 1),
          )
        : rows.filter((r) => r.game_code === target);
    // Never a guess: a bare code two vendors share names no game.
    const row = byNode ?? (byCode.length === 1 ? byCode[0] : undefined);
    if (row) found.set(target, toGame(row));
  }
  return found;
}

export async function bannerList(
  db: Db,
  audience: Audience,
  groups?: BannerGroup[],
  hiding: { hideNotConnected?: boolean; hideDemoOnly?: boolean; offVendors?: readonly string[] } = {},
): Promise<Banner[]> {
  const fallback = fallbackOf(audience);
  let q = db.selectFrom('banner').selectAll().where('brand_id', '=', audience.brand.id).where('active', '=', true);
  if (groups?.length) q = q.where('group_name', 'in', groups);
  let rows = await q.orderBy('group_name').orderBy('sort').orderBy('id').execute();
  const games = await bannerGames(
    db,
    rows.filter((b) => b.linkage_type === 'GAME').map((b) => b.link_target),
  );
  const gameOf = (b: (typeof rows)[number]) => (b.linkage_type === 'GAME' ? (games.get(b.link_target.trim()) ?? null) : undefined);
  // HIDE_UNCONNECTED_GAMES (decision 048, extended by 055 and 057): a banner into a section nothing here plays goes
  // too, and so does a banner into one game whose tile is hidden (HIDE_DEMO_ONLY_GAMES likewise). A section whose every
  // vendor the brand switched off is just as empty, and so is a link naming only such vendors (decision 061).
  if (hiding.hideNotConnected || hiding.offVendors?.length) {
    const dead = await hiddenSectionPaths(db, audience.brand.id, hiding);
    rows = rows.filter((b) => !(b.linkage_type === 'URL' && urlIntoHiddenSection(b.link_target, dead, hiding.offVendors)));
  }
  rows = rows.filter((b) => {
    const game = gameOf(b);
    // A banner into a game of a vendor the brand switched off goes with its tile (decision 061).
    if (game && hiding.offVendors?.includes(game.vassalage)) return false;
    const state = game?.playState;
    return !((state === 'notConnected' && hiding.hideNotConnected) || (state === 'demoOnly' && hiding.hideDemoOnly));
  });
  return rows.map((b) => {
    const game = gameOf(b);
    return {
      id: b.id,
      url: localised(b.image_url, audience.lang, fallback),
      linkageType: b.linkage_type,
      linkTarget: b.link_target,
      groupName: b.group_name,
      title: localised(b.title, audience.lang, fallback),
      sort: b.sort,
      ...(game !== undefined ? { game } : {}),
    };
  });
}

/**
 * `rakib921` → `ra****21`: enough for a player to recognise their own win,
 * never enough to read a username. Counts what a reader sees as one letter
 * (a Bengali consonant with its vowel sign stays whole), never bytes.
 */
export function maskName(name: string): string {
  const chars = splitGraphemes(name.trim());
  if (chars.length === 0) return '****';
  if (chars.length <= 2) return `${chars[0]}****`;
  if (chars.length <= 5) return `${chars[0]}****${chars[chars.length - 1]}`;
  return `${chars.slice(0, 2).join('')}****${chars.slice(-2).join('')}`;
}

export async function winnerBoard(
  db: Db,
  audience: Audience,
  query: { gameCategory: string; limitNum: number },
  hiding: { offVendors?: readonly string[] } = {},
): Promise<WinnerItem[]> {
  let q = db
    .selectFrom('winner_board_entry as w')
    .innerJoin('game as g', 'g.node_id', 'w.node_id')
    .leftJoin('member as m', 'm.id', 'w.member_id')
    .where('w.brand_id', '=', audience.brand.id);
  // A win in a game of a vendor the brand switched off would be a tile that opens nothing (decision 061).
  if (hiding.offVendors?.length) q = q.where('g.vendor_code', 'not in', [...hiding.offVendors]);
  if (query.gameCategory !== 'ALL') q = q.where('w.game_type', '=', query.gameCategory as WinnerItem['gameType']);
  const rows = await q
    .select([
      'w.customer_name',
      'm.nickname',
      'm.username',
      'w.win_amount',
      'w.won_at',
      'w.game_type',
      'g.node_id',
      'g.vendor_code',
      'g.game_code',
      'g.name_en',
      'g.name_bn',
      'g.image_path',
    ])
    .orderBy('w.win_amount', 'desc')
    .orderBy('w.won_at', 'desc')
    .orderBy('w.id')
    .limit(query.limitNum)
    .execute();
  return rows.map((r, i) => ({
    rank: i + 1,
    iconUrl: r.image_path ?? gameArtPath(r.vendor_code, r.game_code, r.name_en),
    // A real member's current nickname (or username) when known, else the recorded name; masked either way.
    customerName: maskName(r.nickname || r.username || r.customer_name),
    winAmount: r.win_amount.toString(),
    gameName: audience.lang === 'BN' ? r.name_bn : r.name_en,
    nodeId: r.node_id,
    vassalage: r.vendor_code,
    gameType: r.game_type,
    wonAt: r.won_at.toISOString(),
  }));
}

/** Matches that started more than this long ago are over for the carousel. */
export const MATCH_SHOWN_AFTER_START_MS = 3 * 3_600_000;

/**
 * Menu paths of the sections that show no vendor: with HIDE_UNCONNECTED_GAMES those whose every active vendor is one
 * nothing here plays (`/sports`, `/esports`), and those whose every active vendor the brand switched off (decision 061,
 * `offVendors`). Their menus are gone (`gameMenus`), so a banner into them would open an empty page.
 */
async function hiddenSectionPaths(
  db: Db,
  brandId: number,
  hiding: { hideNotConnected?: boolean; offVendors?: readonly string[] },
): Promise<Set<string>> {
  const [menus, vendors] = await Promise.all([
    db.selectFrom('game_menu').select(['code', 'path']).where('brand_id', '=', brandId).execute(),
    db.selectFrom('game_vendor').select(['code', 'game_type', 'wallet_mode']).where('active', '=', true).execute(),
  ]);
  const shown = vendors.filter((v) => !hiding.offVendors?.includes(v.code) && !(hiding.hideNotConnected && vendorNotConnected(v)));
  const playable = new Set(shown.map((v) => v.game_type as string));
  const dead = new Set<string>();
  for (const m of menus) if (m.path && !playable.has(m.code)) dead.add(m.path.toLowerCase());
  // Several sections share a path (COCKFIGHT lives in /sports): a path stays while any of its sections plays.
  for (const m of menus) if (m.path && playable.has(m.code)) dead.delete(m.path.toLowerCase());
  return dead;
}

/**
 * Whether a URL banner's target opens a hidden section: its path is one of `dead`, or its `vassalage` query names only
 * vendors the brand switched off (`/rng?vassalage=PG`, the vendor's own games).
 */
function urlIntoHiddenSection(target: string, dead: ReadonlySet<string>, offVendors: readonly string[] = []): boolean {
  const [pathAndQuery = ''] = target.trim().split('#');
  const [path = '', query = ''] = pathAndQuery.split('?');
  if (dead.has(path.toLowerCase())) return true;
  if (offVendors.length === 0) return false;
  const named = (new URLSearchParams(query).get('vassalage') ?? '')
    .split(',')
    .map((v) => v.trim().toUpperCase())
    .filter(Boolean);
  const off = new Set(offVendors.map((v) => v.toUpperCase()));
  return named.length > 0 && named.every((v) => off.has(v));
}

export async function hotMatches(
  db: Db,
  audience: Audience,
  now: Date,
  vendors?: readonly string[],
  hiding: { hideNotConnected?: boolean; offVendors?: readonly string[] } = {},
): Promise<HotMatch[]> {
  const fallback = fallbackOf(audience);
  let q = db
    .selectFrom('hot_match as h')
    .innerJoin('game_vendor as v', 'v.code', 'h.vendor_code')
    .selectAll('h')
    .select(['v.game_type as vendor_game_type', 'v.wallet_mode'])
    .where('h.brand_id', '=', audience.brand.id)
    .where('h.active', '=', true)
    .where('v.active', '=', true)
    .where('h.match_time', '>', new Date(now.getTime() - MATCH_SHOWN_AFTER_START_MS));
  if (vendors?.length) q = q.where('h.vendor_code', 'in', [...vendors]);
  if (hiding.offVendors?.length) q = q.where('h.vendor_code', 'not in', [...hiding.offVendors]);
  const rows = await q.orderBy('h.ads_id').orderBy('h.match_time').orderBy('h.sort').orderBy('h.id').execute();
  const codes = [...new Set(rows.map((r) => r.vendor_code))];
  // The sportsbook each advert opens: the vendor's first active game (its lobby).
  const lobbies = new Map<string, string>();
  if (codes.length > 0) {
    const { rows: firsts } = await sql<{ vendor_code: string; node_id: string }>`
      select distinct on (vendor_code) vendor_code, node_id from game
      where active and vendor_code in (${sql.join(codes)})
      order by vendor_code, sort, node_id`.execute(db);
    for (const f of firsts) lobbies.set(f.vendor_code, f.node_id);
  }
  const ads = new Map<number, HotMatch>();
  for (const r of rows) {
    const notConnected = vendorNotConnected({ game_type: r.vendor_game_type, wallet_mode: r.wallet_mode });
    // HIDE_UNCONNECTED_GAMES: no advert for a sportsbook nothing here plays (issue 22).
    if (notConnected && hiding.hideNotConnected) continue;
    let ad = ads.get(r.ads_id);
    if (!ad) {
      ad = {
        gameMatchAdsId: r.ads_id,
        vassalage: r.vendor_code,
        nodeId: lobbies.get(r.vendor_code) ?? null,
        playState: notConnected ? 'notConnected' : 'play',
        matchList: [],
      };
      ads.set(r.ads_id, ad);
    }
    ad.matchList.push({
      matchId: r.id,
      homeTeam: localised(r.home_team, audience.lang, fallback),
      awayTeam: localised(r.away_team, audience.lang, fallback),
      homeTeamImageUrl: r.home_image,
      awayTeamImageUrl: r.away_image,
      league: localised(r.league, audience.lang, fallback),
      matchTime: r.match_time.toISOString(),
    });
  }
  return [...ads.values()];
}

export async function jackpot(db: Db, audience: Audience): Promise<Jackpot | undefined> {
  const row = await db.selectFrom('jackpot_config').selectAll().where('brand_id', '=', audience.brand.id).executeTakeFirst();
  if (!row) return undefined;
  return {
    min: row.min_amount.toString(),
    max: row.max_amount.toString(),
    incrementMin: row.increment_min.toString(),
    incrementMax: row.increment_max.toString(),
    intervalMinMs: row.interval_min_ms,
    intervalMaxMs: row.interval_max_ms,
    currencySymbol: audience.brand.currency_symbol,
  };
}

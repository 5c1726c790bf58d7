import {
  AnnouncementResponseSchema,
  BannerResponseSchema,
  GAMES_PATHS,
  GameMatchesResponseSchema,
  JackpotResponseSchema,
  LOBBY_PATHS,
  NoticeResponseSchema,
  WinnerBoardResponseSchema,
} from '@playfront/contract';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../../test/test-db.ts';
import { DEMO_NOTICES, DEMO_POPUPS } from '../../seed/demo-content.ts';
import { catalogueApp, getJson, loggedIn } from '../games/games.fixtures.ts';
import { maskName } from './lobby.service.ts';

let database: TestDatabase;
let app: FastifyInstance;
let clock = new Date();

beforeAll(async () => {
  database = await createTestDatabase();
  app = await catalogueApp(database, () => clock);
});
afterAll(async () => {
  await app.close();
  await database.close();
});

const value = async <T>(url: string, schema: { parse: (v: unknown) => { value: T } }, language?: string) => {
  const res = await getJson(app, url, language ? { language } : {});
  expect(res.statusCode, res.body).toBe(200);
  return schema.parse(res.json()).value;
};

describe(`notice ${LOBBY_PATHS.notice}`, () => {
  it('sorts notices into banners, player, popup and promotion, and popups by execution', async () => {
    const v = await value(`${LOBBY_PATHS.notice}?types=B,PL,PU,PR&platform=W&execution=B&language=EN`, NoticeResponseSchema);
    expect(v.banners.map((n) => n.type)).toEqual(['B', 'B']);
    expect(v.banners[0]?.title).toBe(DEMO_NOTICES[0]?.title.EN);
    expect(v.player.map((n) => n.type)).toEqual(['PL']);
    expect(v.promotion.map((n) => n.type)).toEqual(['PR']);
    // Anonymous popups (B), then the PU notice shown as a popup; ids unique across both.
    const anonymous = DEMO_POPUPS.filter((p) => p.execution === 'B');
    expect(v.popup.map((p) => p.execution)).toEqual([...anonymous.map(() => 'B'), null]);
    expect(v.popup[0]).toMatchObject({ title: anonymous[0]?.title.EN, contentType: 'html' });
    expect(v.popup[0]?.imageUrl).toMatch(/^\/art\/v1\/popup\/.+\.en\.svg$/);
    expect(v.popup.at(-1)).toMatchObject({ contentType: 'text', imageUrl: null });
    expect(new Set(v.popup.map((p) => p.id)).size).toBe(v.popup.length);
  });

  it('adds H notices to the marquee only when asked, and serves logged-in and first-login popups by execution', async () => {
    const withH = await value(`${LOBBY_PATHS.notice}?types=B,PL,PU,PR,H&execution=A,F`, NoticeResponseSchema);
    expect(withH.banners.map((n) => n.type)).toEqual(['B', 'B', 'H']);
    const executions = withH.popup.filter((p) => p.execution !== null).map((p) => p.execution);
    expect(executions.sort()).toEqual(
      DEMO_POPUPS.filter((p) => p.execution !== 'B')
        .map((p) => p.execution)
        .sort(),
    );
    const onlyB = await value(`${LOBBY_PATHS.notice}?types=B`, NoticeResponseSchema);
    expect(onlyB).toMatchObject({ player: [], promotion: [] });
    expect(onlyB.popup.every((p) => p.execution === 'B')).toBe(true);
  });

  it('speaks Bengali by default and refuses unknown types or platforms', async () => {
    const v = await value(LOBBY_PATHS.notice, NoticeResponseSchema);
    expect(v.banners[0]?.title).toBe(DEMO_NOTICES[0]?.title.BN);
    expect((await getJson(app, `${LOBBY_PATHS.notice}?types=B,X`)).statusCode).toBe(400);
    expect((await getJson(app, `${LOBBY_PATHS.notice}?platform=M`)).statusCode).toBe(400);
    expect((await getJson(app, `${LOBBY_PATHS.notice}?execution=Z`)).statusCode).toBe(400);
  });
});

describe(`announcements ${LOBBY_PATHS.announcements}`, () => {
  it('pages 9 at a time, newest first, and hides the ones scheduled for later', async () => {
    const p1 = await value(`${LOBBY_PATHS.announcements}?language=EN`, AnnouncementResponseSchema);
    expect(p1).toMatchObject({ pageNum: 1, totalPages: 3, total: 20 });
    expect(p1.content).toHaveLength(9);
    const dates = p1.content.map((a) => a.publishedAt);
    expect(dates).toEqual([...dates].sort().reverse());
    const p3 = await value(`${LOBBY_PATHS.announcements}?pageNo=3`, AnnouncementResponseSchema);
    expect(p3.content).toHaveLength(2);
    expect((await value(`${LOBBY_PATHS.announcements}?pageNo=4`, AnnouncementResponseSchema)).content).toEqual([]);

    const brand = await database.db.selectFrom('brand').select('id').executeTakeFirstOrThrow();
    await database.db
      .insertInto('announcement')
      .values({
        brand_id: brand.id,
        title: { EN: 'Later', BN: 'পরে' },
        content: { EN: 'x', BN: 'x' },
        published_at: new Date(clock.getTime() + 3_600_000),
      })
      .execute();
    expect((await value(LOBBY_PATHS.announcements, AnnouncementResponseSchema)).total).toBe(20);
    expect((await getJson(app, `${LOBBY_PATHS.announcements}?pageSize=51`)).statusCode).toBe(400);
  });
});

describe(`banners ${LOBBY_PATHS.banners}`, () => {
  it('serves the asked groups in display order, with the image for the language', async () => {
    const home = await value(`${LOBBY_PATHS.banners}?groupName=w_home&language=EN`, BannerResponseSchema);
    expect(home.length).toBeGreaterThanOrEqual(3);
    expect(home.every((b) => b.groupName === 'w_home' && b.url.endsWith('.en.svg'))).toBe(true);
    expect(home.map((b) => b.sort)).toEqual([...home.map((b) => b.sort)].sort((a, b) => a - b));
    const bn = await value(`${LOBBY_PATHS.banners}?groupName=w_home`, BannerResponseSchema);
    expect(bn[0]?.url.endsWith('.bn.svg')).toBe(true);
    const two = await value(`${LOBBY_PATHS.banners}?groupName=w_login,w_register`, BannerResponseSchema);
    expect(new Set(two.map((b) => b.groupName))).toEqual(new Set(['w_login', 'w_register']));
    const all = await value(LOBBY_PATHS.banners, BannerResponseSchema);
    expect(new Set(all.map((b) => b.groupName))).toEqual(new Set(['w_login', 'w_register', 'w_leftmenu', 'w_home']));
    expect((await getJson(app, `${LOBBY_PATHS.banners}?groupName=w_nowhere`)).statusCode).toBe(400);
  });
});

describe(`winner board ${GAMES_PATHS.winnerBoard}`, () => {
  it('lists at most 100 wins, biggest first, ranked, with masked names', async () => {
    const v = await value(`${GAMES_PATHS.winnerBoard}?gameCategory=ALL&language=EN&limitNum=100`, WinnerBoardResponseSchema);
    expect(v.list).toHaveLength(100);
    expect(v.currencySymbol).toBe('৳');
    const amounts = v.list.map((w) => BigInt(w.winAmount));
    expect(amounts).toEqual([...amounts].sort((a, b) => (a > b ? -1 : a < b ? 1 : 0)));
    expect(v.list.map((w) => w.rank)).toEqual(Array.from({ length: 100 }, (_, i) => i + 1));
    const names = (await database.db.selectFrom('winner_board_entry').select('customer_name').execute()).map((r) => r.customer_name);
    for (const w of v.list) {
      expect(w.customerName).toContain('****');
      expect(names).not.toContain(w.customerName);
    }
    expect(v.list[0]?.iconUrl).toMatch(/^\/game-art\/v1\//);
    const top5 = await value(`${GAMES_PATHS.winnerBoard}?limitNum=5`, WinnerBoardResponseSchema);
    expect(top5.list.map((w) => w.nodeId)).toEqual(v.list.slice(0, 5).map((w) => w.nodeId));
  });

  it('filters by category and refuses more than 100', async () => {
    const live = await value(`${GAMES_PATHS.winnerBoard}?gameCategory=LIVE`, WinnerBoardResponseSchema);
    expect(live.list.length).toBeGreaterThan(0);
    expect(live.list.every((w) => w.gameType === 'LIVE')).toBe(true);
    for (const bad of ['limitNum=101', 'limitNum=0', 'gameCategory=CASINO']) {
      expect((await getJson(app, `${GAMES_PATHS.winnerBoard}?${bad}`)).statusCode, bad).toBe(400);
    }
  });

  it("shows a real member's win under their masked nickname", async () => {
    const me = await loggedIn(database.db);
    await sql`update member set nickname = 'Shahriar' where id = ${me.memberId}`.execute(database.db);
    const brand = await database.db.selectFrom('brand').select('id').executeTakeFirstOrThrow();
    const game = await database.db
      .selectFrom('game')
      .select(['node_id', 'game_type'])
      .where('game_type', '=', 'FISH')
      .executeTakeFirstOrThrow();
    await database.db
      .insertInto('winner_board_entry')
      .values({
        brand_id: brand.id,
        member_id: me.memberId,
        customer_name: 'ignored',
        node_id: game.node_id,
        game_type: game.game_type,
        win_amount: 999_999_999_99n,
        won_at: clock,
      })
      .execute();
    const [top] = (await value(`${GAMES_PATHS.winnerBoard}?limitNum=1`, WinnerBoardResponseSchema)).list;
    expect(top).toMatchObject({ customerName: 'Sh****ar', winAmount: '99999999999', nodeId: game.node_id });
  });

  it('masks by characters, Bengali included', () => {
    expect(maskName('rakib921')).toBe('ra****21');
    expect(maskName('rasel')).toBe('r****l');
    expect(maskName('ab')).toBe('a****');
    // সু and মে are one letter each to a reader: never split from their vowel signs.
    expect(maskName('সুমন আহমেদ')).toBe('সুম****মেদ');
    expect(maskName('')).toBe('****');
  });
});

describe(`hot matches ${GAMES_PATHS.gameMatches}`, () => {
  it('serves each advert with its coming matches, soonest first, in the language asked', async () => {
    clock = new Date();
    const ads = await value(`${GAMES_PATHS.gameMatches}?language=EN`, GameMatchesResponseSchema);
    expect(ads.map((a) => a.vassalage)).toEqual(['SBO', 'SABA', 'IMES']);
    for (const ad of ads) {
      expect(ad.matchList.length).toBeGreaterThan(0);
      const times = ad.matchList.map((m) => m.matchTime);
      expect(times).toEqual([...times].sort());
      expect(ad.nodeId).toMatch(/^\d+$/);
    }
    expect(ads[0]?.matchList[0]).toMatchObject({ homeTeam: 'Dhaka Royals', league: 'Bangladesh T20 League' });
    expect(ads[0]?.matchList[0]?.homeTeamImageUrl).toBe('/team-art/v1/dhaka-royals.svg');
    const bn = await value(`${GAMES_PATHS.gameMatches}?vassalage=SBO`, GameMatchesResponseSchema);
    expect(bn.map((a) => a.vassalage)).toEqual(['SBO']);
    expect(bn[0]?.matchList[0]?.homeTeam).toBe('ঢাকা রয়্যালস');
  });

  it('drops matches that started more than 3 hours ago', async () => {
    const latest = await database.db
      .selectFrom('hot_match')
      .select((eb) => eb.fn.max('match_time').as('t'))
      .executeTakeFirstOrThrow();
    clock = new Date(new Date(latest.t as Date).getTime() + 3 * 3_600_000 + 1000);
    try {
      expect(await value(GAMES_PATHS.gameMatches, GameMatchesResponseSchema)).toEqual([]);
    } finally {
      clock = new Date();
    }
  });
});

describe(`jackpot ${GAMES_PATHS.jackpot}`, () => {
  it('serves the counter bounds and pace of spec section 2, in minor units', async () => {
    const v = await value(GAMES_PATHS.jackpot, JackpotResponseSchema);
    expect(BigInt(v.min)).toBeLessThan(BigInt(v.max));
    expect(v).toMatchObject({ incrementMin: '1000', incrementMax: '5000', intervalMinMs: 3000, intervalMaxMs: 5000, currencySymbol: '৳' });
  });

  it('is NOT_FOUND for a brand without one', async () => {
    await database.db.deleteFrom('jackpot_config').execute();
    const res = await getJson(app, GAMES_PATHS.jackpot);
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ code: 'NOT_FOUND' });
  });
});

import { CONSOLE_PATHS, consolePath } from '@playfront/contract/console';
import { GAMES_PATHS, LOBBY_PATHS } from '@playfront/contract/games-paths';
import { SYSTEM_PATHS } from '@playfront/contract/system-paths';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BASE_HEADERS, makeApp, makeClock, type TestApp } from '../../../test/accounts-helpers.ts';
import { createTestDatabase, type TestDatabase, testDbKind } from '../../../test/test-db.ts';
import { demoGames, fundedMember, launchGame, PLAY_ENV } from '../play/play.fixtures.ts';
import { auditRows, consoleCall, type SignedInStaff, signedInStaff } from './console.fixtures.ts';

/**
 * The console's content, brand and games pages (lane D, decision 046): what staff save is what the member API
 * serves, each change writes exactly one audit row, refusals change nothing.
 */

let database: TestDatabase;
let t: TestApp;
let owner: SignedInStaff;
let editor: SignedInStaff;

beforeAll(async () => {
  database = await createTestDatabase();
  t = await makeApp(database, { ...PLAY_ENV, RATE_LIMIT_PER_MINUTE: '100000000' }, makeClock(new Date('2026-12-01T08:00:00Z')));
  owner = await signedInStaff(t, 'owner');
  editor = await signedInStaff(t, 'content');
}, 120_000);

afterAll(async () => {
  await t?.app.close();
  await database?.close();
});

const auditCount = async () => Number((await sql<{ n: string }>`select count(*) as n from staff_audit`.execute(database.db)).rows[0]?.n);
const member = (url: string, headers: Record<string, string> = {}, ip = '127.0.0.1') =>
  t.app.inject({ method: 'GET', url, headers: { ...BASE_HEADERS, ...headers }, remoteAddress: ip });

describe(`console content (${testDbKind})`, () => {
  it('a notice and a popup saved by a content editor are served by the member notice call; unpublished ones are not', async () => {
    const before = await auditCount();
    const notice = await consoleCall(t, 'POST', CONSOLE_PATHS.notices, editor.token, {
      type: 'B',
      title: { EN: 'Server upgrade tonight', BN: 'আজ রাতে সার্ভার আপগ্রেড' },
      content: { EN: 'Short pause at 02:00.', BN: 'রাত ২টায় সামান্য বিরতি।' },
    });
    expect(notice.statusCode, notice.body).toBe(201);
    const popup = await consoleCall(t, 'POST', CONSOLE_PATHS.popups, editor.token, {
      execution: 'A',
      title: { EN: 'Welcome back', BN: 'আবার স্বাগতম' },
      content: {
        EN: '<p onclick="x()">Hello <strong>player</strong><script>alert(1)</script> <a href="javascript:alert(2)">go</a></p>',
        BN: '<p>হ্যালো</p>',
      },
    });
    expect(popup.statusCode, popup.body).toBe(201);
    expect(popup.json().value.content.EN).toBe('<p>Hello <strong>player</strong> go</p>');
    expect(await auditCount()).toBe(before + 2);
    expect(await auditRows(database.db, 'popup.create', popup.json().value.id)).toHaveLength(1);

    const bundle = await member(`${LOBBY_PATHS.notice}?types=B,PL,PU,PR&platform=W&execution=A&language=EN`);
    const value = bundle.json().value;
    expect(value.banners.map((n: { title: string }) => n.title)).toContain('Server upgrade tonight');
    const served = value.popup.find((p: { id: string }) => p.id === `P${popup.json().value.id}`);
    expect(served.content).toBe('<p>Hello <strong>player</strong> go</p>');
    expect(served.execution).toBe('A');
    // An anonymous visitor's popups (B) do not include the logged-in one.
    const anonymous = (await member(`${LOBBY_PATHS.notice}?execution=B&language=BN`)).json().value;
    expect(anonymous.popup.some((p: { id: string }) => p.id === `P${popup.json().value.id}`)).toBe(false);

    // Unpublish the notice: members stop getting it; one audit row with before and after.
    const id = notice.json().value.id;
    const hidden = await consoleCall(t, 'PUT', consolePath('notice', { itemId: id }), editor.token, {
      type: 'B',
      title: { EN: 'Server upgrade tonight', BN: 'আজ রাতে সার্ভার আপগ্রেড' },
      content: { EN: 'Short pause at 02:00.', BN: 'রাত ২টায় সামান্য বিরতি।' },
      active: false,
    });
    expect(hidden.json().value.active).toBe(false);
    const [row] = await auditRows(database.db, 'notice.update', id);
    expect(row?.before).toMatchObject({ active: true });
    expect(row?.after).toMatchObject({ active: false });
    const after = (await member(`${LOBBY_PATHS.notice}?types=B&language=EN`)).json().value;
    expect(after.banners.some((n: { id: number }) => String(n.id) === id)).toBe(false);
  });

  it('a popup whose text is only script is refused and nothing is written', async () => {
    const before = await auditCount();
    const popups = (await consoleCall(t, 'GET', CONSOLE_PATHS.popups, owner.token)).json().value.list.length;
    const res = await consoleCall(t, 'POST', CONSOLE_PATHS.popups, owner.token, {
      execution: 'B',
      title: { EN: 'x', BN: 'x' },
      content: { EN: '<script>alert(1)</script>', BN: '<p>ঠিক আছে</p>' },
    });
    expect(res.json().code).toBe('VALIDATION');
    expect(res.json().fields).toHaveProperty(['content.EN']);
    expect(await auditCount()).toBe(before);
    expect((await consoleCall(t, 'GET', CONSOLE_PATHS.popups, owner.token)).json().value.list).toHaveLength(popups);
  });

  it('an announcement scheduled for later is served from its time on', async () => {
    const at = new Date(t.clock.now.getTime() + 3_600_000).toISOString();
    const res = await consoleCall(t, 'POST', CONSOLE_PATHS.announcements, editor.token, {
      title: { EN: 'Weekend cup', BN: 'সপ্তাহান্তের কাপ' },
      content: { EN: '<h2>Cup</h2><p>Join in.</p>', BN: '<p>যোগ দিন।</p>' },
      publishedAt: at,
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().value.live).toBe(false);
    const titles = async () =>
      (await member(`${LOBBY_PATHS.announcements}?pageNo=1&pageSize=9&language=EN`))
        .json()
        .value.content.map((a: { title: string }) => a.title);
    expect(await titles()).not.toContain('Weekend cup');
    t.clock.advance(3_600_000);
    expect(await titles()).toContain('Weekend cup');
    // Staff sessions end after 30 idle minutes: fresh ones for what follows.
    owner = await signedInStaff(t, 'owner');
    editor = await signedInStaff(t, 'content');
  });

  it('a notice and a popup with a start and an end are served only inside that window; an end before the start is refused', async () => {
    const at = (minutes: number) => new Date(t.clock.now.getTime() + minutes * 60_000).toISOString();
    const window = { startsAt: at(10), endsAt: at(25) };
    const notice = await consoleCall(t, 'POST', CONSOLE_PATHS.notices, editor.token, {
      type: 'B',
      title: { EN: 'Cup final tonight', BN: 'আজ রাতে কাপ ফাইনাল' },
      content: { EN: 'Live from 20:00.', BN: 'রাত ৮টা থেকে সরাসরি।' },
      ...window,
    });
    expect(notice.statusCode, notice.body).toBe(201);
    expect(notice.json().value).toMatchObject({ ...window, state: 'scheduled' });
    const popup = await consoleCall(t, 'POST', CONSOLE_PATHS.popups, editor.token, {
      execution: 'B',
      title: { EN: 'Final offer', BN: 'ফাইনাল অফার' },
      content: { EN: '<p>Tonight only.</p>', BN: '<p>শুধু আজ রাতে।</p>' },
      ...window,
    });
    expect(popup.statusCode, popup.body).toBe(201);
    const served = async () => {
      const value = (await member(`${LOBBY_PATHS.notice}?types=B&execution=B&language=EN`)).json().value;
      return {
        notice: value.banners.some((n: { id: number }) => String(n.id) === notice.json().value.id),
        popup: value.popup.some((p: { id: string }) => p.id === `P${popup.json().value.id}`),
      };
    };
    const stateInConsole = async () =>
      (await consoleCall(t, 'GET', CONSOLE_PATHS.notices, editor.token))
        .json()
        .value.list.find((n: { id: string }) => n.id === notice.json().value.id).state;

    expect(await served()).toEqual({ notice: false, popup: false });
    t.clock.advance(10 * 60_000);
    expect(await served()).toEqual({ notice: true, popup: true });
    expect(await stateInConsole()).toBe('shown');
    t.clock.advance(15 * 60_000);
    expect(await served()).toEqual({ notice: false, popup: false });
    expect(await stateInConsole()).toBe('ended');

    // An end before the start: a field error on the end, and nothing written.
    const before = await auditCount();
    const bad = await consoleCall(t, 'POST', CONSOLE_PATHS.notices, editor.token, {
      type: 'B',
      title: { EN: 'Backwards', BN: 'উল্টো' },
      content: { EN: 'x', BN: 'x' },
      startsAt: at(60),
      endsAt: at(30),
    });
    expect(bad.json().code).toBe('VALIDATION');
    expect(bad.json().fields).toHaveProperty(['endsAt']);
    expect(await auditCount()).toBe(before);
  });

  it('help articles: EN and BN saved together, sanitised, served in each language; unpublished or renamed as saved', async () => {
    const input = {
      slug: 'withdrawal-times',
      category: 'PAYMENTS',
      title: { EN: 'Withdrawal times', BN: 'উত্তোলনের সময়' },
      content: { EN: '<p>Within <em>one hour</em>.<img src=x onerror=alert(1)></p>', BN: '<p>এক ঘণ্টার মধ্যে।</p>' },
      sort: 5,
    };
    const created = await consoleCall(t, 'POST', CONSOLE_PATHS.helpArticles, editor.token, input);
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json().value.content.EN).toBe('<p>Within <em>one hour</em>.</p>');
    const again = await consoleCall(t, 'POST', CONSOLE_PATHS.helpArticles, editor.token, input);
    expect(again.json().code).toBe('HELP_SLUG_TAKEN');

    const help = async (lang: string) =>
      (await member(`${SYSTEM_PATHS.helpCenter}?lang=${lang}`)).json().value as { slug: string; title: string; content: string }[];
    expect((await help('EN')).find((a) => a.slug === 'withdrawal-times')?.content).toBe('<p>Within <em>one hour</em>.</p>');
    expect((await help('BN')).find((a) => a.slug === 'withdrawal-times')?.title).toBe('উত্তোলনের সময়');

    const unpublished = await consoleCall(t, 'PUT', consolePath('helpArticle', { slug: 'withdrawal-times' }), editor.token, {
      ...input,
      slug: 'payout-times',
      active: false,
    });
    expect(unpublished.json().value.slug).toBe('payout-times');
    expect((await help('EN')).some((a) => a.slug === 'withdrawal-times' || a.slug === 'payout-times')).toBe(false);
    expect(await auditRows(database.db, 'help.update', 'withdrawal-times')).toHaveLength(1);
    const list = (await consoleCall(t, 'GET', CONSOLE_PATHS.helpArticles, owner.token)).json().value.list as { slug: string }[];
    expect(list.map((a) => a.slug)).toContain('payout-times');
    expect(list.map((a) => a.slug)).not.toContain('withdrawal-times');
  });

  it('preview answers the stored form and changes nothing', async () => {
    const before = await auditCount();
    const res = await consoleCall(t, 'POST', CONSOLE_PATHS.contentPreview, editor.token, { html: '<p>ok<script>x</script></p>' });
    expect(res.json().value.html).toBe('<p>ok</p>');
    expect(await auditCount()).toBe(before);
  });
});

describe(`console brand (${testDbKind})`, () => {
  it('maintenance on: the status says 1 with the message in the visitor’s language and member calls are refused; off again: open', async () => {
    const on = await consoleCall(t, 'PUT', CONSOLE_PATHS.brandMaintenance, owner.token, {
      maintenance: true,
      message: { EN: 'Back at 10:00.', BN: '১০টায় ফিরছি।' },
    });
    expect(on.statusCode, on.body).toBe(200);
    expect(on.json().value.maintenance).toBe(true);
    const status = (await member(SYSTEM_PATHS.status, { language: 'EN' })).json().value;
    expect(status).toMatchObject({ status: 1, message: 'Back at 10:00.' });
    expect((await member(SYSTEM_PATHS.status, { language: 'BN' })).json().value.message).toBe('১০টায় ফিরছি।');
    // The gate's cache was cleared: a gated member call is refused at once.
    expect((await member(GAMES_PATHS.favGames)).json().code).toBe('MAINTENANCE');
    expect(await auditRows(database.db, 'brand.maintenance')).toHaveLength(1);

    await consoleCall(t, 'PUT', CONSOLE_PATHS.brandMaintenance, owner.token, { maintenance: false, message: { EN: '', BN: '' } });
    const open = (await member(SYSTEM_PATHS.status)).json().value;
    expect(open.status).toBe(0);
    expect(open.message).toBeUndefined();
    expect((await member(GAMES_PATHS.favGames)).json().code).not.toBe('MAINTENANCE');
  });

  it('region rules: a network added restricts its visitors; a bad network is refused and writes nothing; removed, open again', async () => {
    const before = await auditCount();
    for (const cidr of ['203.0.113.5/24', 'not-an-ip', '10.0.0.0/33']) {
      const bad = await consoleCall(t, 'POST', CONSOLE_PATHS.brandRegions, owner.token, { cidr, label: 'x' });
      expect(bad.json().code, cidr).toBe('CIDR_INVALID');
    }
    expect(await auditCount()).toBe(before);
    const added = await consoleCall(t, 'POST', CONSOLE_PATHS.brandRegions, owner.token, { cidr: '100.64.10.0/24', label: 'Test net' });
    expect(added.statusCode, added.body).toBe(201);
    const rule = (added.json().value.regions as { id: string; cidr: string }[]).find((r) => r.cidr === '100.64.10.0/24');
    expect(rule).toBeDefined();
    expect((await member(SYSTEM_PATHS.status, {}, '100.64.10.7')).json().value.status).toBe(2);
    expect((await member(SYSTEM_PATHS.status, {}, '192.0.2.7')).json().value.status).toBe(0);
    await consoleCall(t, 'DELETE', consolePath('brandRegion', { ruleId: rule?.id ?? '0' }), owner.token);
    expect((await member(SYSTEM_PATHS.status, {}, '100.64.10.7')).json().value.status).toBe(0);
    expect(await auditCount()).toBe(before + 2);
  });

  it('flags, registration rules, deposit limits and hosts are what the member API answers next', async () => {
    const settings = (await consoleCall(t, 'GET', CONSOLE_PATHS.brandSettings, owner.token)).json().value;
    const flags = await consoleCall(t, 'PUT', CONSOLE_PATHS.brandFlags, owner.token, {
      flags: { ...settings.flags, FREEPLAY3: !settings.flags.FREEPLAY3 },
      features: { ...settings.features, HIDE_UNCONNECTED_GAMES: true },
    });
    expect(flags.statusCode, flags.body).toBe(200);
    const whitelabel = (await member(SYSTEM_PATHS.whitelabel)).json().value;
    expect(whitelabel.flags.FREEPLAY3).toBe(!settings.flags.FREEPLAY3);
    expect(whitelabel.features.HIDE_UNCONNECTED_GAMES).toBe(true);

    const rules = settings.registration.map((r: { field: string }) =>
      r.field === 'email' ? { ...r, show: true, required: true, patternId: 'ANY', minLength: 5, maxLength: 80 } : r,
    );
    const refused = await consoleCall(t, 'PUT', CONSOLE_PATHS.brandRegistration, owner.token, {
      rules: rules.map((r: { field: string }) => (r.field === 'password' ? { ...r, show: false, required: false } : r)),
    });
    expect(refused.json().code).toBe('VALIDATION');
    const saved = await consoleCall(t, 'PUT', CONSOLE_PATHS.brandRegistration, owner.token, { rules });
    expect(saved.statusCode, saved.body).toBe(200);
    const email = (await member(SYSTEM_PATHS.regValidata)).json().value.email;
    expect(email).toMatchObject({ show: true, required: true, minLength: 5, maxLength: 80 });

    const channel = settings.channels[0];
    const badLimits = await consoleCall(t, 'PUT', consolePath('brandChannel', { channelId: channel.id }), owner.token, {
      name: channel.name,
      nameBn: channel.nameBn,
      minAmount: '500000',
      maxAmount: '100',
      sort: channel.sort,
      active: true,
    });
    expect(badLimits.json().code).toBe('VALIDATION');
    const goodLimits = await consoleCall(t, 'PUT', consolePath('brandChannel', { channelId: channel.id }), owner.token, {
      name: channel.name,
      nameBn: channel.nameBn,
      minAmount: '20000',
      maxAmount: '9900000',
      sort: channel.sort,
      active: true,
    });
    expect(goodLimits.statusCode, goodLimits.body).toBe(200);
    const stored = await database.db
      .selectFrom('deposit_channel')
      .select(['min_amount', 'max_amount'])
      .where('id', '=', Number(channel.id))
      .executeTakeFirstOrThrow();
    expect([String(stored.min_amount), String(stored.max_amount)]).toEqual(['20000', '9900000']);
    expect(await auditRows(database.db, 'brand.channel', channel.id)).toHaveLength(1);

    const hosts = await consoleCall(t, 'PUT', CONSOLE_PATHS.brandHosts, owner.token, {
      mainDomain: 'playfront.example',
      imageCdns: ['/cdn/img-b', '/cdn/img-a'],
      launchCdns: settings.launchCdns,
      domains: [{ domain: 'agent.playfront.example', purpose: 'agent', path: '/agent' }],
    });
    expect(hosts.statusCode, hosts.body).toBe(200);
    const permission = (await member(SYSTEM_PATHS.permission)).json().value;
    expect(permission.imageCDNs).toEqual(['/cdn/img-b', '/cdn/img-a']);
    expect(permission.mainDomain).toBe('playfront.example');
    expect(permission.domainRoute).toEqual([{ domain: 'agent.playfront.example', purpose: 'agent', path: '/agent' }]);
    const badHost = await consoleCall(t, 'PUT', CONSOLE_PATHS.brandHosts, owner.token, {
      mainDomain: 'playfront.example',
      imageCdns: ['javascript:alert(1)'],
      launchCdns: settings.launchCdns,
      domains: [],
    });
    expect(badHost.statusCode).toBe(400);
    expect(await auditRows(database.db, 'brand.hosts')).toHaveLength(1);
  });
});

describe(`console games (${testDbKind})`, () => {
  it('a vendor under maintenance refuses launches until it is back; each change audited; a content editor may not touch it', async () => {
    const games = await demoGames(database.db);
    const player = await fundedMember(database.db, t.clock.now, 100_000n);
    const maintenance = await consoleCall(t, 'PUT', consolePath('vendor', { vendorCode: 'PG' }), owner.token, {
      active: true,
      maintenance: true,
    });
    expect(maintenance.statusCode, maintenance.body).toBe(200);
    expect(maintenance.json().value).toMatchObject({ code: 'PG', active: true, maintenance: true });
    expect((await launchGame(t, player.token, { nodeId: games.slot.nodeId })).json().code).toBe('VENDOR_MAINTENANCE');
    await consoleCall(t, 'PUT', consolePath('vendor', { vendorCode: 'PG' }), owner.token, { active: true, maintenance: false });
    expect((await launchGame(t, player.token, { nodeId: games.slot.nodeId })).statusCode).toBe(200);
    expect(await auditRows(database.db, 'vendor.update', 'PG')).toHaveLength(2);
    // A content editor may not touch the catalogue.
    expect(
      (await consoleCall(t, 'PUT', consolePath('vendor', { vendorCode: 'PG' }), editor.token, { active: false, maintenance: false })).json()
        .code,
    ).toBe('STAFF_PERMISSION_DENIED');
  });

  it('catalogue import: a file with a bad row is reported line by line and imports nothing; a clean file imports once, audited', async () => {
    const before = await auditCount();
    const bad = [
      'vendor,gameCode,gameType,nameEn,minBet',
      'PG,lane-d-1,RNG,Lane D One,100',
      'NOPE,lane-d-2,RNG,Lane D Two,100',
      'PG,lane-d-3,RNG,,100',
    ].join('\n');
    const refused = await consoleCall(t, 'POST', CONSOLE_PATHS.catalogueImport, owner.token, { format: 'csv', content: bad });
    expect(refused.json().code).toBe('CATALOGUE_IMPORT_INVALID');
    const report = refused.json().value;
    expect(report.applied).toBe(false);
    expect(report.rejected.map((r: { line: number }) => r.line)).toEqual([3, 4]);
    expect(report.rejected[0].reasons.join(' ')).toContain('unknown vendor NOPE');
    const none = await database.db.selectFrom('game').select('game_code').where('game_code', 'like', 'lane-d-%').execute();
    expect(none).toEqual([]);
    expect(await auditCount()).toBe(before);

    const dry = await consoleCall(t, 'POST', CONSOLE_PATHS.catalogueImport, owner.token, {
      format: 'csv',
      content: ['vendor,gameCode,gameType,nameEn,minBet', 'PG,lane-d-1,RNG,Lane D One,100'].join('\n'),
      dryRun: true,
    });
    expect(dry.json().value).toMatchObject({ dryRun: true, applied: false, created: 1 });
    expect(await auditCount()).toBe(before);
    const applied = await consoleCall(t, 'POST', CONSOLE_PATHS.catalogueImport, owner.token, {
      format: 'csv',
      content: ['vendor,gameCode,gameType,nameEn,minBet', 'PG,lane-d-1,RNG,Lane D One,100'].join('\n'),
    });
    expect(applied.json().value).toMatchObject({ applied: true, created: 1 });
    expect(await auditCount()).toBe(before + 1);
    expect((await auditRows(database.db, 'catalogue.import'))[0]?.after).toMatchObject({ created: 1, updated: 0 });
  });

  it('hot games and the jackpot counter: what the lobby serves next', async () => {
    const [game] = (await consoleCall(t, 'GET', `${CONSOLE_PATHS.games}?q=Lane D One`, owner.token)).json().value.list;
    expect(game?.gameCode).toBe('lane-d-1');
    const hot = await consoleCall(t, 'PUT', consolePath('gameHot', { nodeId: game.nodeId }), owner.token, { hot: true });
    expect(hot.json().value.hot).toBe(true);
    const lobby = (await member(`${GAMES_PATHS.hotGames}?vassalage=PG&language=EN&limit=100`)).json().value.list as { nodeId: string }[];
    expect(lobby.map((g) => String(g.nodeId))).toContain(String(game.nodeId));
    expect(await auditRows(database.db, 'game.hot', game.nodeId)).toHaveLength(1);

    const badJackpot = await consoleCall(t, 'PUT', CONSOLE_PATHS.jackpot, owner.token, {
      min: '900',
      max: '100',
      incrementMin: '10',
      incrementMax: '50',
      intervalMinMs: 3000,
      intervalMaxMs: 5000,
    });
    expect(badJackpot.json().code).toBe('VALIDATION');
    const jackpot = await consoleCall(t, 'PUT', CONSOLE_PATHS.jackpot, owner.token, {
      min: '100000000',
      max: '200000000',
      incrementMin: '1000',
      incrementMax: '5000',
      intervalMinMs: 3000,
      intervalMaxMs: 5000,
    });
    expect(jackpot.statusCode, jackpot.body).toBe(200);
    expect((await member(GAMES_PATHS.jackpot)).json().value).toMatchObject({ min: '100000000', max: '200000000', incrementMax: '5000' });
    expect(await auditRows(database.db, 'jackpot.update')).toHaveLength(1);
  });
});

import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import {
  CATALOGUE_OPS_PATHS,
  CatalogueImportReportSchema,
  ErrorEnvelopeSchema,
  GAMES_PATHS,
  GameListResponseSchema,
  OPERATOR_KEY_HEADER,
} from '@playfront/contract';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../../test/test-db.ts';
import { catalogueApp, getJson, OPERATOR_KEY } from './games.fixtures.ts';

let database: TestDatabase;
let app: FastifyInstance;

// One database for the file; every test imports its own game codes (prefix per test), so they do not meet.
beforeAll(async () => {
  database = await createTestDatabase();
  app = await catalogueApp(database);
});
afterAll(async () => {
  await app.close();
  await database.close();
});

function post(body: Record<string, unknown>, key: string | null = OPERATOR_KEY) {
  return app.inject({
    method: 'POST',
    url: CATALOGUE_OPS_PATHS.import,
    headers: { 'content-type': 'application/json', ...(key ? { [OPERATOR_KEY_HEADER]: key } : {}) },
    payload: JSON.stringify(body),
  });
}

async function imported(body: Record<string, unknown>) {
  const res = await post(body);
  expect(res.statusCode, res.body).toBe(200);
  return CatalogueImportReportSchema.parse(res.json().value);
}

async function refused(body: Record<string, unknown>) {
  const res = await post(body);
  expect(res.statusCode, res.body).toBe(422);
  const error = ErrorEnvelopeSchema.parse(res.json());
  expect(error).toMatchObject({ code: 'CATALOGUE_IMPORT_INVALID', message: 'errors.catalogueImportInvalid' });
  return CatalogueImportReportSchema.parse(error.value);
}

async function stored(prefix: string) {
  return database.db.selectFrom('game').selectAll().where('game_code', 'like', `${prefix}%`).orderBy('game_code').execute();
}

const row = (prefix: string, n: number, extra: Record<string, unknown> = {}) => ({
  vendor: 'PG',
  gameCode: `${prefix}${n}`,
  gameType: 'RNG',
  nameEn: `Imported Lantern ${prefix}${n}`,
  nameBn: `আমদানি লণ্ঠন ${n}`,
  minBet: 100 * n,
  lines: 20 + n,
  ...extra,
});

describe(`catalogue import ${CATALOGUE_OPS_PATHS.import}`, () => {
  it('creates new games, then reports all unchanged on a second identical import', async () => {
    const pgTotal = async () =>
      GameListResponseSchema.parse((await getJson(app, `${GAMES_PATHS.gameList}?vassalage=PG&gameType=RNG`)).json()).value.total;
    const before = await pgTotal();
    const rows = [row('JA', 1, { hot: true, classify: 'JP' }), row('JA', 2), row('JA', 3, { vendor: 'JL' })];
    const content = JSON.stringify(rows, null, 2);
    const first = await imported({ format: 'json', content });
    // The list's cached count follows the import at once.
    expect(await pgTotal()).toBe(before + 2);
    expect(first).toMatchObject({ applied: true, total: 3, valid: 3, created: 3, updated: 0, unchanged: 0, rejected: [] });
    const games = await stored('JA');
    expect(games.map((g) => [g.vendor_code, g.game_code, g.min_bet, g.lines, g.is_hot, g.classify])).toEqual([
      ['PG', 'JA1', 100n, 21, true, 'JP'],
      ['PG', 'JA2', 200n, 22, false, null],
      ['JL', 'JA3', 300n, 23, false, null],
    ]);
    // Imported node ids come from the sequence, above the demo seed's.
    expect(games.every((g) => Number(g.node_id) > 1_000_000)).toBe(true);

    const second = await imported({ format: 'json', content });
    expect(second).toMatchObject({ applied: true, created: 0, updated: 0, unchanged: 3 });
    expect((await stored('JA')).map((g) => [g.node_id, g.updated_at.getTime()])).toEqual(
      games.map((g) => [g.node_id, g.updated_at.getTime()]),
    );

    // Players find them straight away.
    const found = GameListResponseSchema.parse(
      (await getJson(app, `${GAMES_PATHS.gameSearch}?keyword=lantern%20ja&language=EN`)).json(),
    ).value;
    expect(found.games.map((g) => g.gameCode).sort()).toEqual(['JA1', 'JA2', 'JA3']);
  });

  it('updates a changed row in place, and only that one', async () => {
    const rows = [row('UP', 1), row('UP', 2), row('UP', 3)];
    await imported({ format: 'json', content: JSON.stringify(rows) });
    const before = await stored('UP');
    const changed = [rows[0], { ...rows[1], minBet: 5000, nameEn: 'Renamed Lantern' }, rows[2]];
    const report = await imported({ format: 'json', content: JSON.stringify(changed) });
    expect(report).toMatchObject({ created: 0, updated: 1, unchanged: 2 });
    const after = await stored('UP');
    expect(after.map((g) => g.node_id)).toEqual(before.map((g) => g.node_id));
    expect(after[1]).toMatchObject({ min_bet: 5000n, name_en: 'Renamed Lantern' });
    expect(after[0]?.updated_at.getTime()).toBe(before[0]?.updated_at.getTime());
    // The tile URL follows the new name, so caches fetch the new art.
    const list = GameListResponseSchema.parse((await getJson(app, `${GAMES_PATHS.gameSearch}?keyword=renamed%20lantern`)).json()).value;
    expect(list.games[0]?.iconUrl).toMatch(/^\/game-art\/v1\/PG\/UP2\.[0-9a-f]{8}\.svg$/);
    const tile = await app.inject({ method: 'GET', url: `/cdn/img-a${list.games[0]?.iconUrl}` });
    expect(tile.body).toContain('Renamed Lantern');
  });

  it('reads CSV; blank cells keep what is stored, a quoted name may hold a comma', async () => {
    const csv = [
      'vendor,gameCode,gameType,nameEn,nameBn,minBet,lines,hot,active',
      'PG,CS1,RNG,"Lantern, Deluxe CS",লণ্ঠন ডিলাক্স,150,30,yes,true',
      'JDB,CS2,RNG,Lantern Two CS,,250,,0,',
    ].join('\n');
    expect(await imported({ format: 'csv', content: csv })).toMatchObject({ created: 2, rejected: [] });
    const [one, two] = await stored('CS');
    expect(one).toMatchObject({ name_en: 'Lantern, Deluxe CS', name_bn: 'লণ্ঠন ডিলাক্স', min_bet: 150n, lines: 30, is_hot: true });
    // No BN name: the English one; no lines: 0.
    expect(two).toMatchObject({ name_bn: 'Lantern Two CS', lines: 0, is_hot: false, active: true });

    // A partial file (no hot column) changes the minimum bet and keeps the hot flag.
    const partial = ['vendor,gameCode,gameType,nameEn,minBet', 'PG,CS1,RNG,"Lantern, Deluxe CS",175'].join('\n');
    expect(await imported({ format: 'csv', content: partial })).toMatchObject({ updated: 1, created: 0 });
    expect((await stored('CS'))[0]).toMatchObject({ min_bet: 175n, is_hot: true, lines: 30, name_bn: 'লণ্ঠন ডিলাক্স' });
  });

  it('applies nothing when a row is invalid, and names each bad line and why', async () => {
    const csv = [
      'vendor,gameCode,gameType,nameEn,minBet,lines,hot', // line 1
      'PG,BAD1,RNG,Fine Lantern,100,25,no', // line 2: valid
      'PG,BAD2,RNG,Cheap Lantern,abc,25,no', // line 3: minBet not a number
      '', // line 4: blank, skipped
      'NOPE,BAD3,RNG,Lost Lantern,100,25,no', // line 5: unknown vendor
      'PG,BAD1,RNG,Twin Lantern,100,25,no', // line 6: repeats line 2
      'PG,BAD4,CASINO,Odd Lantern,100,25,maybe', // line 7: game type and flag
      'PG,BAD5,RNG,"Broken', // line 8-9: a name with a line break
      'Lantern",100,25,no',
      'PG,BAD6,RNG,Short Lantern', // line 10: too few fields
      'PG,BAD7,RNG,Good Lantern,300,5,yes', // line 11: valid
    ].join('\n');
    const report = await refused({ format: 'csv', content: csv });
    expect(report).toMatchObject({ applied: false, total: 8, valid: 2, created: 2 });
    expect(report.rejected.map((r) => r.line)).toEqual([3, 5, 6, 7, 8, 10]);
    const reasons = Object.fromEntries(report.rejected.map((r) => [r.line, r.reasons.join(' | ')]));
    expect(reasons[3]).toMatch(/^minBet: /);
    expect(reasons[5]).toBe('vendor: unknown vendor NOPE');
    expect(reasons[6]).toMatch(/repeats the row on line 2/);
    expect(reasons[7]).toMatch(/gameType: /);
    expect(reasons[7]).toMatch(/hot: /);
    expect(reasons[8]).toMatch(/nameEn: no line breaks/);
    expect(reasons[10]).toBe('expected 7 fields, found 4');
    expect(await stored('BAD')).toEqual([]);

    // --skip-invalid applies the good rows and still reports the bad ones.
    const skipped = await imported({ format: 'csv', content: csv, skipInvalid: true });
    expect(skipped).toMatchObject({ applied: true, created: 2 });
    expect(skipped.rejected).toHaveLength(6);
    expect((await stored('BAD')).map((g) => g.game_code)).toEqual(['BAD1', 'BAD7']);
  });

  it('gives JSON rows the line they start on, and refuses fields it does not know', async () => {
    const content = `[
  {"vendor": "PG", "gameCode": "JL1", "gameType": "RNG", "nameEn": "Json Lantern", "minBet": 100},
  {
    "vendor": "PG",
    "gameCode": "JL2",
    "gameType": "RNG",
    "nameEn": "Json Lantern Two",
    "minbet": 100
  },
  "not a row"
]`;
    const report = await refused({ format: 'json', content });
    expect(report.rejected).toEqual([
      { row: 2, line: 3, reasons: ['unknown field "minbet"', expect.stringMatching(/^minBet: /)] },
      { row: 3, line: 10, reasons: ['expected an object with the row fields'] },
    ]);
    const broken = await refused({ format: 'json', content: '[\n  {"vendor": "PG",\n  oops\n]' });
    expect(broken.rejected[0]?.row).toBe(0);
    expect(broken.rejected[0]?.line).toBe(3);
    expect((await refused({ format: 'json', content: '{"vendor":"PG"}' })).rejected[0]?.reasons).toEqual(['expected a JSON array of rows']);
  });

  it('refuses a CSV header with unknown or repeated columns', async () => {
    const report = await refused({ format: 'csv', content: 'vendor,gameCode,gameType,nameEn,minBet,price,vendor\nPG,H1,RNG,X,1,2,PG' });
    expect(report.rejected).toHaveLength(1);
    expect(report.rejected[0]).toMatchObject({ row: 0, line: 1 });
    expect(report.rejected[0]?.reasons.join(' ')).toMatch(/unknown column "price".*column "vendor" appears twice/);
  });

  it('changes nothing on a dry run, but says what it would do', async () => {
    const rows = [row('DRY', 1), row('DRY', 2)];
    const report = await imported({ format: 'json', content: JSON.stringify(rows), dryRun: true });
    expect(report).toMatchObject({ dryRun: true, applied: false, created: 2 });
    expect(await stored('DRY')).toEqual([]);
  });

  it('needs the operator key', async () => {
    for (const key of [null, 'wrong-key-wrong-key-wrong']) {
      const res = await post({ format: 'json', content: JSON.stringify([row('KEY', 1)]) }, key);
      expect(res.statusCode).toBe(401);
      expect(res.json()).toMatchObject({ code: 'OPERATOR_UNAUTHORIZED' });
    }
    expect(await stored('KEY')).toEqual([]);
  });
});

describe('npm run catalogue:import', () => {
  const here = path.dirname(fileURLToPath(import.meta.url));
  const script = path.resolve(here, '../../../scripts/catalogue-import.ts');
  const run = promisify(execFile);

  async function cli(args: string[], url: string) {
    try {
      const { stdout, stderr } = await run(process.execPath, ['--import', 'tsx', script, ...args], {
        env: { ...process.env, PLAYFRONT_URL: url, OPERATOR_API_KEY: OPERATOR_KEY },
        timeout: 60_000,
      });
      return { code: 0, out: stdout + stderr };
    } catch (err) {
      const e = err as { code?: number; stdout?: string; stderr?: string };
      return { code: e.code ?? -1, out: `${e.stdout ?? ''}${e.stderr ?? ''}` };
    }
  }

  it('sends the file over HTTP: dry run, import, re-import unchanged, bad file refused with line numbers', async () => {
    const url = await app.listen({ port: 0, host: '127.0.0.1' });
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pf-import-'));
    try {
      const good = path.join(dir, 'games.csv');
      fs.writeFileSync(
        good,
        ['vendor,gameCode,gameType,nameEn,minBet', 'PG,CLI1,RNG,Cli Lantern,100', 'JL,CLI2,RNG,Cli Lantern Two,200'].join('\n'),
      );
      const dry = await cli([good, '--dry-run'], url);
      expect(dry.code, dry.out).toBe(0);
      expect(dry.out).toMatch(/2 rows, 2 valid \(dry run, nothing changed\)/);
      expect(await stored('CLI')).toEqual([]);

      const first = await cli([good], url);
      expect(first.code, first.out).toBe(0);
      expect(first.out).toMatch(/created\s+2/);
      const again = await cli([good], url);
      expect(again.out).toMatch(/unchanged\s+2/);
      expect(await stored('CLI')).toHaveLength(2);

      const bad = path.join(dir, 'bad.json');
      fs.writeFileSync(bad, JSON.stringify([{ vendor: 'PG', gameCode: 'CLI3', gameType: 'RNG', nameEn: 'X', minBet: -5 }], null, 2));
      const refusedRun = await cli([bad], url);
      expect(refusedRun.code).toBe(1);
      expect(refusedRun.out).toMatch(/line 2 \(row 1\): minBet: /);
      expect(refusedRun.out).toMatch(/nothing was imported/);
      expect(await stored('CLI3')).toEqual([]);

      expect((await cli([path.join(dir, 'games.txt')], url)).code).toBe(2);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});

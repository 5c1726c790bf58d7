import { describe, expect, it } from 'vitest';
import { CatalogueRowSchema, GameListQuerySchema, NoticeQuerySchema } from './games.ts';
import { cdnUrl, offeredClassifies, pickHost, regroupSportsLanes, splitVassalage, vendorCentreLanes } from './games-paths.ts';

describe('pickHost', () => {
  const hosts = ['/cdn/img-a', '/cdn/img-b', '/cdn/img-c'];

  it('picks among the hosts that have not failed, using the random source', () => {
    expect(pickHost(hosts, [], () => 0)).toBe('/cdn/img-a');
    expect(pickHost(hosts, [], () => 0.999)).toBe('/cdn/img-c');
    expect(pickHost(hosts, ['/cdn/img-a'], () => 0)).toBe('/cdn/img-b');
    expect(pickHost(hosts, new Set(['/cdn/img-a', '/cdn/img-c']), () => 0.7)).toBe('/cdn/img-b');
  });

  it('gives up (undefined) once every host failed, so the caller shows its fallback', () => {
    expect(pickHost(hosts, hosts)).toBeUndefined();
    expect(pickHost([])).toBeUndefined();
  });

  it('reaches every host over many picks', () => {
    const seen = new Set(Array.from({ length: 200 }, () => pickHost(hosts)));
    expect(seen).toEqual(new Set(hosts));
  });
});

describe('cdnUrl', () => {
  it('joins a host and a relative path with exactly one slash', () => {
    expect(cdnUrl('/cdn/img-a', '/game-art/v1/PG/x.svg')).toBe('/cdn/img-a/game-art/v1/PG/x.svg');
    expect(cdnUrl('https://img.example.com/', 'a.svg')).toBe('https://img.example.com/a.svg');
  });
  it('leaves an absolute URL alone', () => {
    expect(cdnUrl('/cdn/img-a', 'https://other.example.com/a.png')).toBe('https://other.example.com/a.png');
  });
});

describe('vendor lanes (spec sections 2 and 4)', () => {
  const card = (vassalage: string) => ({ vassalage });
  const lanes = [
    { gameCategory: 'RNG', title: 'Slots', cards: [card('PG')] },
    { gameCategory: 'SPORTS', title: 'Sports', cards: [card('SBO'), card('IMES'), card('SV3'), card('TF')] },
    { gameCategory: 'LOTT', title: 'Lottery', cards: [card('LOTT')] },
    { gameCategory: 'SPB', title: 'SPB', cards: [card('SPB')] },
  ];

  it('moves esport and cockfight cards out of SPORTS into lanes right after it', () => {
    const out = regroupSportsLanes(lanes, ['IMES', 'TF', 'IA'], ['SV3'], { ESPORTS: 'E-sports' });
    expect(out.map((l) => l.gameCategory)).toEqual(['RNG', 'SPORTS', 'ESPORTS', 'COCKFIGHT', 'LOTT', 'SPB']);
    expect(out[1]?.cards.map((c) => c.vassalage)).toEqual(['SBO']);
    expect(out[2]).toMatchObject({ title: 'E-sports', cards: [card('IMES'), card('TF')] });
    expect(out[3]?.cards).toEqual([card('SV3')]);
  });

  it('drops a SPORTS lane left empty', () => {
    const only = [{ gameCategory: 'SPORTS', title: 'Sports', cards: [card('IMES')] }];
    expect(regroupSportsLanes(only, ['IMES'], []).map((l) => l.gameCategory)).toEqual(['ESPORTS']);
  });

  it('keeps the vendor centre to the categories it lists', () => {
    const regrouped = regroupSportsLanes(lanes, ['IMES', 'TF'], ['SV3']);
    expect(vendorCentreLanes(regrouped).map((l) => l.gameCategory)).toEqual(['RNG']);
  });
});

describe('query vocabulary', () => {
  it('splits vassalage lists, upper-cased, without blanks or repeats', () => {
    expect(splitVassalage('SPB, ss,,SPB')).toEqual(['SPB', 'SS']);
    expect(GameListQuerySchema.parse({ vassalage: 'spb,SS' }).vassalage).toEqual(['SPB', 'SS']);
    expect(GameListQuerySchema.safeParse({ vassalage: 'PG;drop' }).success).toBe(false);
  });

  it('has the spec defaults: clientType 3 only, page 1 of 24, default sort', () => {
    expect(GameListQuerySchema.parse({})).toMatchObject({ pageNo: 1, pageSize: 24, sort: 'default' });
    expect(GameListQuerySchema.safeParse({ clientType: '3' }).success).toBe(true);
    expect(GameListQuerySchema.safeParse({ clientType: '4' }).success).toBe(false);
  });

  it('offers bingo only with language TY', () => {
    expect(offeredClassifies(['BN', 'EN'])).toEqual(['SC', 'VP', 'JP', 'TG', 'AC']);
    expect(offeredClassifies(['EN', 'TY'])).toContain('BG');
  });

  it('reads notice types and executions as comma lists', () => {
    expect(NoticeQuerySchema.parse({ types: 'B,PL,PU,PR,H', execution: 'A,F' })).toMatchObject({
      types: ['B', 'PL', 'PU', 'PR', 'H'],
      execution: ['A', 'F'],
      platform: 'W',
    });
    expect(NoticeQuerySchema.safeParse({ types: 'B,X' }).success).toBe(false);
  });
});

describe('CatalogueRowSchema', () => {
  const row = { vendor: 'pg', gameCode: 'X1', gameType: 'rng', nameEn: 'Lucky Tiger', minBet: '100' };

  it('reads CSV text cells: numbers, booleans, blanks as absent, codes upper-cased', () => {
    const parsed = CatalogueRowSchema.parse({ ...row, hot: 'yes', lines: '25', classify: 'jp', nameBn: '', active: '0' });
    expect(parsed).toMatchObject({ vendor: 'PG', gameType: 'RNG', classify: 'JP', minBet: 100, lines: 25, hot: true, active: false });
    expect(parsed.nameBn).toBeUndefined();
  });

  it('refuses what would corrupt the catalogue', () => {
    expect(CatalogueRowSchema.safeParse({ ...row, minBet: '1.5' }).success).toBe(false);
    expect(CatalogueRowSchema.safeParse({ ...row, minBet: -1 }).success).toBe(false);
    expect(CatalogueRowSchema.safeParse({ ...row, gameType: 'CASINO' }).success).toBe(false);
    expect(CatalogueRowSchema.safeParse({ ...row, hot: 'maybe' }).success).toBe(false);
    expect(CatalogueRowSchema.safeParse({ ...row, imagePath: '../etc/passwd' }).success).toBe(false);
    expect(CatalogueRowSchema.safeParse({ ...row, nameEn: ' ' }).success).toBe(false);
  });
});

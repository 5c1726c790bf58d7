import { BANNER_GROUPS, NOTICE_TYPES, POPUP_EXECUTIONS } from '@playfront/contract';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../../test/test-db.ts';
import { buildApp } from '../../app.ts';
import { loadConfig } from '../../config.ts';
import { ARTWORK, artworkPath, renderArtwork } from '../../seed/artwork.ts';
import { seedDemo } from '../../seed/seed-demo.ts';
import type { Localised } from './content.table.ts';

let database: TestDatabase;
let app: FastifyInstance;

beforeAll(async () => {
  database = await createTestDatabase();
  const config = loadConfig({ ...process.env, LOG_LEVEL: 'silent' } as NodeJS.ProcessEnv);
  app = await buildApp({ config, db: database.db, dbKind: database.kind });
});
afterAll(async () => {
  await app.close();
  await database.close();
});

/** Both languages present, different, and the Bengali one in Bengali script. */
function expectBilingual(text: Localised, what: string) {
  expect(text.EN, what).toBeTruthy();
  expect(text.BN, what).toBeTruthy();
  expect(text.BN, what).not.toBe(text.EN);
  expect(text.BN, what).toMatch(/[\u0980-\u09FF]/);
}

describe('demo content seed', () => {
  it('has at least 3 active banners in every group, titled in both languages', async () => {
    const banners = await database.db.selectFrom('banner').selectAll().where('active', '=', true).execute();
    for (const group of BANNER_GROUPS) {
      expect(banners.filter((b) => b.group_name === group).length, group).toBeGreaterThanOrEqual(3);
    }
    for (const b of banners) {
      expectBilingual(b.title, `banner ${b.id}`);
      expect(b.image_url.EN).toMatch(/^\/art\/v1\/banner\/[a-z0-9-]+\.en\.svg$/);
      expect(b.image_url.BN).toMatch(/\.bn\.svg$/);
    }
  });

  it('has notices of several types, popups for A, B and F, and about 20 dated announcements', async () => {
    const db = database.db;
    const notices = await db.selectFrom('notice').selectAll().execute();
    expect(notices.length).toBeGreaterThanOrEqual(6);
    expect(new Set(notices.map((n) => n.type))).toEqual(new Set(NOTICE_TYPES));
    for (const n of notices) {
      expect(n.platform).toBe('W');
      expectBilingual(n.title, `notice ${n.id}`);
      expectBilingual(n.content, `notice ${n.id}`);
    }

    const popups = await db.selectFrom('popup').selectAll().execute();
    expect(new Set(popups.map((p) => p.execution))).toEqual(new Set(POPUP_EXECUTIONS));
    for (const p of popups) expectBilingual(p.content, `popup ${p.id}`);

    const announcements = await db.selectFrom('announcement').selectAll().orderBy('published_at', 'desc').execute();
    expect(announcements.length).toBeGreaterThanOrEqual(20);
    for (const a of announcements) expectBilingual(a.title, `announcement ${a.id}`);
    // Fixed dates: the same seed on every machine.
    expect(announcements[0]!.published_at.toISOString()).toBe('2026-11-20T04:00:00.000Z');
  });

  it('is idempotent: seeding again adds nothing', async () => {
    const count = async () =>
      Promise.all(
        (['banner', 'notice', 'popup', 'announcement', 'help_article'] as const).map(async (t) =>
          Number(
            (
              await database.db
                .selectFrom(t)
                .select((eb) => eb.fn.countAll().as('n'))
                .executeTakeFirstOrThrow()
            ).n,
          ),
        ),
      );
    const before = await count();
    await seedDemo(database.db);
    expect(await count()).toEqual(before);
  });
});

describe('/cdn image hosts', () => {
  it('serve every seeded banner and popup image from both hosts as immutable SVG', async () => {
    const banners = await database.db.selectFrom('banner').select('image_url').execute();
    const popups = await database.db.selectFrom('popup').select('image_url').execute();
    const paths = [...banners, ...popups].flatMap((r) => (r.image_url ? [r.image_url.EN!, r.image_url.BN!] : []));
    expect(paths.length).toBeGreaterThan(26);
    for (const [i, p] of paths.entries()) {
      const host = i % 2 === 0 ? '/cdn/img-a' : '/cdn/img-b';
      const res = await app.inject({ method: 'GET', url: `${host}${p}` });
      expect(res.statusCode, p).toBe(200);
      expect(res.headers['content-type']).toBe('image/svg+xml; charset=utf-8');
      expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(res.body.startsWith('<svg xmlns="http://www.w3.org/2000/svg"')).toBe(true);
    }
  });

  it('render the headline in the language of the path, the same bytes every time', async () => {
    const url = `/cdn/img-a${artworkPath('banner', 'home-welcome', 'BN')}`;
    const first = await app.inject({ method: 'GET', url });
    const second = await app.inject({ method: 'GET', url });
    expect(first.body).toContain('১০০% স্বাগতম বোনাস');
    expect(first.body).toBe(second.body);
    const en = await app.inject({ method: 'GET', url: `/cdn/img-b${artworkPath('banner', 'home-welcome', 'EN')}` });
    expect(en.body).toContain('100% Welcome Bonus');
  });

  it('answer JSON 404 for anything not in the catalogue, and never leave their prefix', async () => {
    for (const url of [
      '/cdn/img-a/art/v1/banner/nope.en.svg',
      '/cdn/img-a/art/v0/banner/home-welcome.en.svg',
      '/cdn/img-a/art/v1/banner/home-welcome.fr.svg',
      '/cdn/img-c/art/v1/banner/home-welcome.en.svg',
      '/cdn/img-a/../../package.json',
    ]) {
      const res = await app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(404);
      expect(res.json()).toMatchObject({ success: false, code: 'NOT_FOUND' });
    }
  });
});

describe('artwork generator', () => {
  it('escapes text and produces well-formed, self-contained SVG for every entry', () => {
    for (const spec of ARTWORK) {
      for (const lang of ['EN', 'BN'] as const) {
        const svg = renderArtwork(spec, lang);
        expect(svg.match(/<svg /g)).toHaveLength(1);
        expect(svg.endsWith('</svg>')).toBe(true);
        expect(svg).not.toMatch(/NaN|undefined/);
        // Nothing loaded from elsewhere: no external references at all.
        expect(svg).not.toMatch(/https?:\/\/(?!www\.w3\.org\/2000\/svg)/);
        expect(svg).not.toMatch(/<image|<script|href=/);
      }
    }
    const hostile = renderArtwork({ ...ARTWORK[0]!, headline: { EN: '<script>&"', BN: 'x' } }, 'EN');
    expect(hostile).toContain('&lt;script&gt;&amp;&quot;');
    expect(hostile).not.toContain('<script>');
  });
});

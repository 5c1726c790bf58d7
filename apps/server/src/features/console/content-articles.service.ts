import type {
  AnnouncementInputSchema,
  ConsoleAnnouncement,
  ConsoleHelpArticle,
  ConsoleNotice,
  ConsolePopup,
  HelpArticleInputSchema,
  NoticeInputSchema,
  PopupInputSchema,
} from '@playfront/contract/console-content';
import type { z } from 'zod';
import type { Db } from '../../db/database.ts';
import { AppError } from '../../http/app-error.ts';
import type { Localised } from '../content/content.table.ts';
import { type AuditActor, withAudit } from '../staff/audit.ts';
import { hasText, sanitizeRichText } from './rich-text.ts';

/**
 * Notices, popups, announcements and help articles of the console (issue 17, lane D). They write the very tables the
 * member API reads (lobby.service noticeBundle / announcementPage, system.service helpCenter), so a saved item is
 * what members get on their next call. Every change and its audit row commit together (withAudit in the same
 * transaction). Rich text is sanitised here, before it is stored.
 */

type NoticeValues = z.output<typeof NoticeInputSchema>;
type PopupValues = z.output<typeof PopupInputSchema>;
type AnnouncementValues = z.output<typeof AnnouncementInputSchema>;
type HelpValues = z.output<typeof HelpArticleInputSchema>;
type Pair = { EN: string; BN: string };

const pair = (v: Localised | null | undefined): Pair => ({ EN: v?.EN ?? '', BN: v?.BN ?? '' });
const json = (v: Pair) => JSON.stringify(v);

/** Sanitises both languages; a language left with no text after sanitising is a field error. */
function richPair(input: Pair, field: string): Pair {
  const out = { EN: sanitizeRichText(input.EN), BN: sanitizeRichText(input.BN) };
  const fields: Record<string, { key: string }> = {};
  for (const lang of ['EN', 'BN'] as const) if (!hasText(out[lang])) fields[`${field}.${lang}`] = { key: 'errors.invalidField' };
  if (Object.keys(fields).length > 0) throw new AppError('VALIDATION', { fields });
  return out;
}

const isUniqueViolation = (err: unknown) => (err as { code?: string } | undefined)?.code === '23505';

// --- notices -------------------------------------------------------------------------------------------------------

type NoticeRow = {
  id: number;
  type: ConsoleNotice['type'];
  title: Localised;
  content: Localised;
  platform: string;
  sort: number;
  active: boolean;
};
const toNotice = (r: NoticeRow): ConsoleNotice => ({
  id: String(r.id),
  type: r.type,
  title: pair(r.title),
  content: pair(r.content),
  platform: r.platform,
  sort: r.sort,
  active: r.active,
});

export async function listNotices(db: Db, brandId: number): Promise<ConsoleNotice[]> {
  const rows = await db
    .selectFrom('notice')
    .selectAll()
    .where('brand_id', '=', brandId)
    .orderBy('type')
    .orderBy('sort')
    .orderBy('id')
    .execute();
  return rows.map(toNotice);
}

const noticeColumns = (v: NoticeValues) => ({
  type: v.type,
  title: json(v.title),
  content: json(v.content),
  sort: v.sort,
  active: v.active,
});

export async function createNotice(db: Db, actor: AuditActor, v: NoticeValues, now: Date): Promise<ConsoleNotice> {
  return db.transaction().execute(async (trx) => {
    const row = await trx
      .insertInto('notice')
      .values({ brand_id: actor.brandId, ...noticeColumns(v) } as never)
      .returningAll()
      .executeTakeFirstOrThrow();
    const out = toNotice(row);
    await withAudit(trx, actor, 'notice.create', { type: 'notice', id: row.id }, null, out, now);
    return out;
  });
}

export async function updateNotice(db: Db, actor: AuditActor, id: number, v: NoticeValues, now: Date): Promise<ConsoleNotice> {
  return db.transaction().execute(async (trx) => {
    const before = await trx
      .selectFrom('notice')
      .selectAll()
      .where('id', '=', id)
      .where('brand_id', '=', actor.brandId)
      .forUpdate()
      .executeTakeFirst();
    if (!before) throw new AppError('NOT_FOUND');
    const row = await trx
      .updateTable('notice')
      .set(noticeColumns(v) as never)
      .where('id', '=', id)
      .returningAll()
      .executeTakeFirstOrThrow();
    const out = toNotice(row);
    await withAudit(trx, actor, 'notice.update', { type: 'notice', id }, toNotice(before), out, now);
    return out;
  });
}

export async function deleteNotice(db: Db, actor: AuditActor, id: number, now: Date): Promise<ConsoleNotice> {
  return db.transaction().execute(async (trx) => {
    const row = await trx.deleteFrom('notice').where('id', '=', id).where('brand_id', '=', actor.brandId).returningAll().executeTakeFirst();
    if (!row) throw new AppError('NOT_FOUND');
    const out = toNotice(row);
    await withAudit(trx, actor, 'notice.delete', { type: 'notice', id }, out, null, now);
    return out;
  });
}

// --- popups --------------------------------------------------------------------------------------------------------

type PopupRow = {
  id: number;
  execution: ConsolePopup['execution'];
  title: Localised;
  content: Localised;
  image_url: Localised | null;
  sort: number;
  active: boolean;
};
const toPopup = (r: PopupRow): ConsolePopup => ({
  id: String(r.id),
  execution: r.execution,
  title: pair(r.title),
  content: pair(r.content),
  imageUrl: pair(r.image_url),
  sort: r.sort,
  active: r.active,
});

export async function listPopups(db: Db, brandId: number): Promise<ConsolePopup[]> {
  const rows = await db
    .selectFrom('popup')
    .selectAll()
    .where('brand_id', '=', brandId)
    .orderBy('execution')
    .orderBy('sort')
    .orderBy('id')
    .execute();
  return rows.map(toPopup);
}

const popupColumns = (v: PopupValues) => ({
  execution: v.execution,
  title: json(v.title),
  content: json(richPair(v.content, 'content')),
  // No image in either language: null, as the member API expects.
  image_url: v.imageUrl.EN || v.imageUrl.BN ? json(v.imageUrl) : null,
  sort: v.sort,
  active: v.active,
});

export async function createPopup(db: Db, actor: AuditActor, v: PopupValues, now: Date): Promise<ConsolePopup> {
  const columns = popupColumns(v);
  return db.transaction().execute(async (trx) => {
    const row = await trx
      .insertInto('popup')
      .values({ brand_id: actor.brandId, ...columns } as never)
      .returningAll()
      .executeTakeFirstOrThrow();
    const out = toPopup(row);
    await withAudit(trx, actor, 'popup.create', { type: 'popup', id: row.id }, null, out, now);
    return out;
  });
}

export async function updatePopup(db: Db, actor: AuditActor, id: number, v: PopupValues, now: Date): Promise<ConsolePopup> {
  const columns = popupColumns(v);
  return db.transaction().execute(async (trx) => {
    const before = await trx
      .selectFrom('popup')
      .selectAll()
      .where('id', '=', id)
      .where('brand_id', '=', actor.brandId)
      .forUpdate()
      .executeTakeFirst();
    if (!before) throw new AppError('NOT_FOUND');
    const row = await trx
      .updateTable('popup')
      .set(columns as never)
      .where('id', '=', id)
      .returningAll()
      .executeTakeFirstOrThrow();
    const out = toPopup(row);
    await withAudit(trx, actor, 'popup.update', { type: 'popup', id }, toPopup(before), out, now);
    return out;
  });
}

export async function deletePopup(db: Db, actor: AuditActor, id: number, now: Date): Promise<ConsolePopup> {
  return db.transaction().execute(async (trx) => {
    const row = await trx.deleteFrom('popup').where('id', '=', id).where('brand_id', '=', actor.brandId).returningAll().executeTakeFirst();
    if (!row) throw new AppError('NOT_FOUND');
    const out = toPopup(row);
    await withAudit(trx, actor, 'popup.delete', { type: 'popup', id }, out, null, now);
    return out;
  });
}

// --- announcements -------------------------------------------------------------------------------------------------

type AnnouncementRow = { id: number; title: Localised; content: Localised; promotion_type: string; published_at: Date };
const toAnnouncement = (r: AnnouncementRow, now: Date): ConsoleAnnouncement => ({
  id: String(r.id),
  title: pair(r.title),
  content: pair(r.content),
  promotionType: r.promotion_type,
  publishedAt: new Date(r.published_at).toISOString(),
  live: new Date(r.published_at).getTime() <= now.getTime(),
});

export async function listAnnouncements(db: Db, brandId: number, now: Date): Promise<ConsoleAnnouncement[]> {
  const rows = await db
    .selectFrom('announcement')
    .selectAll()
    .where('brand_id', '=', brandId)
    .orderBy('published_at', 'desc')
    .orderBy('id', 'desc')
    .limit(500)
    .execute();
  return rows.map((r) => toAnnouncement(r, now));
}

const announcementColumns = (v: AnnouncementValues) => ({
  title: json(v.title),
  content: json(richPair(v.content, 'content')),
  promotion_type: v.promotionType,
  published_at: new Date(v.publishedAt),
});

export async function createAnnouncement(db: Db, actor: AuditActor, v: AnnouncementValues, now: Date): Promise<ConsoleAnnouncement> {
  const columns = announcementColumns(v);
  return db.transaction().execute(async (trx) => {
    const row = await trx
      .insertInto('announcement')
      .values({ brand_id: actor.brandId, ...columns } as never)
      .returningAll()
      .executeTakeFirstOrThrow();
    const out = toAnnouncement(row, now);
    await withAudit(trx, actor, 'announcement.create', { type: 'announcement', id: row.id }, null, out, now);
    return out;
  });
}

export async function updateAnnouncement(
  db: Db,
  actor: AuditActor,
  id: number,
  v: AnnouncementValues,
  now: Date,
): Promise<ConsoleAnnouncement> {
  const columns = announcementColumns(v);
  return db.transaction().execute(async (trx) => {
    const before = await trx
      .selectFrom('announcement')
      .selectAll()
      .where('id', '=', id)
      .where('brand_id', '=', actor.brandId)
      .forUpdate()
      .executeTakeFirst();
    if (!before) throw new AppError('NOT_FOUND');
    const row = await trx
      .updateTable('announcement')
      .set(columns as never)
      .where('id', '=', id)
      .returningAll()
      .executeTakeFirstOrThrow();
    const out = toAnnouncement(row, now);
    await withAudit(trx, actor, 'announcement.update', { type: 'announcement', id }, toAnnouncement(before, now), out, now);
    return out;
  });
}

export async function deleteAnnouncement(db: Db, actor: AuditActor, id: number, now: Date): Promise<ConsoleAnnouncement> {
  return db.transaction().execute(async (trx) => {
    const row = await trx
      .deleteFrom('announcement')
      .where('id', '=', id)
      .where('brand_id', '=', actor.brandId)
      .returningAll()
      .executeTakeFirst();
    if (!row) throw new AppError('NOT_FOUND');
    const out = toAnnouncement(row, now);
    await withAudit(trx, actor, 'announcement.delete', { type: 'announcement', id }, out, null, now);
    return out;
  });
}

// --- help articles -------------------------------------------------------------------------------------------------

type HelpRow = {
  lang: string;
  slug: string;
  title: string;
  content: string;
  sort: number;
  category: string;
  active: boolean;
  updated_at: Date;
};

/** A help article is one slug with a row per language; the console edits both side by side. */
function toArticles(rows: HelpRow[]): ConsoleHelpArticle[] {
  const bySlug = new Map<string, ConsoleHelpArticle>();
  for (const r of rows) {
    let a = bySlug.get(r.slug);
    if (!a) {
      a = {
        slug: r.slug,
        category: r.category,
        title: { EN: '', BN: '' },
        content: { EN: '', BN: '' },
        sort: r.sort,
        active: r.active,
        updatedAt: '',
      };
      bySlug.set(r.slug, a);
    }
    if (r.lang === 'EN' || r.lang === 'BN') {
      a.title[r.lang] = r.title;
      a.content[r.lang] = r.content;
    }
    const at = new Date(r.updated_at).toISOString();
    if (at > a.updatedAt) a.updatedAt = at;
  }
  return [...bySlug.values()];
}

const helpColumns = ['lang', 'slug', 'title', 'content', 'sort', 'category', 'active', 'updated_at'] as const;

function helpRows(db: Db, brandId: number, slug?: string) {
  let q = db.selectFrom('help_article').select(helpColumns).where('brand_id', '=', brandId);
  if (slug !== undefined) q = q.where('slug', '=', slug);
  return q.orderBy('sort').orderBy('slug').orderBy('lang').execute();
}

export async function listHelpArticles(db: Db, brandId: number): Promise<ConsoleHelpArticle[]> {
  return toArticles(await helpRows(db, brandId));
}

async function writeHelp(trx: Db, brandId: number, slug: string, v: HelpValues, now: Date): Promise<void> {
  const content = richPair(v.content, 'content');
  for (const lang of ['EN', 'BN'] as const) {
    await trx
      .insertInto('help_article')
      .values({
        brand_id: brandId,
        lang,
        slug: v.slug,
        title: v.title[lang],
        content: content[lang],
        sort: v.sort,
        category: v.category,
        active: v.active,
        updated_at: now,
      })
      .onConflict((oc) =>
        oc.columns(['brand_id', 'lang', 'slug']).doUpdateSet({
          title: v.title[lang],
          content: content[lang],
          sort: v.sort,
          category: v.category,
          active: v.active,
          updated_at: now,
        }),
      )
      .execute();
  }
  // Renamed: the old address goes (in every language, the ones this form does not edit included).
  if (slug !== v.slug) await trx.deleteFrom('help_article').where('brand_id', '=', brandId).where('slug', '=', slug).execute();
}

async function slugTaken(trx: Db, brandId: number, slug: string): Promise<boolean> {
  const hit = await trx
    .selectFrom('help_article')
    .select('id')
    .where('brand_id', '=', brandId)
    .where('slug', '=', slug)
    .limit(1)
    .executeTakeFirst();
  return hit !== undefined;
}

export async function createHelpArticle(db: Db, actor: AuditActor, v: HelpValues, now: Date): Promise<ConsoleHelpArticle> {
  richPair(v.content, 'content');
  try {
    return await db.transaction().execute(async (trx) => {
      if (await slugTaken(trx, actor.brandId, v.slug)) throw new AppError('HELP_SLUG_TAKEN');
      await writeHelp(trx, actor.brandId, v.slug, v, now);
      const [out] = toArticles(await helpRows(trx, actor.brandId, v.slug));
      await withAudit(trx, actor, 'help.create', { type: 'help_article', id: v.slug }, null, out, now);
      return out as ConsoleHelpArticle;
    });
  } catch (err) {
    // Two staff creating the same address at once: the unique constraint decides, the loser changes nothing.
    if (isUniqueViolation(err)) throw new AppError('HELP_SLUG_TAKEN');
    throw err;
  }
}

export async function updateHelpArticle(db: Db, actor: AuditActor, slug: string, v: HelpValues, now: Date): Promise<ConsoleHelpArticle> {
  richPair(v.content, 'content');
  try {
    return await db.transaction().execute(async (trx) => {
      const before = await trx
        .selectFrom('help_article')
        .select(helpColumns)
        .where('brand_id', '=', actor.brandId)
        .where('slug', '=', slug)
        .forUpdate()
        .execute();
      if (before.length === 0) throw new AppError('NOT_FOUND');
      if (v.slug !== slug && (await slugTaken(trx, actor.brandId, v.slug))) throw new AppError('HELP_SLUG_TAKEN');
      await writeHelp(trx, actor.brandId, slug, v, now);
      const [out] = toArticles(await helpRows(trx, actor.brandId, v.slug));
      await withAudit(trx, actor, 'help.update', { type: 'help_article', id: slug }, toArticles(before)[0], out, now);
      return out as ConsoleHelpArticle;
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw new AppError('HELP_SLUG_TAKEN');
    throw err;
  }
}

export async function deleteHelpArticle(db: Db, actor: AuditActor, slug: string, now: Date): Promise<ConsoleHelpArticle> {
  return db.transaction().execute(async (trx) => {
    const rows = await trx
      .deleteFrom('help_article')
      .where('brand_id', '=', actor.brandId)
      .where('slug', '=', slug)
      .returning(helpColumns)
      .execute();
    const [out] = toArticles(rows);
    if (!out) throw new AppError('NOT_FOUND');
    await withAudit(trx, actor, 'help.delete', { type: 'help_article', id: slug }, out, null, now);
    return out;
  });
}

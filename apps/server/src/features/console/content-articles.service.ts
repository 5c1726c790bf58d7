import type {
  AnnouncementInputSchema,
  ConsoleAnnouncement,
  ConsoleHelpArticle,
  ConsoleNotice,
  ConsolePopup,
  ContentState,
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

type Window = { active: boolean; starts_at: Date | null; ends_at: Date | null };

/** The window as the console shows it, and where the item stands at `now`. */
function schedule(r: Window, now: Date): { startsAt: string | null; endsAt: string | null; state: ContentState } {
  const at = now.getTime();
  let state: ContentState = 'shown';
  if (!r.active) state = 'hidden';
  else if (r.starts_at && new Date(r.starts_at).getTime() > at) state = 'scheduled';
  else if (r.ends_at && new Date(r.ends_at).getTime() <= at) state = 'ended';
  return {
    startsAt: r.starts_at ? new Date(r.starts_at).toISOString() : null,
    endsAt: r.ends_at ? new Date(r.ends_at).toISOString() : null,
    state,
  };
}

const windowColumns = (v: { startsAt: string | null; endsAt: string | null }) => ({
  starts_at: v.startsAt ? new Date(v.startsAt) : null,
  ends_at: v.endsAt ? new Date(v.endsAt) : null,
});

const isUniqueViolation = (err: unknown) => (err as { code?: string } | undefined)?.code === '23505';

/** The content tables edited row by row; each one's name is also its audit target type and action prefix. */
type RowTable = 'notice' | 'popup' | 'announcement';

/** Create, update and delete of a brand's rows in one content table, each with its audit row in the same transaction. */
function auditedRows<Row, Item>(table: RowTable, toItem: (row: Row, now: Date) => Item) {
  const target = (id: number) => ({ type: table, id });
  return {
    create(db: Db, actor: AuditActor, columns: Record<string, unknown>, now: Date): Promise<Item> {
      return db.transaction().execute(async (trx) => {
        const row = (await trx
          .insertInto(table)
          .values({ brand_id: actor.brandId, ...columns } as never)
          .returningAll()
          .executeTakeFirstOrThrow()) as Row & { id: number };
        const out = toItem(row, now);
        await withAudit(trx, actor, `${table}.create`, target(row.id), null, out, now);
        return out;
      });
    },
    update(db: Db, actor: AuditActor, id: number, columns: Record<string, unknown>, now: Date): Promise<Item> {
      return db.transaction().execute(async (trx) => {
        const before = await trx
          .selectFrom(table)
          .selectAll()
          .where('id', '=', id)
          .where('brand_id', '=', actor.brandId)
          .forUpdate()
          .executeTakeFirst();
        if (!before) throw new AppError('NOT_FOUND');
        const row = await trx
          .updateTable(table)
          .set(columns as never)
          .where('id', '=', id)
          .returningAll()
          .executeTakeFirstOrThrow();
        const out = toItem(row as Row, now);
        await withAudit(trx, actor, `${table}.update`, target(id), toItem(before as Row, now), out, now);
        return out;
      });
    },
    remove(db: Db, actor: AuditActor, id: number, now: Date): Promise<Item> {
      return db.transaction().execute(async (trx) => {
        const row = await trx
          .deleteFrom(table)
          .where('id', '=', id)
          .where('brand_id', '=', actor.brandId)
          .returningAll()
          .executeTakeFirst();
        if (!row) throw new AppError('NOT_FOUND');
        const out = toItem(row as Row, now);
        await withAudit(trx, actor, `${table}.delete`, target(id), out, null, now);
        return out;
      });
    },
  };
}

// --- notices -------------------------------------------------------------------------------------------------------

type NoticeRow = {
  id: number;
  type: ConsoleNotice['type'];
  title: Localised;
  content: Localised;
  platform: string;
  sort: number;
  active: boolean;
} & Window;
const toNotice = (r: NoticeRow, now: Date): ConsoleNotice => ({
  id: String(r.id),
  type: r.type,
  title: pair(r.title),
  content: pair(r.content),
  platform: r.platform,
  sort: r.sort,
  active: r.active,
  ...schedule(r, now),
});

export async function listNotices(db: Db, brandId: number, now: Date): Promise<ConsoleNotice[]> {
  const rows = await db
    .selectFrom('notice')
    .selectAll()
    .where('brand_id', '=', brandId)
    .orderBy('type')
    .orderBy('sort')
    .orderBy('id')
    .execute();
  return rows.map((r) => toNotice(r, now));
}

const noticeColumns = (v: NoticeValues) => ({
  type: v.type,
  title: json(v.title),
  content: json(v.content),
  sort: v.sort,
  active: v.active,
  ...windowColumns(v),
});

const notices = auditedRows('notice', toNotice);
export const createNotice = (db: Db, actor: AuditActor, v: NoticeValues, now: Date): Promise<ConsoleNotice> =>
  notices.create(db, actor, noticeColumns(v), now);
export const updateNotice = (db: Db, actor: AuditActor, id: number, v: NoticeValues, now: Date): Promise<ConsoleNotice> =>
  notices.update(db, actor, id, noticeColumns(v), now);
export const deleteNotice = (db: Db, actor: AuditActor, id: number, now: Date): Promise<ConsoleNotice> =>
  notices.remove(db, actor, id, now);

// --- popups --------------------------------------------------------------------------------------------------------

type PopupRow = {
  id: number;
  execution: ConsolePopup['execution'];
  title: Localised;
  content: Localised;
  image_url: Localised | null;
  sort: number;
  active: boolean;
} & Window;
const toPopup = (r: PopupRow, now: Date): ConsolePopup => ({
  id: String(r.id),
  execution: r.execution,
  title: pair(r.title),
  content: pair(r.content),
  imageUrl: pair(r.image_url),
  sort: r.sort,
  active: r.active,
  ...schedule(r, now),
});

export async function listPopups(db: Db, brandId: number, now: Date): Promise<ConsolePopup[]> {
  const rows = await db
    .selectFrom('popup')
    .selectAll()
    .where('brand_id', '=', brandId)
    .orderBy('execution')
    .orderBy('sort')
    .orderBy('id')
    .execute();
  return rows.map((r) => toPopup(r, now));
}

const popupColumns = (v: PopupValues) => ({
  execution: v.execution,
  title: json(v.title),
  content: json(richPair(v.content, 'content')),
  // No image in either language: null, as the member API expects.
  image_url: v.imageUrl.EN || v.imageUrl.BN ? json(v.imageUrl) : null,
  sort: v.sort,
  active: v.active,
  ...windowColumns(v),
});

const popups = auditedRows('popup', toPopup);
export const createPopup = (db: Db, actor: AuditActor, v: PopupValues, now: Date): Promise<ConsolePopup> =>
  popups.create(db, actor, popupColumns(v), now);
export const updatePopup = (db: Db, actor: AuditActor, id: number, v: PopupValues, now: Date): Promise<ConsolePopup> =>
  popups.update(db, actor, id, popupColumns(v), now);
export const deletePopup = (db: Db, actor: AuditActor, id: number, now: Date): Promise<ConsolePopup> => popups.remove(db, actor, id, now);

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

const announcements = auditedRows('announcement', toAnnouncement);
export const createAnnouncement = (db: Db, actor: AuditActor, v: AnnouncementValues, now: Date): Promise<ConsoleAnnouncement> =>
  announcements.create(db, actor, announcementColumns(v), now);
export const updateAnnouncement = (db: Db, actor: AuditActor, id: number, v: AnnouncementValues, now: Date): Promise<ConsoleAnnouncement> =>
  announcements.update(db, actor, id, announcementColumns(v), now);
export const deleteAnnouncement = (db: Db, actor: AuditActor, id: number, now: Date): Promise<ConsoleAnnouncement> =>
  announcements.remove(db, actor, id, now);

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

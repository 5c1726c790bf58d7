import { CONSOLE_PATHS } from '@playfront/contract/console';
import {
  AnnouncementInputSchema,
  ConsoleAnnouncementListResponseSchema,
  ConsoleAnnouncementResponseSchema,
  ConsoleHelpArticleListResponseSchema,
  ConsoleHelpArticleResponseSchema,
  ConsoleNoticeListResponseSchema,
  ConsoleNoticeResponseSchema,
  ConsolePopupListResponseSchema,
  ConsolePopupResponseSchema,
  ContentItemParamsSchema,
  ContentPreviewRequestSchema,
  ContentPreviewResponseSchema,
  HelpArticleInputSchema,
  HelpSlugParamsSchema,
  NoticeInputSchema,
  PopupInputSchema,
} from '@playfront/contract/console-content';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { actorOf } from '../staff/staff-guard.ts';
import { ok } from './console-http.ts';
import {
  createAnnouncement,
  createHelpArticle,
  createNotice,
  createPopup,
  deleteAnnouncement,
  deleteHelpArticle,
  deleteNotice,
  deletePopup,
  listAnnouncements,
  listHelpArticles,
  listNotices,
  listPopups,
  updateAnnouncement,
  updateHelpArticle,
  updateNotice,
  updatePopup,
} from './content-articles.service.ts';
import { sanitizeRichText } from './rich-text.ts';

const read = { staff: { permission: 'content.read' as const } };
const write = { staff: { permission: 'content.write' as const } };

/** Notices, popups, announcements and help articles under /console/api (lane D, decision 046). */
export const consoleContentArticlesRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['console'];
  const { db } = app.deps;
  const now = () => app.deps.now();

  // --- notices
  app.get(
    CONSOLE_PATHS.notices,
    { config: read, schema: { tags, summary: 'Notices of the brand', response: { 200: ConsoleNoticeListResponseSchema } } },
    async (request) => ok({ list: await listNotices(db, actorOf(request).brandId, now()) }),
  );
  app.post(
    CONSOLE_PATHS.notices,
    {
      config: write,
      schema: { tags, summary: 'Create a notice', body: NoticeInputSchema, response: { 201: ConsoleNoticeResponseSchema } },
    },
    async (request, reply) => reply.status(201).send(ok(await createNotice(db, actorOf(request), request.body, now()))),
  );
  app.put(
    CONSOLE_PATHS.notice,
    {
      config: write,
      schema: {
        tags,
        summary: 'Change a notice',
        params: ContentItemParamsSchema,
        body: NoticeInputSchema,
        response: { 200: ConsoleNoticeResponseSchema },
      },
    },
    async (request) => ok(await updateNotice(db, actorOf(request), Number(request.params.itemId), request.body, now())),
  );
  app.delete(
    CONSOLE_PATHS.notice,
    {
      config: write,
      schema: { tags, summary: 'Remove a notice', params: ContentItemParamsSchema, response: { 200: ConsoleNoticeResponseSchema } },
    },
    async (request) => ok(await deleteNotice(db, actorOf(request), Number(request.params.itemId), now())),
  );

  // --- popups
  app.get(
    CONSOLE_PATHS.popups,
    { config: read, schema: { tags, summary: 'Popups of the brand', response: { 200: ConsolePopupListResponseSchema } } },
    async (request) => ok({ list: await listPopups(db, actorOf(request).brandId, now()) }),
  );
  app.post(
    CONSOLE_PATHS.popups,
    { config: write, schema: { tags, summary: 'Create a popup', body: PopupInputSchema, response: { 201: ConsolePopupResponseSchema } } },
    async (request, reply) => reply.status(201).send(ok(await createPopup(db, actorOf(request), request.body, now()))),
  );
  app.put(
    CONSOLE_PATHS.popup,
    {
      config: write,
      schema: {
        tags,
        summary: 'Change a popup',
        params: ContentItemParamsSchema,
        body: PopupInputSchema,
        response: { 200: ConsolePopupResponseSchema },
      },
    },
    async (request) => ok(await updatePopup(db, actorOf(request), Number(request.params.itemId), request.body, now())),
  );
  app.delete(
    CONSOLE_PATHS.popup,
    {
      config: write,
      schema: { tags, summary: 'Remove a popup', params: ContentItemParamsSchema, response: { 200: ConsolePopupResponseSchema } },
    },
    async (request) => ok(await deletePopup(db, actorOf(request), Number(request.params.itemId), now())),
  );

  // --- announcements
  app.get(
    CONSOLE_PATHS.announcements,
    {
      config: read,
      schema: { tags, summary: 'Announcements, scheduled ones included', response: { 200: ConsoleAnnouncementListResponseSchema } },
    },
    async (request) => ok({ list: await listAnnouncements(db, actorOf(request).brandId, now()) }),
  );
  app.post(
    CONSOLE_PATHS.announcements,
    {
      config: write,
      schema: {
        tags,
        summary: 'Create (or schedule) an announcement',
        body: AnnouncementInputSchema,
        response: { 201: ConsoleAnnouncementResponseSchema },
      },
    },
    async (request, reply) => reply.status(201).send(ok(await createAnnouncement(db, actorOf(request), request.body, now()))),
  );
  app.put(
    CONSOLE_PATHS.announcement,
    {
      config: write,
      schema: {
        tags,
        summary: 'Change an announcement',
        params: ContentItemParamsSchema,
        body: AnnouncementInputSchema,
        response: { 200: ConsoleAnnouncementResponseSchema },
      },
    },
    async (request) => ok(await updateAnnouncement(db, actorOf(request), Number(request.params.itemId), request.body, now())),
  );
  app.delete(
    CONSOLE_PATHS.announcement,
    {
      config: write,
      schema: {
        tags,
        summary: 'Remove an announcement',
        params: ContentItemParamsSchema,
        response: { 200: ConsoleAnnouncementResponseSchema },
      },
    },
    async (request) => ok(await deleteAnnouncement(db, actorOf(request), Number(request.params.itemId), now())),
  );

  // --- help articles
  app.get(
    CONSOLE_PATHS.helpArticles,
    {
      config: read,
      schema: { tags, summary: 'Help articles, EN and BN side by side', response: { 200: ConsoleHelpArticleListResponseSchema } },
    },
    async (request) => ok({ list: await listHelpArticles(db, actorOf(request).brandId) }),
  );
  app.post(
    CONSOLE_PATHS.helpArticles,
    {
      config: write,
      schema: { tags, summary: 'Create a help article', body: HelpArticleInputSchema, response: { 201: ConsoleHelpArticleResponseSchema } },
    },
    async (request, reply) => reply.status(201).send(ok(await createHelpArticle(db, actorOf(request), request.body, now()))),
  );
  app.put(
    CONSOLE_PATHS.helpArticle,
    {
      config: write,
      schema: {
        tags,
        summary: 'Change a help article (both languages)',
        params: HelpSlugParamsSchema,
        body: HelpArticleInputSchema,
        response: { 200: ConsoleHelpArticleResponseSchema },
      },
    },
    async (request) => ok(await updateHelpArticle(db, actorOf(request), request.params.slug, request.body, now())),
  );
  app.delete(
    CONSOLE_PATHS.helpArticle,
    {
      config: write,
      schema: { tags, summary: 'Remove a help article', params: HelpSlugParamsSchema, response: { 200: ConsoleHelpArticleResponseSchema } },
    },
    async (request) => ok(await deleteHelpArticle(db, actorOf(request), request.params.slug, now())),
  );

  // --- preview: the stored form of editor HTML, changes nothing
  app.post(
    CONSOLE_PATHS.contentPreview,
    {
      config: read,
      schema: {
        tags,
        summary: 'Rich text as members will get it (sanitised)',
        body: ContentPreviewRequestSchema,
        response: { 200: ContentPreviewResponseSchema },
      },
    },
    async (request) => ok({ html: sanitizeRichText(request.body.html) }),
  );
};

import type {
  AnnouncementInput,
  ConsoleAnnouncement,
  ConsoleHelpArticle,
  ConsoleNotice,
  ConsolePopup,
  HelpArticleInput,
  NoticeInput,
  PopupInput,
} from '@playfront/contract/console-content';
import { CONSOLE_PATHS, consolePath } from '@playfront/contract/console-paths';
import { api } from '../../lib/api.ts';

/** The console calls behind the notices, popups, announcements and help-article tabs (lane D). */
export const listNotices = () => api<{ list: ConsoleNotice[] }>(CONSOLE_PATHS.notices);
export const saveNotice = (id: string | null, input: NoticeInput) =>
  id
    ? api<ConsoleNotice>(consolePath('notice', { itemId: id }), { method: 'PUT', body: input })
    : api<ConsoleNotice>(CONSOLE_PATHS.notices, { method: 'POST', body: input });
export const deleteNotice = (id: string) => api<unknown>(consolePath('notice', { itemId: id }), { method: 'DELETE' });

export const listPopups = () => api<{ list: ConsolePopup[] }>(CONSOLE_PATHS.popups);
export const savePopup = (id: string | null, input: PopupInput) =>
  id
    ? api<ConsolePopup>(consolePath('popup', { itemId: id }), { method: 'PUT', body: input })
    : api<ConsolePopup>(CONSOLE_PATHS.popups, { method: 'POST', body: input });
export const deletePopup = (id: string) => api<unknown>(consolePath('popup', { itemId: id }), { method: 'DELETE' });

export const listAnnouncements = () => api<{ list: ConsoleAnnouncement[] }>(CONSOLE_PATHS.announcements);
export const saveAnnouncement = (id: string | null, input: AnnouncementInput) =>
  id
    ? api<ConsoleAnnouncement>(consolePath('announcement', { itemId: id }), { method: 'PUT', body: input })
    : api<ConsoleAnnouncement>(CONSOLE_PATHS.announcements, { method: 'POST', body: input });
export const deleteAnnouncement = (id: string) => api<unknown>(consolePath('announcement', { itemId: id }), { method: 'DELETE' });

export const listHelpArticles = () => api<{ list: ConsoleHelpArticle[] }>(CONSOLE_PATHS.helpArticles);
export const saveHelpArticle = (slug: string | null, input: HelpArticleInput) =>
  slug
    ? api<ConsoleHelpArticle>(consolePath('helpArticle', { slug }), { method: 'PUT', body: input })
    : api<ConsoleHelpArticle>(CONSOLE_PATHS.helpArticles, { method: 'POST', body: input });
export const deleteHelpArticle = (slug: string) => api<unknown>(consolePath('helpArticle', { slug }), { method: 'DELETE' });

/** The stored (sanitised) form of editor HTML, for the member preview. */
export const previewHtml = (html: string, signal?: AbortSignal) =>
  api<{ html: string }>(CONSOLE_PATHS.contentPreview, { method: 'POST', body: { html }, ...(signal ? { signal } : {}) });

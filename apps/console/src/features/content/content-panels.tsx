import { zodResolver } from '@hookform/resolvers/zod';
import {
  AnnouncementInputSchema,
  type ConsoleAnnouncement,
  type ConsoleHelpArticle,
  type ConsoleNotice,
  type ConsolePopup,
  type ContentState,
  HelpArticleInputSchema,
  NoticeInputSchema,
  PopupInputSchema,
} from '@playfront/contract/console-content';
import { NOTICE_TYPES, POPUP_EXECUTIONS } from '@playfront/contract/constants';
import { HELP_CATEGORIES } from '@playfront/contract/support-paths';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { createColumnHelper } from '@tanstack/react-table';
import { type ReactNode, useMemo, useState } from 'react';
import { Controller, type FieldValues, type Path, type UseFormReturn, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { formatTime } from '../../lib/format.ts';
import { toLocalInput, withLocalTimes } from '../../lib/local-time.ts';
import { DataTable, WRAP } from '../../ui/data-table.tsx';
import { Dialog } from '../../ui/dialog.tsx';
import { FormError } from '../../ui/states.tsx';
import { useCan } from '../auth/api.ts';
import {
  deleteAnnouncement,
  deleteHelpArticle,
  deleteNotice,
  deletePopup,
  listAnnouncements,
  listHelpArticles,
  listNotices,
  listPopups,
  saveAnnouncement,
  saveHelpArticle,
  saveNotice,
  savePopup,
} from './articles-api.ts';
import { MemberPreview } from './member-preview.tsx';
import { RichTextEditor } from './rich-text-editor.tsx';

const LANGS = ['EN', 'BN'] as const;
type Lang = (typeof LANGS)[number];

/** Text of an HTML fragment for the list (never rendered as HTML here). */
const plain = (html: string) =>
  html
    .replace(/<[^>]+>/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();

// --- shared pieces --------------------------------------------------------------------------------------------------

function FieldError({ show }: { show: boolean }) {
  const { t } = useTranslation();
  return show ? <span className="error">{t('content.fieldInvalid')}</span> : null;
}

/** Reads a nested error (`title.EN`) from react-hook-form's error tree. */
function hasError(form: UseFormReturn<FieldValues>, name: string): boolean {
  let node: unknown = form.formState.errors;
  for (const part of name.split('.')) node = (node as Record<string, unknown> | undefined)?.[part];
  return Boolean(node);
}

/** When a notice or popup shows: either end may stay empty. */
function ScheduleFields({ form, idPrefix }: { form: UseFormReturn<FieldValues>; idPrefix: string }) {
  const { t } = useTranslation();
  const endError = (form.formState.errors.endsAt as { message?: string } | undefined)?.message;
  return (
    <div className="row">
      <div className="field">
        <label htmlFor={`${idPrefix}-starts`}>{t('content.schedule.startsAt')}</label>
        <input
          id={`${idPrefix}-starts`}
          type="datetime-local"
          {...form.register('startsAt')}
          aria-describedby={`${idPrefix}-schedule-hint`}
          aria-invalid={hasError(form, 'startsAt')}
        />
        <FieldError show={hasError(form, 'startsAt')} />
      </div>
      <div className="field">
        <label htmlFor={`${idPrefix}-ends`}>{t('content.schedule.endsAt')}</label>
        <input
          id={`${idPrefix}-ends`}
          type="datetime-local"
          {...form.register('endsAt')}
          aria-describedby={`${idPrefix}-schedule-hint`}
          aria-invalid={Boolean(endError)}
        />
        {endError && <span className="error">{t(endError === 'content.endBeforeStart' ? endError : 'content.fieldInvalid')}</span>}
      </div>
      <span id={`${idPrefix}-schedule-hint`} className="hint">
        {t('content.schedule.hint')}
      </span>
    </div>
  );
}

/** Where an item stands now, and its window when it has one. */
function StateCell({ state, startsAt, endsAt }: { state: ContentState; startsAt: string | null; endsAt: string | null }) {
  const { t } = useTranslation();
  return (
    <>
      <span className={`badge${state === 'shown' ? ' ok' : ''}`}>{t(`content.states.${state}`)}</span>
      {(startsAt || endsAt) && (
        <div className="hint">{t('content.schedule.window', { from: formatTime(startsAt), until: formatTime(endsAt) })}</div>
      )}
    </>
  );
}

type LangColumnsProps = {
  form: UseFormReturn<FieldValues>;
  idPrefix: string;
  rich: false | 'popup' | 'announcement' | 'help';
};

/** EN and BN side by side: title and body per language; rich bodies with the editor and the member preview. */
function LangColumns({ form, idPrefix, rich }: LangColumnsProps) {
  const { t } = useTranslation();
  const values = form.watch() as { title?: Record<Lang, string>; content?: Record<Lang, string> };
  return (
    <div className="two-col">
      {LANGS.map((lang) => (
        <fieldset key={lang} className="card" lang={lang.toLowerCase()}>
          <legend>{t(`content.lang.${lang}`)}</legend>
          <div className="field">
            <label htmlFor={`${idPrefix}-title-${lang}`}>{t('content.title')}</label>
            <input id={`${idPrefix}-title-${lang}`} {...form.register(`title.${lang}`)} aria-invalid={hasError(form, `title.${lang}`)} />
            <FieldError show={hasError(form, `title.${lang}`)} />
          </div>
          {rich ? (
            <>
              <Controller
                control={form.control}
                name={`content.${lang}`}
                render={({ field }) => (
                  <RichTextEditor
                    label={t('content.body')}
                    value={String(field.value ?? '')}
                    onChange={field.onChange}
                    lang={lang === 'EN' ? 'en' : 'bn'}
                    invalid={hasError(form, `content.${lang}`)}
                  />
                )}
              />
              <FieldError show={hasError(form, `content.${lang}`)} />
              <MemberPreview title={values.title?.[lang] ?? ''} html={values.content?.[lang] ?? ''} lang={lang} kind={rich} />
            </>
          ) : (
            <div className="field">
              <label htmlFor={`${idPrefix}-content-${lang}`}>{t('content.body')}</label>
              <textarea
                id={`${idPrefix}-content-${lang}`}
                {...form.register(`content.${lang}`)}
                aria-invalid={hasError(form, `content.${lang}`)}
              />
              <FieldError show={hasError(form, `content.${lang}`)} />
            </div>
          )}
        </fieldset>
      ))}
    </div>
  );
}

type ItemDialogProps = {
  title: string;
  onClose: () => void;
  onSubmit: () => void;
  error: unknown;
  pending: boolean;
  children: ReactNode;
  isNew: boolean;
};

function ItemDialog({ title, onClose, onSubmit, error, pending, children, isNew }: ItemDialogProps) {
  const { t } = useTranslation();
  return (
    <Dialog open title={title} onClose={onClose}>
      <form
        noValidate
        className="content-form stack"
        onSubmit={(e) => {
          e.preventDefault();
          onSubmit();
        }}
      >
        {children}
        <FormError error={error} />
        <div className="dialog-actions">
          <button type="button" onClick={onClose}>
            {t('actions.cancel')}
          </button>
          <button type="submit" className="primary" disabled={pending}>
            {t(isNew ? 'content.publish' : 'actions.save')}
          </button>
        </div>
      </form>
    </Dialog>
  );
}

function ConfirmDelete({
  name,
  onCancel,
  onConfirm,
  error,
  pending,
}: {
  name: string;
  onCancel: () => void;
  onConfirm: () => void;
  error: unknown;
  pending: boolean;
}) {
  const { t } = useTranslation();
  return (
    <Dialog open title={t('content.deleteItemTitle')} onClose={onCancel}>
      <p>{t('content.deleteItemText', { title: name })}</p>
      <FormError error={error} />
      <div className="dialog-actions">
        <button type="button" onClick={onCancel}>
          {t('actions.cancel')}
        </button>
        <button type="button" className="danger" disabled={pending} onClick={onConfirm}>
          {t('actions.delete')}
        </button>
      </div>
    </Dialog>
  );
}

function Flag({ on, yes, no }: { on: boolean; yes: string; no: string }) {
  return <span className={`badge${on ? ' ok' : ''}`}>{on ? yes : no}</span>;
}

function useItemPanel<T>(key: string, remove: (item: T) => Promise<unknown>) {
  const queryClient = useQueryClient();
  const [editing, setEditing] = useState<T | 'new' | null>(null);
  const [deleting, setDeleting] = useState<T | null>(null);
  const refresh = () => void queryClient.invalidateQueries({ queryKey: [key] });
  const del = useMutation({
    mutationFn: remove,
    onSuccess: () => {
      setDeleting(null);
      refresh();
    },
  });
  return { editing, setEditing, deleting, setDeleting, refresh, del };
}

function RowActions({ name, onEdit, onDelete }: { name: string; onEdit: () => void; onDelete: () => void }) {
  const { t } = useTranslation();
  return (
    <div className="row">
      <button type="button" onClick={onEdit} aria-label={t('content.editItem', { title: name })}>
        {t('actions.edit')}
      </button>
      <button type="button" className="danger" onClick={onDelete} aria-label={t('content.deleteItem', { title: name })}>
        {t('actions.delete')}
      </button>
    </div>
  );
}

function TitlePair({ title }: { title: Record<Lang, string> }) {
  return (
    <>
      <div lang="en">EN: {title.EN}</div>
      <div lang="bn">BN: {title.BN}</div>
    </>
  );
}

// --- notices --------------------------------------------------------------------------------------------------------

type NoticeForm = z.input<typeof NoticeInputSchema>;
const noticeCol = createColumnHelper<ConsoleNotice>();

function NoticeFormDialog({ notice, onClose, onSaved }: { notice: ConsoleNotice | null; onClose: () => void; onSaved: () => void }) {
  const { t } = useTranslation();
  const form = useForm<NoticeForm, unknown, z.output<typeof NoticeInputSchema>>({
    resolver: withLocalTimes(zodResolver(NoticeInputSchema), ['startsAt', 'endsAt']),
    defaultValues: notice
      ? {
          type: notice.type,
          title: notice.title,
          content: notice.content,
          sort: notice.sort,
          active: notice.active,
          startsAt: toLocalInput(notice.startsAt),
          endsAt: toLocalInput(notice.endsAt),
        }
      : { type: 'B', title: { EN: '', BN: '' }, content: { EN: '', BN: '' }, sort: 0, active: true, startsAt: '', endsAt: '' },
  });
  const save = useMutation({
    mutationFn: (v: z.output<typeof NoticeInputSchema>) => saveNotice(notice?.id ?? null, v),
    onSuccess: onSaved,
  });
  return (
    <ItemDialog
      title={t(notice ? 'content.notices.edit' : 'content.notices.new')}
      onClose={onClose}
      onSubmit={form.handleSubmit((v) => save.mutate(v))}
      error={save.error}
      pending={save.isPending}
      isNew={!notice}
    >
      <div className="row">
        <div className="field">
          <label htmlFor="notice-type">{t('content.notices.type')}</label>
          <select id="notice-type" {...form.register('type')}>
            {NOTICE_TYPES.map((type) => (
              <option key={type} value={type}>
                {t(`content.noticeTypes.${type}`)}
              </option>
            ))}
          </select>
        </div>
        <SortAndActive form={form as unknown as UseFormReturn<FieldValues>} idPrefix="notice" />
      </div>
      <ScheduleFields form={form as unknown as UseFormReturn<FieldValues>} idPrefix="notice" />
      <LangColumns form={form as unknown as UseFormReturn<FieldValues>} idPrefix="notice" rich={false} />
    </ItemDialog>
  );
}

function SortAndActive({ form, idPrefix, activeLabel }: { form: UseFormReturn<FieldValues>; idPrefix: string; activeLabel?: string }) {
  const { t } = useTranslation();
  return (
    <>
      <div className="field">
        <label htmlFor={`${idPrefix}-sort`}>{t('content.sort')}</label>
        <input
          id={`${idPrefix}-sort`}
          type="number"
          min={0}
          max={10000}
          style={{ width: 100 }}
          {...form.register('sort' as Path<FieldValues>, { valueAsNumber: true })}
        />
        <FieldError show={hasError(form, 'sort')} />
      </div>
      <div className="field">
        <label className="check">
          <input type="checkbox" {...form.register('active' as Path<FieldValues>)} /> {activeLabel ?? t('content.active')}
        </label>
      </div>
    </>
  );
}

export function NoticesPanel() {
  const { t } = useTranslation();
  const writable = useCan()('content.write');
  const query = useQuery({ queryKey: ['notices'], queryFn: listNotices });
  const p = useItemPanel<ConsoleNotice>('notices', (n) => deleteNotice(n.id));
  const columns = useMemo(
    () => [
      noticeCol.accessor('type', { header: () => t('content.notices.type'), cell: (c) => t(`content.noticeTypes.${c.getValue()}`) }),
      noticeCol.display({
        id: 'title',
        header: () => t('content.title'),
        meta: WRAP,
        cell: (c) => <TitlePair title={c.row.original.title} />,
      }),
      noticeCol.display({
        id: 'body',
        header: () => t('content.body'),
        meta: WRAP,
        cell: (c) => <span className="text-clip">{c.row.original.content.EN}</span>,
      }),
      noticeCol.accessor('sort', { header: () => t('content.sort') }),
      noticeCol.accessor('state', {
        header: () => t('cols.status'),
        cell: (c) => <StateCell {...c.row.original} />,
      }),
      noticeCol.display({
        id: 'actions',
        header: () => t('cols.actions'),
        cell: (c) =>
          writable ? (
            <RowActions
              name={c.row.original.title.EN}
              onEdit={() => p.setEditing(c.row.original)}
              onDelete={() => p.setDeleting(c.row.original)}
            />
          ) : null,
      }),
    ],
    [t, writable, p.setEditing, p.setDeleting],
  );
  return (
    <>
      <DataTable
        caption={t('content.notices.title')}
        columns={columns}
        rows={query.data?.list}
        isLoading={query.isLoading}
        error={query.error}
        onRetry={() => void query.refetch()}
        rowKey={(n) => n.id}
        emptyText={t('content.notices.none')}
        tools={
          writable ? (
            <button type="button" className="primary" onClick={() => p.setEditing('new')}>
              {t('content.notices.new')}
            </button>
          ) : undefined
        }
      />
      {p.editing && (
        <NoticeFormDialog
          notice={p.editing === 'new' ? null : p.editing}
          onClose={() => p.setEditing(null)}
          onSaved={() => {
            p.setEditing(null);
            p.refresh();
          }}
        />
      )}
      {p.deleting && (
        <ConfirmDelete
          name={p.deleting.title.EN}
          onCancel={() => p.setDeleting(null)}
          onConfirm={() => p.deleting && p.del.mutate(p.deleting)}
          error={p.del.error}
          pending={p.del.isPending}
        />
      )}
    </>
  );
}

// --- popups ---------------------------------------------------------------------------------------------------------

type PopupForm = z.input<typeof PopupInputSchema>;
const popupCol = createColumnHelper<ConsolePopup>();

function PopupFormDialog({ popup, onClose, onSaved }: { popup: ConsolePopup | null; onClose: () => void; onSaved: () => void }) {
  const { t } = useTranslation();
  const form = useForm<PopupForm, unknown, z.output<typeof PopupInputSchema>>({
    resolver: withLocalTimes(zodResolver(PopupInputSchema), ['startsAt', 'endsAt']),
    defaultValues: popup
      ? {
          execution: popup.execution,
          title: popup.title,
          content: popup.content,
          imageUrl: popup.imageUrl,
          sort: popup.sort,
          active: popup.active,
          startsAt: toLocalInput(popup.startsAt),
          endsAt: toLocalInput(popup.endsAt),
        }
      : {
          execution: 'B',
          title: { EN: '', BN: '' },
          content: { EN: '', BN: '' },
          imageUrl: { EN: '', BN: '' },
          sort: 0,
          active: true,
          startsAt: '',
          endsAt: '',
        },
  });
  const save = useMutation({ mutationFn: (v: z.output<typeof PopupInputSchema>) => savePopup(popup?.id ?? null, v), onSuccess: onSaved });
  const f = form as unknown as UseFormReturn<FieldValues>;
  return (
    <ItemDialog
      title={t(popup ? 'content.popups.edit' : 'content.popups.new')}
      onClose={onClose}
      onSubmit={form.handleSubmit((v) => save.mutate(v))}
      error={save.error}
      pending={save.isPending}
      isNew={!popup}
    >
      <div className="row">
        <div className="field">
          <label htmlFor="popup-execution">{t('content.popups.execution')}</label>
          <select id="popup-execution" {...form.register('execution')} aria-describedby="popup-execution-hint">
            {POPUP_EXECUTIONS.map((x) => (
              <option key={x} value={x}>
                {t(`content.executions.${x}`)}
              </option>
            ))}
          </select>
          <span id="popup-execution-hint" className="hint">
            {t('content.popups.executionHint')}
          </span>
        </div>
        <SortAndActive form={f} idPrefix="popup" />
      </div>
      <ScheduleFields form={f} idPrefix="popup" />
      <div className="row">
        {LANGS.map((lang) => (
          <div className="field" key={lang} style={{ flex: 1 }}>
            <label htmlFor={`popup-image-${lang}`}>{t('content.popups.image', { lang })}</label>
            <input
              id={`popup-image-${lang}`}
              placeholder="/banners/…"
              {...form.register(`imageUrl.${lang}`)}
              aria-invalid={hasError(f, `imageUrl.${lang}`)}
            />
            <FieldError show={hasError(f, `imageUrl.${lang}`)} />
          </div>
        ))}
      </div>
      <LangColumns form={f} idPrefix="popup" rich="popup" />
    </ItemDialog>
  );
}

export function PopupsPanel() {
  const { t } = useTranslation();
  const writable = useCan()('content.write');
  const query = useQuery({ queryKey: ['popups'], queryFn: listPopups });
  const p = useItemPanel<ConsolePopup>('popups', (x) => deletePopup(x.id));
  const columns = useMemo(
    () => [
      popupCol.accessor('execution', { header: () => t('content.popups.execution'), cell: (c) => t(`content.executions.${c.getValue()}`) }),
      popupCol.display({
        id: 'title',
        header: () => t('content.title'),
        meta: WRAP,
        cell: (c) => <TitlePair title={c.row.original.title} />,
      }),
      popupCol.display({
        id: 'body',
        header: () => t('content.body'),
        meta: WRAP,
        cell: (c) => <span className="text-clip">{plain(c.row.original.content.EN)}</span>,
      }),
      popupCol.accessor('sort', { header: () => t('content.sort') }),
      popupCol.accessor('state', {
        header: () => t('cols.status'),
        cell: (c) => <StateCell {...c.row.original} />,
      }),
      popupCol.display({
        id: 'actions',
        header: () => t('cols.actions'),
        cell: (c) =>
          writable ? (
            <RowActions
              name={c.row.original.title.EN}
              onEdit={() => p.setEditing(c.row.original)}
              onDelete={() => p.setDeleting(c.row.original)}
            />
          ) : null,
      }),
    ],
    [t, writable, p.setEditing, p.setDeleting],
  );
  return (
    <>
      <DataTable
        caption={t('content.popups.title')}
        columns={columns}
        rows={query.data?.list}
        isLoading={query.isLoading}
        error={query.error}
        onRetry={() => void query.refetch()}
        rowKey={(n) => n.id}
        emptyText={t('content.popups.none')}
        tools={
          writable ? (
            <button type="button" className="primary" onClick={() => p.setEditing('new')}>
              {t('content.popups.new')}
            </button>
          ) : undefined
        }
      />
      {p.editing && (
        <PopupFormDialog
          popup={p.editing === 'new' ? null : p.editing}
          onClose={() => p.setEditing(null)}
          onSaved={() => {
            p.setEditing(null);
            p.refresh();
          }}
        />
      )}
      {p.deleting && (
        <ConfirmDelete
          name={p.deleting.title.EN}
          onCancel={() => p.setDeleting(null)}
          onConfirm={() => p.deleting && p.del.mutate(p.deleting)}
          error={p.del.error}
          pending={p.del.isPending}
        />
      )}
    </>
  );
}

// --- announcements --------------------------------------------------------------------------------------------------

type AnnouncementForm = z.input<typeof AnnouncementInputSchema>;
const announcementCol = createColumnHelper<ConsoleAnnouncement>();

function AnnouncementFormDialog({
  item,
  onClose,
  onSaved,
}: {
  item: ConsoleAnnouncement | null;
  onClose: () => void;
  onSaved: () => void;
}) {
  const { t } = useTranslation();
  const form = useForm<AnnouncementForm, unknown, z.output<typeof AnnouncementInputSchema>>({
    defaultValues: item
      ? { title: item.title, content: item.content, promotionType: item.promotionType, publishedAt: toLocalInput(item.publishedAt) }
      : { title: { EN: '', BN: '' }, content: { EN: '', BN: '' }, promotionType: '', publishedAt: toLocalInput(new Date().toISOString()) },
    resolver: withLocalTimes(zodResolver(AnnouncementInputSchema), ['publishedAt']),
  });
  const save = useMutation({
    mutationFn: (v: z.output<typeof AnnouncementInputSchema>) => saveAnnouncement(item?.id ?? null, v),
    onSuccess: onSaved,
  });
  const f = form as unknown as UseFormReturn<FieldValues>;
  return (
    <ItemDialog
      title={t(item ? 'content.announcements.edit' : 'content.announcements.new')}
      onClose={onClose}
      onSubmit={form.handleSubmit((v) => save.mutate(v))}
      error={save.error}
      pending={save.isPending}
      isNew={!item}
    >
      <div className="row">
        <div className="field">
          <label htmlFor="announcement-at">{t('content.announcements.publishedAt')}</label>
          <input
            id="announcement-at"
            type="datetime-local"
            {...form.register('publishedAt')}
            aria-describedby="announcement-at-hint"
            aria-invalid={hasError(f, 'publishedAt')}
          />
          <span id="announcement-at-hint" className="hint">
            {t('content.announcements.scheduleHint')}
          </span>
          <FieldError show={hasError(f, 'publishedAt')} />
        </div>
        <div className="field">
          <label htmlFor="announcement-kind">{t('content.announcements.label')}</label>
          <input id="announcement-kind" maxLength={40} {...form.register('promotionType')} />
        </div>
      </div>
      <LangColumns form={f} idPrefix="announcement" rich="announcement" />
    </ItemDialog>
  );
}

export function AnnouncementsPanel() {
  const { t } = useTranslation();
  const writable = useCan()('content.write');
  const query = useQuery({ queryKey: ['announcements'], queryFn: listAnnouncements });
  const p = useItemPanel<ConsoleAnnouncement>('announcements', (x) => deleteAnnouncement(x.id));
  const columns = useMemo(
    () => [
      announcementCol.accessor('publishedAt', {
        header: () => t('content.announcements.publishedAt'),
        cell: (c) => formatTime(c.getValue()),
      }),
      announcementCol.display({
        id: 'title',
        header: () => t('content.title'),
        meta: WRAP,
        cell: (c) => <TitlePair title={c.row.original.title} />,
      }),
      announcementCol.accessor('live', {
        header: () => t('cols.status'),
        cell: (c) => <Flag on={c.getValue()} yes={t('content.announcements.live')} no={t('content.announcements.scheduled')} />,
      }),
      announcementCol.display({
        id: 'actions',
        header: () => t('cols.actions'),
        cell: (c) =>
          writable ? (
            <RowActions
              name={c.row.original.title.EN}
              onEdit={() => p.setEditing(c.row.original)}
              onDelete={() => p.setDeleting(c.row.original)}
            />
          ) : null,
      }),
    ],
    [t, writable, p.setEditing, p.setDeleting],
  );
  return (
    <>
      <DataTable
        caption={t('content.announcements.title')}
        columns={columns}
        rows={query.data?.list}
        isLoading={query.isLoading}
        error={query.error}
        onRetry={() => void query.refetch()}
        rowKey={(n) => n.id}
        emptyText={t('content.announcements.none')}
        tools={
          writable ? (
            <button type="button" className="primary" onClick={() => p.setEditing('new')}>
              {t('content.announcements.new')}
            </button>
          ) : undefined
        }
      />
      {p.editing && (
        <AnnouncementFormDialog
          item={p.editing === 'new' ? null : p.editing}
          onClose={() => p.setEditing(null)}
          onSaved={() => {
            p.setEditing(null);
            p.refresh();
          }}
        />
      )}
      {p.deleting && (
        <ConfirmDelete
          name={p.deleting.title.EN}
          onCancel={() => p.setDeleting(null)}
          onConfirm={() => p.deleting && p.del.mutate(p.deleting)}
          error={p.del.error}
          pending={p.del.isPending}
        />
      )}
    </>
  );
}

// --- help articles --------------------------------------------------------------------------------------------------

type HelpForm = z.input<typeof HelpArticleInputSchema>;
const helpCol = createColumnHelper<ConsoleHelpArticle>();

function HelpFormDialog({ article, onClose, onSaved }: { article: ConsoleHelpArticle | null; onClose: () => void; onSaved: () => void }) {
  const { t } = useTranslation();
  const category = (HELP_CATEGORIES as readonly string[]).includes(article?.category ?? '')
    ? (article?.category as HelpForm['category'])
    : 'GENERAL';
  const form = useForm<HelpForm, unknown, z.output<typeof HelpArticleInputSchema>>({
    resolver: zodResolver(HelpArticleInputSchema),
    defaultValues: article
      ? { slug: article.slug, category, title: article.title, content: article.content, sort: article.sort, active: article.active }
      : { slug: '', category: 'GENERAL', title: { EN: '', BN: '' }, content: { EN: '', BN: '' }, sort: 0, active: true },
  });
  const save = useMutation({
    mutationFn: (v: z.output<typeof HelpArticleInputSchema>) => saveHelpArticle(article?.slug ?? null, v),
    onSuccess: onSaved,
  });
  const f = form as unknown as UseFormReturn<FieldValues>;
  return (
    <ItemDialog
      title={t(article ? 'content.help.edit' : 'content.help.new')}
      onClose={onClose}
      onSubmit={form.handleSubmit((v) => save.mutate(v))}
      error={save.error}
      pending={save.isPending}
      isNew={!article}
    >
      <div className="row">
        <div className="field">
          <label htmlFor="help-slug">{t('content.help.slug')}</label>
          <input id="help-slug" {...form.register('slug')} aria-describedby="help-slug-hint" aria-invalid={hasError(f, 'slug')} />
          <span id="help-slug-hint" className="hint">
            {t('content.help.slugHint')}
          </span>
          <FieldError show={hasError(f, 'slug')} />
        </div>
        <div className="field">
          <label htmlFor="help-category">{t('content.help.category')}</label>
          <select id="help-category" {...form.register('category')}>
            {HELP_CATEGORIES.map((c) => (
              <option key={c} value={c}>
                {t(`content.helpCategories.${c}`)}
              </option>
            ))}
          </select>
        </div>
        <SortAndActive form={f} idPrefix="help" activeLabel={t('content.help.published')} />
      </div>
      <LangColumns form={f} idPrefix="help" rich="help" />
    </ItemDialog>
  );
}

export function HelpPanel() {
  const { t } = useTranslation();
  const writable = useCan()('content.write');
  const query = useQuery({ queryKey: ['help-articles'], queryFn: listHelpArticles });
  const p = useItemPanel<ConsoleHelpArticle>('help-articles', (x) => deleteHelpArticle(x.slug));
  const columns = useMemo(
    () => [
      helpCol.accessor('slug', { header: () => t('content.help.slug') }),
      helpCol.accessor('category', {
        header: () => t('content.help.category'),
        cell: (c) =>
          (HELP_CATEGORIES as readonly string[]).includes(c.getValue()) ? t(`content.helpCategories.${c.getValue()}`) : c.getValue(),
      }),
      helpCol.display({
        id: 'title',
        header: () => t('content.title'),
        meta: WRAP,
        cell: (c) => <TitlePair title={c.row.original.title} />,
      }),
      helpCol.accessor('active', {
        header: () => t('cols.status'),
        cell: (c) => <Flag on={c.getValue()} yes={t('content.help.published')} no={t('content.help.unpublished')} />,
      }),
      helpCol.display({
        id: 'actions',
        header: () => t('cols.actions'),
        cell: (c) =>
          writable ? (
            <RowActions
              name={c.row.original.title.EN || c.row.original.slug}
              onEdit={() => p.setEditing(c.row.original)}
              onDelete={() => p.setDeleting(c.row.original)}
            />
          ) : null,
      }),
    ],
    [t, writable, p.setEditing, p.setDeleting],
  );
  return (
    <>
      <DataTable
        caption={t('content.help.title')}
        columns={columns}
        rows={query.data?.list}
        isLoading={query.isLoading}
        error={query.error}
        onRetry={() => void query.refetch()}
        rowKey={(n) => n.slug}
        emptyText={t('content.help.none')}
        tools={
          writable ? (
            <button type="button" className="primary" onClick={() => p.setEditing('new')}>
              {t('content.help.new')}
            </button>
          ) : undefined
        }
      />
      {p.editing && (
        <HelpFormDialog
          article={p.editing === 'new' ? null : p.editing}
          onClose={() => p.setEditing(null)}
          onSaved={() => {
            p.setEditing(null);
            p.refresh();
          }}
        />
      )}
      {p.deleting && (
        <ConfirmDelete
          name={p.deleting.title.EN || p.deleting.slug}
          onCancel={() => p.setDeleting(null)}
          onConfirm={() => p.deleting && p.del.mutate(p.deleting)}
          error={p.del.error}
          pending={p.del.isPending}
        />
      )}
    </>
  );
}

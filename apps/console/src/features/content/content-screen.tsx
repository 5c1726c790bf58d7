import type { Banner, BannerGroup } from '@playfront/contract/console';
import { BANNER_GROUPS } from '@playfront/contract/console-paths';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { createColumnHelper } from '@tanstack/react-table';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { DataTable, NUM, WRAP } from '../../ui/data-table.tsx';
import { Dialog } from '../../ui/dialog.tsx';
import { FormError } from '../../ui/states.tsx';
import { Tabs } from '../../ui/tabs.tsx';
import { useCan } from '../auth/api.ts';
import { bannerSrc, deleteBanner, imageHost, listBanners } from './api.ts';
import { BannerForm } from './banner-form.tsx';
import { AnnouncementsPanel, HelpPanel, NoticesPanel, PopupsPanel } from './content-panels.tsx';

const col = createColumnHelper<Banner>();

function BannersPanel() {
  const { t } = useTranslation();
  const can = useCan();
  const queryClient = useQueryClient();
  const [group, setGroup] = useState<BannerGroup>('w_home');
  const [editing, setEditing] = useState<Banner | 'new' | null>(null);
  const [deleting, setDeleting] = useState<Banner | null>(null);
  const host = useQuery({ queryKey: ['image-host'], queryFn: imageHost, staleTime: Infinity }).data ?? '';
  const query = useQuery({ queryKey: ['banners', group], queryFn: () => listBanners(group) });
  const refresh = () => void queryClient.invalidateQueries({ queryKey: ['banners'] });
  const remove = useMutation({
    mutationFn: (b: Banner) => deleteBanner(b.id),
    onSuccess: () => {
      setDeleting(null);
      refresh();
    },
  });
  const writable = can('content.write');
  const columns = useMemo(
    () => [
      col.display({
        id: 'preview',
        header: () => t('content.preview'),
        cell: (c) => (
          <img
            src={bannerSrc(host, c.row.original.imageUrl.EN)}
            alt=""
            style={{ width: 120, borderRadius: 4, display: 'block' }}
            loading="lazy"
          />
        ),
      }),
      col.display({
        id: 'title',
        header: () => t('content.title'),
        meta: WRAP,
        cell: (c) => (
          <>
            <div lang="en">EN: {c.row.original.title.EN}</div>
            <div lang="bn">BN: {c.row.original.title.BN}</div>
          </>
        ),
      }),
      col.accessor('sort', { header: () => t('content.sort'), meta: NUM }),
      col.accessor('active', {
        header: () => t('cols.status'),
        cell: (c) => <span className={`badge${c.getValue() ? ' ok' : ''}`}>{t(c.getValue() ? 'content.shown' : 'content.hidden')}</span>,
      }),
      col.display({
        id: 'actions',
        header: () => t('cols.actions'),
        cell: (c) =>
          writable ? (
            <div className="row">
              <button
                type="button"
                onClick={() => setEditing(c.row.original)}
                aria-label={t('content.editOne', { title: c.row.original.title.EN })}
              >
                {t('actions.edit')}
              </button>
              <button
                type="button"
                className="danger"
                onClick={() => setDeleting(c.row.original)}
                aria-label={t('content.deleteOne', { title: c.row.original.title.EN })}
              >
                {t('actions.delete')}
              </button>
            </div>
          ) : null,
      }),
    ],
    [t, host, writable],
  );
  return (
    <div className="stack">
      <Tabs
        id="banner-group"
        label={t('content.group')}
        tabs={BANNER_GROUPS}
        selected={group}
        onSelect={setGroup}
        labelOf={(g) => t(`content.groups.${g}`)}
        panelClassName=""
      >
        <DataTable
          caption={t('content.banners')}
          columns={columns}
          rows={query.data?.list}
          isLoading={query.isLoading}
          error={query.error}
          onRetry={() => void query.refetch()}
          rowKey={(b) => b.id}
          emptyText={t('content.none')}
          tools={
            writable ? (
              <button type="button" className="primary" onClick={() => setEditing('new')}>
                {t('content.new')}
              </button>
            ) : undefined
          }
        />
      </Tabs>
      {editing && (
        <BannerForm
          banner={editing === 'new' ? null : editing}
          group={group}
          host={host}
          onClose={() => setEditing(null)}
          onSaved={() => {
            setEditing(null);
            refresh();
          }}
        />
      )}
      <Dialog open={deleting !== null} title={t('content.deleteTitle')} onClose={() => setDeleting(null)}>
        <p>{t('content.deleteText', { title: deleting?.title.EN ?? '' })}</p>
        <FormError error={remove.error} />
        <div className="dialog-actions">
          <button type="button" onClick={() => setDeleting(null)}>
            {t('actions.cancel')}
          </button>
          <button type="button" className="danger" disabled={remove.isPending} onClick={() => deleting && remove.mutate(deleting)}>
            {t('actions.delete')}
          </button>
        </div>
      </Dialog>
    </div>
  );
}

const SECTIONS = ['banners', 'notices', 'popups', 'announcements', 'help'] as const;
type Section = (typeof SECTIONS)[number];

/** Content: banners, notices, popups (executions A, B, F), announcements and help articles; the section is in the URL. */
export default function ContentScreen() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const wanted = params.get('section');
  const section: Section = (SECTIONS as readonly string[]).includes(wanted ?? '') ? (wanted as Section) : 'banners';
  return (
    <div className="stack">
      <h1>{t('nav.content')}</h1>
      <Tabs
        id="content"
        label={t('content.sections.label')}
        tabs={SECTIONS}
        selected={section}
        onSelect={(s) => setParams(s === 'banners' ? {} : { section: s })}
        labelOf={(s) => t(`content.sections.${s}`)}
        panelClassName=""
      >
        <h2 className="visually-hidden">{t(`content.sections.${section}`)}</h2>
        {section === 'banners' && <BannersPanel />}
        {section === 'notices' && <NoticesPanel />}
        {section === 'popups' && <PopupsPanel />}
        {section === 'announcements' && <AnnouncementsPanel />}
        {section === 'help' && <HelpPanel />}
      </Tabs>
    </div>
  );
}

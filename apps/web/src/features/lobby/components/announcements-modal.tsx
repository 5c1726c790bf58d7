import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useDateFormat } from '../../../lib/date-format.ts';
import type { ModalBodyProps } from '../../../ui/modals/modal-types.ts';
import { Paginator } from '../../../ui/paginator/paginator.tsx';
import { SafeHtml } from '../../../ui/safe-html.tsx';
import { useAnnouncements } from '../api/get-announcements.ts';
import { useLang } from '../hooks/use-lang.ts';
import '../lobby.css';

/** noticeModal: the announcements popup, 9 titles a page (margin 1, range 5) beside the chosen one's detail. */
export default function AnnouncementsModal({ titleId, options, close }: ModalBodyProps<'noticeModal'>) {
  const { t } = useTranslation('lobby');
  const lang = useLang();
  const [page, setPage] = useState(1);
  const [selected, setSelected] = useState<number | undefined>(options.noticeId);
  const { data, isPending, isError, refetch, isPlaceholderData } = useAnnouncements(lang, page);
  const items = data?.content ?? [];
  const current = items.find((a) => a.id === selected) ?? items[0];

  // A new page shows its first announcement unless the chosen one is on it.
  useEffect(() => {
    if (data && !data.content.some((a) => a.id === selected)) setSelected(data.content[0]?.id);
  }, [data, selected]);

  const { date } = useDateFormat();
  return (
    <div className="announcements">
      <h2 id={titleId} className="dialog-title">
        {t('announcements.title')}
      </h2>
      {isError ? (
        <div className="lobby-state" role="alert">
          <p>{t('state.error')}</p>
          <button type="button" className="btn btn-primary" onClick={() => void refetch()}>
            {t('state.retry')}
          </button>
        </div>
      ) : !isPending && items.length === 0 ? (
        <p className="lobby-state">{t('state.noData')}</p>
      ) : (
        <div className="announcements-body" aria-busy={isPending || isPlaceholderData}>
          <nav aria-label={t('announcements.list')} className="announcements-nav">
            <ul>
              {items.map((a) => (
                <li key={a.id}>
                  <button
                    type="button"
                    className="announcement-title"
                    aria-current={a.id === current?.id ? 'true' : undefined}
                    onClick={() => setSelected(a.id)}
                  >
                    <span>{a.title}</span>
                    <time dateTime={a.publishedAt}>{date(a.publishedAt)}</time>
                  </button>
                </li>
              ))}
            </ul>
            <Paginator
              page={page}
              totalPages={data?.totalPages ?? 0}
              onChange={setPage}
              margin={1}
              range={5}
              label={t('announcements.pages')}
            />
          </nav>
          <article className="announcement-detail" aria-live="polite">
            {current && (
              <>
                <h3>{current.title}</h3>
                <SafeHtml className="rich-text" html={current.content} />
                {/* An announcement of a promotion (spec section 3, promotionType) leads to the promotions. */}
                {current.promotionType && (
                  <Link className="btn btn-primary btn-sm" to="/promotions" onClick={close}>
                    {t('announcements.seePromotions')}
                  </Link>
                )}
              </>
            )}
          </article>
        </div>
      )}
    </div>
  );
}

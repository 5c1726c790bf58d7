import { useTranslation } from 'react-i18next';
import { Icon } from '../../../ui/icons/icon.tsx';
import { openModal } from '../../../ui/modals/modal-store.ts';

export type NoticeMarqueeProps = { items: { id: number; title: string; content: string }[] };

/** The scrolling notice line; pauses on hover and focus, and opens the announcements popup. */
export function NoticeMarquee({ items }: NoticeMarqueeProps) {
  const { t } = useTranslation('lobby');
  return (
    <section className="notice-bar" aria-label={t('notice.label')}>
      <Icon name="megaphone" />
      <div className="notice-track">
        <button type="button" className="notice-scroll" onClick={() => openModal('noticeModal')}>
          {items.length === 0 ? t('notice.none') : items.map((n) => <span key={n.id}>{`${n.title}: ${n.content}`}</span>)}
        </button>
      </div>
      <button type="button" className="btn btn-ghost btn-sm" onClick={() => openModal('noticeModal')}>
        {t('notice.announcements')}
      </button>
    </section>
  );
}

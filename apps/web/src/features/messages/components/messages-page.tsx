import { MESSAGES_PAGE_SIZE } from '@playfront/contract/funds-paths';
import '../../../ui/styles/member-page.css';
import './messages.css';
import type { MemberMessage } from '@playfront/contract/messages';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSession } from '../../../lib/session-store.ts';
import { Paginator } from '../../../ui/paginator/paginator.tsx';
import { useMessages } from '../api/get-messages.ts';
import { useMarkRead } from '../api/mark-read.ts';
import { messageText } from './message-text.ts';

export type MessagesPageProps = {
  /** The brand's currency symbol for `{amount}`. */
  currencySymbol: string;
};

/** messageV2: the member's internal messages, newest first; unread ones stand out and are marked read when opened. */
export default function MessagesPage({ currencySymbol }: MessagesPageProps) {
  const { t, i18n } = useTranslation('messages');
  const token = useSession((s) => s.token);
  const [page, setPage] = useState(1);
  const messages = useMessages(token, page);
  const markRead = useMarkRead();
  const unread = messages.data?.unread ?? 0;

  return (
    <section className="wl-page msg-page" aria-labelledby="msg-title">
      <header className="wl-page-head msg-head">
        <div>
          <h2 id="msg-title" className="wl-page-title" tabIndex={-1}>
            {t('title')}
          </h2>
          {messages.data && (
            <p className="wl-lead" data-testid="messages-unread">
              {unread > 0 ? t('unread', { count: unread }) : t('allRead')}
            </p>
          )}
        </div>
        {unread > 0 && (
          <button type="button" className="btn btn-ghost btn-sm" disabled={markRead.isPending} onClick={() => markRead.mutate(undefined)}>
            {t('markAllRead')}
          </button>
        )}
      </header>
      {messages.isPending ? (
        <div className="wl-state" role="status">
          <div className="spinner" aria-hidden="true" />
          <span>{t('loading')}</span>
        </div>
      ) : messages.isError ? (
        <div className="wl-state wl-state-error" role="alert">
          <p>{t('loadFailed')}</p>
          <button type="button" className="btn btn-ghost btn-sm" onClick={() => void messages.refetch()}>
            {t('retry')}
          </button>
        </div>
      ) : messages.data.list.length === 0 ? (
        <div className="wl-state wl-state-empty">
          <p>{t('empty')}</p>
        </div>
      ) : (
        <ul className="msg-list" aria-busy={messages.isFetching || undefined}>
          {messages.data.list.map((m) => (
            <MessageItem key={m.id} message={m} symbol={currencySymbol} language={i18n.language} onOpen={() => markRead.mutate([m.id])} />
          ))}
        </ul>
      )}
      <Paginator
        page={page}
        totalPages={Math.ceil((messages.data?.total ?? 0) / MESSAGES_PAGE_SIZE)}
        onChange={setPage}
        label={t('pages')}
      />
    </section>
  );
}

function MessageItem({
  message,
  symbol,
  language,
  onOpen,
}: {
  message: MemberMessage;
  symbol: string;
  language: string;
  onOpen: () => void;
}) {
  const { t } = useTranslation('messages');
  const { title, body } = messageText(t, message, { language, symbol });
  const unread = message.readAt === null;
  return (
    <li className="msg-item" data-unread={unread || undefined} data-type={message.type} data-testid="message">
      <span className={`msg-dot msg-dot-${message.type.toLowerCase()}`} aria-hidden="true" />
      <div className="msg-content">
        <h3 className="msg-title">
          {title}
          {unread && <span className="msg-new">{t('new')}</span>}
        </h3>
        <p className="msg-body">{body}</p>
        {message.params.orderNo && (
          <p className="msg-ref">
            {t('order')} <span className="msg-ref-no">{message.params.orderNo}</span>
          </p>
        )}
      </div>
      {unread && (
        <button type="button" className="btn btn-ghost btn-sm msg-read" onClick={onOpen}>
          {t('markRead')}
        </button>
      )}
    </li>
  );
}

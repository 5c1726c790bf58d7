import { SUPPORT_DESK_POLL_MS, SUPPORT_DESK_QUEUE_POLL_MS } from '@playfront/contract/console-oversight';
import { CHAT_MAX_TEXT_CHARS, CHAT_STATUSES } from '@playfront/contract/support-chat-paths';
import { FEEDBACK_STATUSES } from '@playfront/contract/support-paths';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatTime } from '../../lib/format.ts';
import { Empty, ErrorState, FormError, Loading } from '../../ui/states.tsx';
import { Tabs } from '../../ui/tabs.tsx';
import { useMe } from '../auth/api.ts';
import {
  type ChatMessage,
  type DeskConversation,
  type DeskFeedback,
  deskClaim,
  deskClose,
  deskMessages,
  deskQueue,
  deskRead,
  deskReply,
  feedbackClose,
  feedbackList,
  feedbackReply,
} from './api.ts';
import { ChatImage } from './chat-image.tsx';

const TABS = ['chats', 'feedback'] as const;
type Tab = (typeof TABS)[number];

/**
 * The support desk (decision 050): the chat queue and a conversation with its reply box, and members' feedback.
 * The staff side holds no socket: the desk polls (react-query, every 3 s for the open conversation, 10 s for the
 * queue); the member hears each reply live over the live bus.
 */
export default function SupportScreen() {
  const { t } = useTranslation();
  const [tab, setTab] = useState<Tab>('chats');
  return (
    <div className="stack">
      <h1>{t('nav.support')}</h1>
      <Tabs
        id="support"
        label={t('nav.support')}
        tabs={TABS}
        selected={tab}
        onSelect={setTab}
        labelOf={(name) => t(`support.tabs.${name}`)}
      >
        {tab === 'chats' ? <ChatsTab /> : <FeedbackTab />}
      </Tabs>
    </div>
  );
}

const who = (c: DeskConversation, guest: string) => c.username ?? (c.guestName ? `${c.guestName} (${guest})` : guest);

function ChatsTab() {
  const { t } = useTranslation();
  const [status, setStatus] = useState<string>('');
  const [pageNo, setPageNo] = useState(1);
  const [selected, setSelected] = useState<string | null>(null);
  const queue = useQuery({
    queryKey: ['desk-queue', status, pageNo],
    queryFn: () => deskQueue({ status, pageNo, pageSize: 20 }),
    placeholderData: keepPreviousData,
    refetchInterval: SUPPORT_DESK_QUEUE_POLL_MS,
  });
  const pages = Math.max(1, Math.ceil((queue.data?.total ?? 0) / 20));
  return (
    <div className="desk">
      <section className="desk-queue card" aria-labelledby="desk-queue-title">
        <h2 id="desk-queue-title">{t('support.queue')}</h2>
        <div className="field">
          <label htmlFor="desk-status">{t('cols.status')}</label>
          <select
            id="desk-status"
            value={status}
            onChange={(e) => {
              setStatus(e.target.value);
              setPageNo(1);
            }}
          >
            <option value="">{t('filters.all')}</option>
            {CHAT_STATUSES.map((s) => (
              <option key={s} value={s}>
                {t(`support.status.${s}`)}
              </option>
            ))}
          </select>
        </div>
        {queue.isLoading && <Loading />}
        {queue.error && <ErrorState error={queue.error} onRetry={() => void queue.refetch()} />}
        {queue.data && queue.data.list.length === 0 && <Empty text={t('support.noChats')} />}
        <ul className="desk-list">
          {queue.data?.list.map((c) => (
            <li key={c.id}>
              <button
                type="button"
                className="desk-item"
                aria-current={selected === c.id ? 'true' : undefined}
                onClick={() => setSelected(c.id)}
              >
                <span className="desk-item-top">
                  <strong>{who(c, t('support.guest'))}</strong>
                  {c.unreadForStaff > 0 && <span className="badge warn">{t('support.unread', { count: c.unreadForStaff })}</span>}
                </span>
                <span className="muted">
                  {t(`support.status.${c.status}`)}
                  {c.staffName ? ` · ${c.staffName}` : ''} · {formatTime(c.lastMessageAt ?? c.createdAt)}
                </span>
              </button>
            </li>
          ))}
        </ul>
        {pages > 1 && (
          <nav className="row" aria-label={t('table.pages')}>
            <button type="button" disabled={pageNo <= 1} onClick={() => setPageNo(pageNo - 1)}>
              {t('table.previous')}
            </button>
            <span className="muted">{t('table.page', { page: pageNo, pages })}</span>
            <button type="button" disabled={pageNo >= pages} onClick={() => setPageNo(pageNo + 1)}>
              {t('table.next')}
            </button>
          </nav>
        )}
      </section>
      <section className="desk-chat card" aria-label={t('support.conversation')}>
        {selected ? <Conversation key={selected} id={selected} /> : <Empty text={t('support.pick')} />}
      </section>
    </div>
  );
}

function systemText(t: (k: string, o?: Record<string, unknown>) => string, m: ChatMessage) {
  const key = m.text === 'joined' || m.text === 'closedByStaff' || m.text === 'closedByCustomer' ? m.text : 'other';
  return t(`support.system.${key}`, { name: m.senderName ?? '' });
}

/** One conversation: polls for messages after the last one it has, marks them read, replies, claims, closes. */
function Conversation({ id }: { id: string }) {
  const { t } = useTranslation();
  const me = useMe();
  const queryClient = useQueryClient();
  const [messages, setMessages] = useState<ChatMessage[]>([]);
  const [conversation, setConversation] = useState<DeskConversation | null>(null);
  const [text, setText] = useState('');
  const lastSeq = messages.at(-1)?.seq;
  const listRef = useRef<HTMLOListElement>(null);
  const poll = useQuery({
    queryKey: ['desk-messages', id, lastSeq ?? -1],
    queryFn: () => deskMessages(id, lastSeq === undefined ? { limit: 50 } : { afterSeq: lastSeq, limit: 100 }),
    refetchInterval: SUPPORT_DESK_POLL_MS,
  });
  useEffect(() => {
    const data = poll.data;
    if (!data) return;
    setConversation(data.conversation);
    if (data.messages.length === 0) return;
    setMessages((old) => {
      const seen = new Set(old.map((m) => m.seq));
      return [...old, ...data.messages.filter((m) => !seen.has(m.seq))].sort((a, b) => a.seq - b.seq);
    });
  }, [poll.data]);
  useEffect(() => {
    const newest = messages.at(-1)?.seq;
    if (newest === undefined) return;
    listRef.current?.lastElementChild?.scrollIntoView?.({ block: 'nearest' });
    if (conversation && newest > conversation.staffReadSeq) void deskRead(id, newest).catch(() => undefined);
  }, [messages, conversation, id]);
  const refreshQueue = () => void queryClient.invalidateQueries({ queryKey: ['desk-queue'] });
  const reply = useMutation({
    mutationFn: (body: string) => deskReply(id, body),
    onSuccess: (m) => {
      setText('');
      setMessages((old) => (old.some((o) => o.seq === m.seq) ? old : [...old, m]));
      void poll.refetch();
      refreshQueue();
    },
  });
  const claim = useMutation({
    mutationFn: () => deskClaim(id),
    onSuccess: (c) => {
      setConversation(c);
      void poll.refetch();
      refreshQueue();
    },
  });
  const close = useMutation({
    mutationFn: () => deskClose(id),
    onSuccess: (c) => {
      setConversation(c);
      void poll.refetch();
      refreshQueue();
    },
  });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (text.trim().length === 0 || text.length > CHAT_MAX_TEXT_CHARS) return;
    reply.mutate(text);
  };
  if (!conversation) return poll.error ? <ErrorState error={poll.error} onRetry={() => void poll.refetch()} /> : <Loading />;
  const closed = conversation.status === 'CLOSED';
  const mine = conversation.staffName === me.data?.username;
  const typing = conversation.customerTypingUntil && Date.parse(conversation.customerTypingUntil) > Date.now();
  return (
    <div className="stack">
      <div className="row desk-head">
        <h2>{who(conversation, t('support.guest'))}</h2>
        <span className={`badge${closed ? '' : conversation.status === 'WAITING' ? ' warn' : ' ok'}`}>
          {t(`support.status.${conversation.status}`)}
        </span>
        {conversation.staffName && <span className="muted">{t('support.handledBy', { name: conversation.staffName })}</span>}
        <span className="spacer" />
        {!closed && !mine && (
          <button type="button" onClick={() => claim.mutate()} disabled={claim.isPending}>
            {t('support.claim')}
          </button>
        )}
        {!closed && (
          <button type="button" className="danger" onClick={() => close.mutate()} disabled={close.isPending}>
            {t('support.close')}
          </button>
        )}
      </div>
      {conversation.rating !== null && (
        <p className="muted">{t('support.rated', { rating: conversation.rating, comment: conversation.ratingComment ?? '' })}</p>
      )}
      <FormError error={claim.error ?? close.error} />
      <ol className="desk-messages" ref={listRef} aria-live="polite" aria-label={t('support.messages')}>
        {messages.map((m) =>
          m.sender === 'SYSTEM' ? (
            <li key={m.seq} className="desk-system muted">
              {systemText(t, m)} · {formatTime(m.createdAt)}
            </li>
          ) : (
            <li key={m.seq} className={`desk-msg ${m.sender === 'STAFF' ? 'from-staff' : 'from-customer'}`}>
              <span className="muted">
                {m.sender === 'STAFF' ? (m.senderName ?? t('support.staff')) : who(conversation, t('support.guest'))} ·{' '}
                {formatTime(m.createdAt)}
              </span>
              {m.text && <span className="desk-text">{m.text}</span>}
              {m.hasImage && (
                <ChatImage
                  conversationId={id}
                  messageId={m.id}
                  alt={t('support.imageAlt', {
                    name: m.sender === 'STAFF' ? (m.senderName ?? t('support.staff')) : who(conversation, t('support.guest')),
                    at: formatTime(m.createdAt),
                  })}
                />
              )}
            </li>
          ),
        )}
      </ol>
      {typing && <p className="muted">{t('support.typing')}</p>}
      {closed ? (
        <p className="muted">{t('support.closedNote')}</p>
      ) : (
        <form className="stack" onSubmit={submit}>
          <div className="field">
            <label htmlFor={`desk-reply-${id}`}>{t('support.reply')}</label>
            <textarea
              id={`desk-reply-${id}`}
              rows={3}
              maxLength={CHAT_MAX_TEXT_CHARS}
              value={text}
              onChange={(e) => setText(e.target.value)}
              onKeyDown={(e) => {
                if (e.key === 'Enter' && !e.shiftKey) {
                  e.preventDefault();
                  e.currentTarget.form?.requestSubmit();
                }
              }}
            />
          </div>
          <div className="row">
            <span className="muted">{t('support.replyHint')}</span>
            <span className="spacer" />
            <button type="submit" className="primary" disabled={reply.isPending || text.trim().length === 0}>
              {t('support.send')}
            </button>
          </div>
          <FormError error={reply.error} />
        </form>
      )}
    </div>
  );
}

function FeedbackTab() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [status, setStatus] = useState<string>('OPEN');
  const [pageNo, setPageNo] = useState(1);
  const list = useQuery({
    queryKey: ['desk-feedback', status, pageNo],
    queryFn: () => feedbackList({ status, pageNo, pageSize: 20 }),
    placeholderData: keepPreviousData,
  });
  const pages = Math.max(1, Math.ceil((list.data?.total ?? 0) / 20));
  const refresh = () => void queryClient.invalidateQueries({ queryKey: ['desk-feedback'] });
  return (
    <>
      <div className="field">
        <label htmlFor="feedback-status">{t('cols.status')}</label>
        <select
          id="feedback-status"
          value={status}
          onChange={(e) => {
            setStatus(e.target.value);
            setPageNo(1);
          }}
        >
          <option value="">{t('filters.all')}</option>
          {FEEDBACK_STATUSES.map((s) => (
            <option key={s} value={s}>
              {t(`support.feedbackStatus.${s}`)}
            </option>
          ))}
        </select>
      </div>
      {list.isLoading && <Loading />}
      {list.error && <ErrorState error={list.error} onRetry={() => void list.refetch()} />}
      {list.data && list.data.list.length === 0 && <Empty text={t('support.noFeedback')} />}
      <ul className="stack desk-feedback">
        {list.data?.list.map((f) => (
          <li key={f.id}>
            <FeedbackCard feedback={f} onChanged={refresh} />
          </li>
        ))}
      </ul>
      {pages > 1 && (
        <nav className="row" aria-label={t('table.pages')}>
          <button type="button" disabled={pageNo <= 1} onClick={() => setPageNo(pageNo - 1)}>
            {t('table.previous')}
          </button>
          <span className="muted">{t('table.page', { page: pageNo, pages })}</span>
          <button type="button" disabled={pageNo >= pages} onClick={() => setPageNo(pageNo + 1)}>
            {t('table.next')}
          </button>
        </nav>
      )}
    </>
  );
}

function FeedbackCard({ feedback: f, onChanged }: { feedback: DeskFeedback; onChanged: () => void }) {
  const { t } = useTranslation();
  const [content, setContent] = useState('');
  const reply = useMutation({
    mutationFn: () => feedbackReply(f.id, content),
    onSuccess: () => {
      setContent('');
      onChanged();
    },
  });
  const close = useMutation({ mutationFn: () => feedbackClose(f.id), onSuccess: onChanged });
  return (
    <article className="card stack" aria-labelledby={`fb-${f.id}`}>
      <div className="row">
        <strong id={`fb-${f.id}`}>{f.username}</strong>
        <span className="badge">{t(`support.feedbackType.${f.type}`)}</span>
        <span className={`badge${f.status === 'OPEN' ? ' warn' : f.status === 'ANSWERED' ? ' ok' : ''}`}>
          {t(`support.feedbackStatus.${f.status}`)}
        </span>
        <span className="spacer" />
        <span className="muted">{formatTime(f.createdAt)}</span>
      </div>
      <p className="desk-text">{f.content}</p>
      {f.imageIds.length > 0 && <p className="muted">{t('support.images', { count: f.imageIds.length })}</p>}
      {f.replies.map((r) => (
        <div key={r.id} className="desk-msg from-staff">
          <span className="muted">{t('support.ourReply', { at: formatTime(r.createdAt) })}</span>
          <span className="desk-text">{r.content}</span>
        </div>
      ))}
      {f.status !== 'CLOSED' && (
        <form
          className="stack"
          onSubmit={(e) => {
            e.preventDefault();
            if (content.trim()) reply.mutate();
          }}
        >
          <div className="field">
            <label htmlFor={`fb-reply-${f.id}`}>{t('support.reply')}</label>
            <textarea id={`fb-reply-${f.id}`} rows={2} maxLength={2000} value={content} onChange={(e) => setContent(e.target.value)} />
          </div>
          <div className="row">
            <button type="submit" className="primary" disabled={reply.isPending || !content.trim()}>
              {t('support.send')}
            </button>
            <button type="button" onClick={() => close.mutate()} disabled={close.isPending}>
              {t('support.closeFeedback')}
            </button>
          </div>
          <FormError error={reply.error ?? close.error} />
        </form>
      )}
    </article>
  );
}

import './chat.css';
import type { LiveEvent } from '@playfront/contract/live';
import { ChatGuestNameSchema, ChatTextSchema } from '@playfront/contract/support-chat';
import {
  CHAT_GUEST_POLL_MS,
  CHAT_MAX_IMAGE_BYTES,
  CHAT_MAX_TEXT_CHARS,
  type ChatConversation,
  type ChatMessage,
} from '@playfront/contract/support-chat-paths';
import { feedbackLength } from '@playfront/contract/support-paths';
import { useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useCallback, useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { apiBlob } from '../../../../lib/api-blob.ts';
import { ApiError } from '../../../../lib/api-client.ts';
import { formatTime } from '../../../../lib/date-format.ts';
import { currentLanguage } from '../../../../lib/i18n.ts';
import { useSession } from '../../../../lib/session-store.ts';
import { useImagePreviews } from '../../../../lib/use-image-previews.ts';
import { ImagePicker } from '../../../../ui/image-picker.tsx';
import { openModal } from '../../../../ui/modals/modal-store.ts';
import type { ModalBodyProps } from '../../../../ui/modals/modal-types.ts';
import { checkFeedbackImages } from '../../lib/feedback-rules.ts';
import {
  chatImagePath,
  closeChat,
  getChatCurrent,
  getChatHistory,
  markChatRead,
  openChat,
  rateChat,
  sendChatImage,
  sendChatText,
  sendChatTyping,
  startChat,
} from '../api/chat-calls.ts';
import { CHAT_KEY, chatHeaders, guestTokenStore, onChatLiveEvent } from '../api/chat-keys.ts';
import { isMine, lastSeqOf, mergeMessages, readByStaff } from '../lib/chat-messages.ts';

/** Members get messages live over their socket; this slower poll only covers a socket that dropped. */
const MEMBER_POLL_MS = 20_000;
const TYPING_SEND_MS = 2000;

type Phase = 'loading' | 'guestName' | 'ready' | 'error';

/**
 * The customer-service chat popup (issue 15): a member (or a guest who gave a name) talks to staff. History in
 * sequence order with "earlier messages", live messages (a member's socket; a guest polls), staff typing, read ticks,
 * one image at a time with a preview, the end of the chat and its rating. New messages are announced by a polite log.
 */
export default function ChatPanel({ titleId }: ModalBodyProps<'supportChatModal'>) {
  const { t } = useTranslation('support');
  const token = useSession((s) => s.token);
  const client = useQueryClient();
  const [phase, setPhase] = useState<Phase>('loading');
  const [conversation, setConversation] = useState<ChatConversation | null>(null);
  const [messages, setMessages] = useState<ChatMessage[]>([]);
  const [hasOlder, setHasOlder] = useState(false);
  const [staffTypingUntil, setStaffTypingUntil] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);
  /** A guest's name until their first message starts the conversation under it. */
  const [guestName, setGuestName] = useState<string | null>(null);
  const [, setTick] = useState(0);
  const conversationRef = useRef<ChatConversation | null>(null);
  conversationRef.current = conversation;

  const showError = (err: unknown) => setError(err instanceof ApiError ? t(err.messageKey as never) : t('chat.failed'));

  const loadConversation = useCallback(async (c: ChatConversation) => {
    const page = await getChatHistory(c.id);
    setConversation(page.conversation);
    setMessages(page.messages);
    setHasOlder(page.hasMore);
    setPhase('ready');
  }, []);

  // Start: a member's (or a known guest's) current chat; a guest without a token first gives a name.
  useEffect(() => {
    let cancelled = false;
    (async () => {
      if (!token && !guestTokenStore.get()) return setPhase('guestName');
      try {
        const current = await getChatCurrent();
        if (cancelled) return;
        if (current.conversation) await loadConversation(current.conversation);
        else setPhase('ready');
      } catch (err) {
        if (cancelled) return;
        if (!token && err instanceof ApiError && err.status === 401) {
          guestTokenStore.remove();
          return setPhase('guestName');
        }
        setPhase('error');
      }
    })();
    return () => {
      cancelled = true;
    };
  }, [token, loadConversation]);

  // Live events (members): messages, staff typing, the read marker, the status.
  useEffect(
    () =>
      onChatLiveEvent((event: LiveEvent) => {
        const chat = event.chat;
        if (!chat || chat.conversationId !== conversationRef.current?.id) return;
        if (chat.kind === 'message') {
          setMessages((m) => mergeMessages(m, [chat.message]));
          if (chat.message.sender === 'STAFF') setStaffTypingUntil(null);
        } else if (chat.kind === 'typing') setStaffTypingUntil(Date.parse(chat.until));
        else if (chat.kind === 'read')
          setConversation((c) => (c ? { ...c, staffReadSeq: Math.max(c.staffReadSeq, chat.staffReadSeq) } : c));
        else setConversation((c) => (c ? { ...c, status: chat.status, staffName: chat.staffName } : c));
      }),
    [],
  );

  // Newer messages by poll: every few seconds for a guest (no socket), now and then for a member.
  const lastSeq = lastSeqOf(messages);
  const conversationId = conversation?.id;
  useEffect(() => {
    if (!conversationId) return;
    const timer = window.setInterval(
      () => {
        getChatHistory(conversationId, { afterSeq: lastSeq, limit: 100 }).then(
          (page) => {
            setConversation(page.conversation);
            setMessages((m) => mergeMessages(m, page.messages));
            setStaffTypingUntil(page.conversation.staffTypingUntil ? Date.parse(page.conversation.staffTypingUntil) : null);
          },
          () => {},
        );
      },
      token ? MEMBER_POLL_MS : CHAT_GUEST_POLL_MS,
    );
    return () => window.clearInterval(timer);
  }, [conversationId, lastSeq, token]);

  // Everything shown is read: move my read marker (and so the badge) forward.
  const customerReadSeq = conversation?.customerReadSeq ?? 0;
  useEffect(() => {
    if (!conversationId || lastSeq <= customerReadSeq) return;
    markChatRead(conversationId, lastSeq).then(
      (c) => {
        setConversation((old) => (old ? { ...old, customerReadSeq: c.customerReadSeq } : old));
        void client.invalidateQueries({ queryKey: CHAT_KEY });
      },
      () => {},
    );
  }, [conversationId, lastSeq, customerReadSeq, client]);

  // The typing line disappears by itself.
  useEffect(() => {
    if (!staffTypingUntil) return;
    const left = staffTypingUntil - Date.now();
    const timer = window.setTimeout(() => setTick((n) => n + 1), Math.max(0, left) + 50);
    return () => window.clearTimeout(timer);
  }, [staffTypingUntil]);
  const staffTyping = staffTypingUntil !== null && staffTypingUntil > Date.now() && conversation?.status === 'OPEN';

  const loadOlder = async () => {
    if (!conversation || messages.length === 0) return;
    try {
      const page = await getChatHistory(conversation.id, { beforeSeq: messages[0]!.seq });
      setMessages((m) => mergeMessages(m, page.messages));
      setHasOlder(page.hasMore);
    } catch (err) {
      showError(err);
    }
  };

  const open = conversation !== null && conversation.status !== 'CLOSED';

  /** Without an open conversation a text is the first message, which starts one (nothing is stored before it). */
  const sendText = async (text: string) => {
    const started = await startChat(text, token ? undefined : (guestName ?? undefined));
    setConversation(started.conversation);
    setMessages([started.message]);
    setHasOlder(false);
  };

  const startGuest = async (name: string) => {
    setError(null);
    try {
      guestTokenStore.remove();
      const opened = await openChat(name);
      if (opened.guestToken) guestTokenStore.set(opened.guestToken);
      setGuestName(name.trim());
      setConversation(opened.conversation);
      setMessages([]);
      setPhase('ready');
    } catch (err) {
      showError(err);
    }
  };

  /** After an ended chat: an empty panel; the next message starts a new conversation (a guest gives a name again). */
  const startAgain = () => {
    setConversation(null);
    setMessages([]);
    setHasOlder(false);
    if (!token) {
      guestTokenStore.remove();
      setPhase('guestName');
    }
  };

  const title = (
    <h2 id={titleId} className="chat-title">
      {t('chat.title')}
    </h2>
  );

  if (phase === 'loading')
    return (
      <div className="chat-panel">
        {title}
        <p className="chat-state" role="status">
          {t('loading')}
        </p>
      </div>
    );
  if (phase === 'error')
    return (
      <div className="chat-panel">
        {title}
        <p className="chat-state" role="alert">
          {t('loadFailed')}
        </p>
      </div>
    );
  if (phase === 'guestName')
    return (
      <div className="chat-panel">
        {title}
        <GuestNameForm onStart={startGuest} serverError={error} />
      </div>
    );

  const closed = conversation?.status === 'CLOSED';
  return (
    <div className="chat-panel">
      <div className="chat-head">
        {title}
        <p className="chat-status">
          {!conversation
            ? t('chat.intro')
            : conversation.status === 'WAITING'
              ? t('chat.waiting')
              : conversation.status === 'OPEN'
                ? t('chat.with', { name: conversation.staffName ?? '' })
                : t('chat.ended')}
        </p>
        <button type="button" className="btn btn-ghost btn-sm chat-room-link" onClick={() => openModal('chatRoomModal', { from: 'chat' })}>
          {t('room.open')}
        </button>
      </div>

      <div className="chat-scroll">
        {hasOlder && (
          <button type="button" className="btn btn-ghost btn-sm chat-older" onClick={() => void loadOlder()}>
            {t('chat.older')}
          </button>
        )}
        <ol className="chat-log" role="log" aria-live="polite" aria-relevant="additions" aria-label={t('chat.logLabel')}>
          {messages.map((m) => (
            <MessageItem key={m.seq} message={m} conversationId={conversation?.id ?? ''} staffReadSeq={conversation?.staffReadSeq ?? 0} />
          ))}
        </ol>
        {messages.length === 0 && <p className="chat-empty">{t('chat.empty')}</p>}
        {staffTyping && (
          <p className="chat-typing" role="status">
            {t('chat.typing', { name: conversation?.staffName ?? t('chat.staff') })}
          </p>
        )}
      </div>

      {error && (
        <p className="chat-error" role="alert">
          {error}
        </p>
      )}

      {closed && conversation ? (
        conversation.rating === null ? (
          <RatingForm
            onRate={async (rating, comment) => {
              try {
                setConversation(await rateChat(conversation.id, rating, comment));
                setError(null);
              } catch (err) {
                showError(err);
              }
            }}
          />
        ) : (
          <div className="chat-done">
            <p role="status">{t('chat.thanks')}</p>
            <button type="button" className="btn btn-primary" onClick={startAgain}>
              {t('chat.newChat')}
            </button>
          </div>
        )
      ) : (
        <Composer
          onText={async (text) => {
            setError(null);
            try {
              if (open && conversation) {
                const sent = await sendChatText(conversation.id, text);
                setMessages((m) => mergeMessages(m, [sent]));
              } else await sendText(text);
              return true;
            } catch (err) {
              showError(err);
              return false;
            }
          }}
          onImage={async (file) => {
            setError(null);
            // A picture cannot start a chat: the first message says what it is about.
            if (!open || !conversation) {
              setError(t('chat.textFirst'));
              return false;
            }
            try {
              const sent = await sendChatImage(conversation.id, file);
              setMessages((m) => mergeMessages(m, [sent]));
              return true;
            } catch (err) {
              showError(err);
              return false;
            }
          }}
          onTyping={() => {
            if (conversation && conversation.status !== 'CLOSED') void sendChatTyping(conversation.id).catch(() => {});
          }}
          onEnd={
            conversation
              ? async () => {
                  try {
                    setConversation(await closeChat(conversation.id));
                    const page = await getChatHistory(conversation.id, { afterSeq: lastSeq });
                    setMessages((m) => mergeMessages(m, page.messages));
                  } catch (err) {
                    showError(err);
                  }
                }
              : undefined
          }
        />
      )}
    </div>
  );
}

function MessageItem({ message, conversationId, staffReadSeq }: { message: ChatMessage; conversationId: string; staffReadSeq: number }) {
  const { t } = useTranslation('support');
  const lang = currentLanguage();
  if (message.sender === 'SYSTEM') {
    const key =
      message.text === 'joined' || message.text === 'closedByStaff' || message.text === 'closedByCustomer' ? message.text : 'joined';
    return <li className="chat-system">{t(`chat.system.${key}`, { name: message.senderName ?? t('chat.staff') })}</li>;
  }
  const mine = isMine(message);
  const read = readByStaff(message, staffReadSeq);
  return (
    <li className={`chat-message ${mine ? 'chat-mine' : 'chat-theirs'}`}>
      <span className="visually-hidden">{mine ? t('chat.you') : (message.senderName ?? t('chat.staff'))}: </span>
      {!mine && message.senderName && (
        <span className="chat-sender" aria-hidden="true">
          {message.senderName}
        </span>
      )}
      {message.hasImage ? (
        <ChatImage conversationId={conversationId} messageId={message.id} />
      ) : (
        <p className="chat-text">{message.text}</p>
      )}
      <span className="chat-meta">
        <time dateTime={message.createdAt}>{formatTime(message.createdAt, lang)}</time>
        {mine && (
          <span className={`chat-tick ${read ? 'chat-read' : ''}`} title={read ? t('chat.read') : t('chat.sent')}>
            <span aria-hidden="true">{read ? '✓✓' : '✓'}</span>
            <span className="visually-hidden">{read ? t('chat.read') : t('chat.sent')}</span>
          </span>
        )}
      </span>
    </li>
  );
}

/** An image of the conversation, fetched with the caller's identity in a header (never in the URL). */
function ChatImage({ conversationId, messageId }: { conversationId: string; messageId: string }) {
  const { t } = useTranslation('support');
  const [state, setState] = useState<{ url: string | null; failed: boolean }>({ url: null, failed: false });
  useEffect(() => {
    const controller = new AbortController();
    let url: string | null = null;
    apiBlob(chatImagePath(conversationId, messageId), controller.signal, chatHeaders()).then(
      (blob) => {
        url = URL.createObjectURL(blob);
        setState({ url, failed: false });
      },
      () => {
        if (!controller.signal.aborted) setState({ url: null, failed: true });
      },
    );
    return () => {
      controller.abort();
      if (url) URL.revokeObjectURL(url);
    };
  }, [conversationId, messageId]);
  if (state.failed) return <span className="chat-image-missing">{t('chat.imageFailed')}</span>;
  if (!state.url) return <span className="chat-image-missing" aria-hidden="true" />;
  return <img className="chat-image" src={state.url} alt={t('chat.imageAlt')} />;
}

function Composer({
  onText,
  onImage,
  onTyping,
  onEnd,
}: {
  onText: (text: string) => Promise<boolean>;
  onImage: (file: File) => Promise<boolean>;
  onTyping: () => void;
  onEnd: (() => Promise<void>) | undefined;
}) {
  const { t } = useTranslation('support');
  const id = useId();
  const [text, setText] = useState('');
  const [textError, setTextError] = useState<string | null>(null);
  const [imageErrors, setImageErrors] = useState<string[]>([]);
  const [busy, setBusy] = useState(false);
  const images = useImagePreviews();
  const lastTyping = useRef(0);
  const mb = CHAT_MAX_IMAGE_BYTES / 1024 / 1024;

  const submit = async (e?: FormEvent) => {
    e?.preventDefault();
    if (busy) return;
    if (images.files.length > 0) {
      setBusy(true);
      const ok = await onImage(images.files[0]!);
      if (ok) images.clear();
      setBusy(false);
      if (!text.trim()) return;
    }
    const parsed = ChatTextSchema.safeParse(text);
    if (!parsed.success) return setTextError(t('chat.textLength', { max: CHAT_MAX_TEXT_CHARS }));
    setTextError(null);
    setBusy(true);
    if (await onText(text.trim())) setText('');
    setBusy(false);
  };

  const length = feedbackLength(text);
  return (
    <form className="chat-composer" onSubmit={(e) => void submit(e)} noValidate>
      <label htmlFor={`${id}-text`} className="visually-hidden">
        {t('chat.messageLabel')}
      </label>
      <textarea
        id={`${id}-text`}
        className="chat-input"
        rows={2}
        value={text}
        data-autofocus
        placeholder={t('chat.placeholder')}
        aria-invalid={textError ? true : undefined}
        aria-describedby={textError ? `${id}-error` : undefined}
        onChange={(e) => {
          setText(e.target.value);
          if (Date.now() - lastTyping.current > TYPING_SEND_MS) {
            lastTyping.current = Date.now();
            onTyping();
          }
        }}
        onKeyDown={(e) => {
          // Enter sends, Shift+Enter starts a new line.
          if (e.key === 'Enter' && !e.shiftKey && !e.nativeEvent.isComposing) {
            e.preventDefault();
            void submit();
          }
        }}
      />
      {textError && (
        <p id={`${id}-error`} className="chat-error" role="alert">
          {textError}
        </p>
      )}
      {length > CHAT_MAX_TEXT_CHARS - 100 && (
        <p className="chat-count" aria-live="polite">
          {t('chat.left', { count: CHAT_MAX_TEXT_CHARS - length })}
        </p>
      )}
      <div className="chat-actions">
        <ImagePicker
          id={`${id}-image`}
          previews={images.previews}
          accept="image/png,image/jpeg"
          disabled={images.previews.length >= 1 || busy}
          buttonLabel={t('chat.attach')}
          errors={imageErrors}
          onChoose={async (files) => {
            const { accepted, problems } = await checkFeedbackImages(images.previews.length, files, {
              maxImages: 1,
              maxImageBytes: CHAT_MAX_IMAGE_BYTES,
            });
            setImageErrors(problems.map((p) => t(`feedback.imageProblems.${p.problem}`, { name: p.name ?? '', max: 1, mb })));
            images.add(accepted);
          }}
          onRemove={images.remove}
          previewAlt={(name) => t('feedback.previewAlt', { name })}
          removeLabel={(name) => t('feedback.remove', { name })}
          className="chat-picker"
        />
        <div className="chat-buttons">
          {onEnd && (
            <button type="button" className="btn btn-ghost btn-sm" onClick={() => void onEnd()} disabled={busy}>
              {t('chat.end')}
            </button>
          )}
          <button type="submit" className="btn btn-primary btn-sm" disabled={busy}>
            {t('chat.send')}
          </button>
        </div>
      </div>
    </form>
  );
}

function GuestNameForm({ onStart, serverError }: { onStart: (name: string) => Promise<void>; serverError: string | null }) {
  const { t } = useTranslation('support');
  const id = useId();
  const [name, setName] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  return (
    <form
      className="chat-guest"
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        const parsed = ChatGuestNameSchema.safeParse(name);
        if (!parsed.success) return setProblem(t('chat.guestNameInvalid'));
        setProblem(null);
        void onStart(parsed.data);
      }}
    >
      <p>{t('chat.guestIntro')}</p>
      <label htmlFor={`${id}-name`}>{t('chat.guestName')}</label>
      <input
        id={`${id}-name`}
        className="input"
        value={name}
        maxLength={30}
        autoComplete="name"
        data-autofocus
        aria-invalid={problem ? true : undefined}
        aria-describedby={problem ? `${id}-problem` : undefined}
        onChange={(e) => setName(e.target.value)}
      />
      {(problem ?? serverError) && (
        <p id={`${id}-problem`} className="chat-error" role="alert">
          {problem ?? serverError}
        </p>
      )}
      <button type="submit" className="btn btn-primary">
        {t('chat.start')}
      </button>
    </form>
  );
}

function RatingForm({ onRate }: { onRate: (rating: number, comment: string) => Promise<void> }) {
  const { t } = useTranslation('support');
  const id = useId();
  const [rating, setRating] = useState(0);
  const [comment, setComment] = useState('');
  const [problem, setProblem] = useState(false);
  return (
    <form
      className="chat-rating"
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        if (rating < 1) return setProblem(true);
        setProblem(false);
        void onRate(rating, comment);
      }}
    >
      <fieldset>
        <legend>{t('chat.rateTitle')}</legend>
        <div className="chat-stars">
          {[1, 2, 3, 4, 5].map((n) => (
            <label key={n} className={`chat-star ${n <= rating ? 'chat-star-on' : ''}`}>
              <input type="radio" name={`${id}-rating`} value={n} checked={rating === n} onChange={() => setRating(n)} />
              <span aria-hidden="true">★</span>
              <span className="visually-hidden">{t('chat.stars', { count: n })}</span>
            </label>
          ))}
        </div>
      </fieldset>
      {problem && (
        <p className="chat-error" role="alert">
          {t('chat.rateRequired')}
        </p>
      )}
      <label htmlFor={`${id}-comment`}>{t('chat.rateComment')}</label>
      <textarea
        id={`${id}-comment`}
        className="chat-input"
        rows={2}
        maxLength={500}
        value={comment}
        onChange={(e) => setComment(e.target.value)}
      />
      <button type="submit" className="btn btn-primary">
        {t('chat.rateSend')}
      </button>
    </form>
  );
}

import '../../chat/components/chat.css';
import { RoomPostBodySchema } from '@playfront/contract/support-chat';
import { ROOM_MAX_TEXT_CHARS } from '@playfront/contract/support-chat-paths';
import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../../lib/api-client.ts';
import { formatTime } from '../../../../lib/date-format.ts';
import { currentLanguage } from '../../../../lib/i18n.ts';
import { useSession } from '../../../../lib/session-store.ts';
import { openModal } from '../../../../ui/modals/modal-store.ts';
import type { ModalBodyProps } from '../../../../ui/modals/modal-types.ts';
import { usePostToRoom, useRoomMessages } from '../api/room-calls.ts';

/**
 * The public chat room popup (spec section 2): the brand's room, everyone reads, members post (1 message / 2 s,
 * 20 a minute; the server's refusal is shown translated), the operator's words arrive masked, removed messages vanish
 * at the next refresh. Guests are invited to log in to post.
 */
export default function RoomPanel({ titleId }: ModalBodyProps<'chatRoomModal'>) {
  const { t } = useTranslation('support');
  const id = useId();
  const token = useSession((s) => s.token);
  const isTrial = useSession((s) => s.isTrial);
  const room = useRoomMessages(token);
  const post = usePostToRoom();
  const [text, setText] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const end = useRef<HTMLLIElement>(null);
  const lang = currentLanguage();
  const count = room.data?.list.length ?? 0;
  const lastId = room.data?.list.at(-1)?.id;

  useEffect(() => {
    if (lastId) end.current?.scrollIntoView({ block: 'nearest' });
  }, [lastId]);

  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    if (!RoomPostBodySchema.safeParse({ text }).success) return setProblem(t('room.textLength', { max: ROOM_MAX_TEXT_CHARS }));
    setProblem(null);
    post.mutate(text.trim(), {
      onSuccess: () => setText(''),
      onError: (err) => setProblem(err instanceof ApiError ? t(err.messageKey as never) : t('chat.failed')),
    });
  };

  const muted = room.data?.mutedUntil ? new Date(room.data.mutedUntil) : null;
  return (
    <div className="chat-panel">
      <div className="chat-head">
        <h2 id={titleId} className="chat-title">
          {t('room.title')}
        </h2>
        <p className="chat-status">{t('room.lead')}</p>
      </div>
      <div className="chat-scroll">
        {room.isPending ? (
          <p className="chat-state" role="status">
            {t('loading')}
          </p>
        ) : room.isError ? (
          <p className="chat-state" role="alert">
            {t('loadFailed')}
          </p>
        ) : count === 0 ? (
          <p className="chat-empty">{t('room.empty')}</p>
        ) : (
          <ol className="chat-log" role="log" aria-live="polite" aria-relevant="additions" aria-label={t('room.logLabel')}>
            {room.data.list.map((m, i) => (
              <li key={m.id} ref={i === count - 1 ? end : undefined} className={`chat-message ${m.mine ? 'chat-mine' : 'chat-theirs'}`}>
                <span className="chat-sender">{m.mine ? t('chat.you') : m.author}</span>
                <p className="chat-text">{m.text}</p>
                <span className="chat-meta">
                  <time dateTime={m.createdAt}>{formatTime(m.createdAt, lang)}</time>
                </span>
              </li>
            ))}
          </ol>
        )}
      </div>
      {!token ? (
        <div className="chat-done">
          <p>{t('room.guest')}</p>
          <button type="button" className="btn btn-primary" onClick={() => openModal('loginPopupModal')}>
            {t('room.login')}
          </button>
        </div>
      ) : isTrial ? (
        <p className="chat-status">{t('room.trial')}</p>
      ) : muted ? (
        <p className="chat-error" role="status">
          {t('room.muted', { time: formatTime(muted, lang) })}
        </p>
      ) : (
        <form className="chat-composer" onSubmit={submit} noValidate>
          <label htmlFor={`${id}-text`} className="visually-hidden">
            {t('room.messageLabel')}
          </label>
          <textarea
            id={`${id}-text`}
            className="chat-input"
            rows={2}
            value={text}
            maxLength={ROOM_MAX_TEXT_CHARS * 4}
            data-autofocus
            placeholder={t('room.placeholder')}
            aria-invalid={problem ? true : undefined}
            aria-describedby={problem ? `${id}-problem` : undefined}
            onChange={(e) => setText(e.target.value)}
            onKeyDown={(e) => {
              if (e.key === 'Enter' && !e.shiftKey && !e.nativeEvent.isComposing) {
                e.preventDefault();
                e.currentTarget.form?.requestSubmit();
              }
            }}
          />
          {problem && (
            <p id={`${id}-problem`} className="chat-error" role="alert">
              {problem}
            </p>
          )}
          <div className="chat-buttons">
            <button type="submit" className="btn btn-primary btn-sm" disabled={post.isPending}>
              {t('chat.send')}
            </button>
          </div>
        </form>
      )}
    </div>
  );
}

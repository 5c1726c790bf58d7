import './live-toasts.css';
import type { LiveEvent } from '@playfront/contract/live';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { create } from 'zustand';
import { messageText } from '../components/message-text.ts';

/**
 * Events shown elsewhere: the balance in the header, a red envelope rain as its own overlay (envelopes feature), a
 * completed mission as the member-centre badge and the mission page (missions feature).
 */
type NoToast =
  | 'BALANCE_CHANGED'
  | 'ENVELOPE_RAIN_STARTED'
  | 'ENVELOPE_RAIN_ENDED'
  | 'MISSION_COMPLETED'
  // The support chat shows its own messages (issue 15).
  | 'CHAT_MESSAGE'
  | 'CHAT_TYPING'
  | 'CHAT_READ'
  | 'CHAT_STATUS'
  // Support's feedback list and chat room refresh themselves (issue 15).
  | 'FEEDBACK_REPLIED'
  | 'ROOM_MESSAGE_REMOVED';
type Toast = { id: number; event: LiveEvent & { type: Exclude<LiveEvent['type'], NoToast> } };

const TOAST_MS = 10_000;
let nextId = 1;

/** The live notices on screen (newest last, at most 3). */
export const useLiveToasts = create<{ toasts: Toast[]; dismiss: (id: number) => void }>()((set) => ({
  toasts: [],
  dismiss: (id) => set((s) => ({ toasts: s.toasts.filter((t) => t.id !== id) })),
}));

/** Shows a money event as a notice; a plain balance change needs none (the header shows it). */
export function showLiveToast(event: LiveEvent) {
  if (
    event.type === 'BALANCE_CHANGED' ||
    event.type === 'ENVELOPE_RAIN_STARTED' ||
    event.type === 'ENVELOPE_RAIN_ENDED' ||
    event.type === 'MISSION_COMPLETED' ||
    event.type.startsWith('CHAT_') ||
    event.type === 'FEEDBACK_REPLIED' ||
    event.type === 'ROOM_MESSAGE_REMOVED'
  )
    return;
  const toast = { id: nextId++, event: event as Toast['event'] };
  useLiveToasts.setState((s) => ({ toasts: [...s.toasts, toast].slice(-3) }));
}

/** The notices region (polite live region, each notice closable and gone after 10 s). */
export function LiveToasts({ currencySymbol }: { currencySymbol: string }) {
  const toasts = useLiveToasts((s) => s.toasts);
  const { t } = useTranslation('messages');
  return (
    <section className="live-toasts" aria-label={t('toast.region')} aria-live="polite">
      {toasts.map((toast) => (
        <LiveToastItem key={toast.id} toast={toast} symbol={currencySymbol} />
      ))}
    </section>
  );
}

function LiveToastItem({ toast, symbol }: { toast: Toast; symbol: string }) {
  const { t, i18n } = useTranslation('messages');
  const dismiss = useLiveToasts((s) => s.dismiss);
  useEffect(() => {
    const timer = setTimeout(() => dismiss(toast.id), TOAST_MS);
    return () => clearTimeout(timer);
  }, [dismiss, toast.id]);
  const { event } = toast;
  const { title, body } = messageText(
    t,
    { type: event.type, amount: event.amount ?? null, createdAt: event.at },
    { language: i18n.language, symbol },
  );
  return (
    <div className="live-toast" role="status" data-type={event.type} data-testid="live-toast">
      <span className={`msg-dot msg-dot-${event.type.toLowerCase()}`} aria-hidden="true" />
      <div className="live-toast-text">
        <strong>{title}</strong>
        <p>{body}</p>
      </div>
      <button type="button" className="live-toast-close" aria-label={t('toast.close')} onClick={() => dismiss(toast.id)}>
        ×
      </button>
    </div>
  );
}

import type { PopupItem } from '@playfront/contract/games';
import { useEffect } from 'react';
import { useSession } from '../../../lib/session-store.ts';
import { session } from '../../../lib/storage.ts';
import { useWithdrawOnly } from '../../../lib/withdraw-only.ts';
import { showDialog, useModalStore } from '../../../ui/modals/modal-store.ts';

const escapeText = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** The popups closed in this session; logged-in and anonymous visitors keep separate lists. */
const shownKey = (loggedIn: boolean) => (loggedIn ? 'noticePopupsMember' : 'noticePopupsGuest');
function closedIds(loggedIn: boolean): string[] {
  try {
    return JSON.parse(session.get(shownKey(loggedIn)) ?? '[]') as string[];
  } catch {
    return [];
  }
}

let running = false;

/** Shows the notice popups that apply, until closed once in this session. */
export function NoticePopups({ popups }: { popups: PopupItem[] | undefined }) {
  const loggedIn = useSession((s) => s.loggedIn);
  // Never on top of another popup (a login popup opened from /login, say): wait until none is open.
  const otherOpen = useModalStore((s) => s.stack.length > 0);
  // A member in a cool-off or self-exclusion holding the withdrawal-only access gets no marketing (decision 056).
  const blocked = useWithdrawOnly((s) => s.access !== null);
  useEffect(() => {
    if (!popups || running || otherOpen || blocked) return;
    const pending = popups.filter((p) => !closedIds(loggedIn).includes(p.id));
    if (pending.length === 0) return;
    running = true;
    // All pending popups in one dialog: a queue of dialogs would reopen as fast as the visitor closes them.
    const html = pending
      .map(
        (p) =>
          `<section><h3>${escapeText(p.title)}</h3>${p.contentType === 'html' ? p.content : `<p>${escapeText(p.content)}</p>`}</section>`,
      )
      .join('');
    void showDialog({ titleKey: 'lobby:popup.title', html }).then(() => {
      session.set(shownKey(loggedIn), JSON.stringify([...closedIds(loggedIn), ...pending.map((p) => p.id)]));
      running = false;
    });
  }, [popups, loggedIn, otherOpen, blocked]);
  return null;
}

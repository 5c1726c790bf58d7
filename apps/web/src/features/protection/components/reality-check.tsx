import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { localDigits, useDateFormat } from '../../../lib/date-format.ts';
import { formatMoney } from '../../../lib/format.ts';
import { useSession } from '../../../lib/session-store.ts';
import { showDialog } from '../../../ui/modals/modal-store.ts';
import { usePlaySession } from '../api/get-play-session.ts';
import { minutesBetween } from '../lib/limit-amount.ts';

export type RealityCheckProps = { currencySymbol: string; onLogout: () => void };

/**
 * The reality check (issue 18): every N minutes of this login session (the member's choice, off by default), a
 * dialog with the time played and the session's net result, "Continue" or "Log out". The dialog is the site's one
 * modal (focus trap, Escape = continue). Mounted once for a logged-in real member.
 */
export default function RealityCheck({ currencySymbol, onLogout }: RealityCheckProps) {
  // Loads the catalogue the dialog's keys come from before the first reminder.
  useTranslation('protection');
  const { lang } = useDateFormat();
  const token = useSession((s) => s.token);
  const session = usePlaySession(token);
  const shown = useRef(0);
  const latest = useRef(session);
  latest.current = session;
  const logout = useRef(onLogout);
  logout.current = onLogout;
  const every = session.data?.realityCheckMinutes ?? 0;
  const startedAt = session.data ? Date.parse(session.data.startedAt) : 0;

  useEffect(() => {
    if (!every || !startedAt) return;
    // Which reminder is due next: the first multiple of N minutes not yet shown in this page.
    const elapsed = Date.now() - startedAt;
    const due = Math.max(shown.current + 1, Math.floor(elapsed / (every * 60_000)) + 1);
    const at = startedAt + due * every * 60_000;
    const timer = window.setTimeout(
      async () => {
        shown.current = due;
        const fresh = await latest.current.refetch();
        const data = fresh.data ?? latest.current.data;
        if (!data) return;
        const played = minutesBetween(Date.parse(data.startedAt), Date.now());
        const net = BigInt(data.net);
        const answer = await showDialog({
          icon: 'info',
          titleKey: 'protection:realityDialog.title',
          messageKey: net < 0n ? 'protection:realityDialog.messageLoss' : 'protection:realityDialog.messageWin',
          params: {
            minutes: localDigits(played, lang),
            wagered: formatMoney(data.wagered, { symbol: currencySymbol }),
            net: formatMoney(net < 0n ? -net : net, { symbol: currencySymbol }),
          },
          buttons: [
            { id: 'logout', labelKey: 'protection:realityDialog.logout', variant: 'secondary' },
            { id: 'continue', labelKey: 'protection:realityDialog.continue', variant: 'primary' },
          ],
        });
        if (answer === 'logout') logout.current();
      },
      Math.max(0, at - Date.now()),
    );
    return () => window.clearTimeout(timer);
  }, [every, startedAt, lang, currencySymbol]);

  return null;
}

import type { LiveEvent } from '@playfront/contract/live';
import { useQueryClient } from '@tanstack/react-query';
import { createPortal } from 'react-dom';
import { balanceQueryOptions } from '../features/auth/api/get-balance.ts';
import { ENVELOPES_KEY } from '../features/envelopes/api/envelopes-keys.ts';
import { MESSAGES_KEY } from '../features/messages/api/messages-keys.ts';
import { LiveToasts, showLiveToast } from '../features/messages/live/live-toasts.tsx';
import { useLiveEvents } from '../features/messages/live/use-live-events.ts';
import { PROMOTIONS_KEY } from '../features/rewards/api/rewards-keys.ts';
import { applySupportLiveEvent, isSupportEvent } from '../features/support/api/support-live.ts';
import { applyChatLiveEvent, isChatEvent } from '../features/support/chat/api/chat-keys.ts';
import { WALLET_KEY } from '../features/wallet/api/wallet-keys.ts';
import { useSession } from '../lib/session-store.ts';

/**
 * Joins the live channel (messages feature) to the places money shows: the
 * header balance (auth feature's query), the wallet pages, the messages and
 * the promotion answers (reward centre, bonus details).
 * Mounted only for a logged-in member who is not on a trial account.
 */
export function LiveBridge({ currencySymbol }: { currencySymbol: string }) {
  const token = useSession((s) => s.token);
  const client = useQueryClient();

  const refreshAll = () => {
    void client.invalidateQueries({ queryKey: balanceQueryOptions(token).queryKey });
    void client.invalidateQueries({ queryKey: WALLET_KEY });
    void client.invalidateQueries({ queryKey: MESSAGES_KEY });
    void client.invalidateQueries({ queryKey: PROMOTIONS_KEY });
  };

  const onEvent = (event: LiveEvent) => {
    if (isChatEvent(event)) {
      // The support chat (issue 15): the open panel merges it, the customer-service badges refresh; no money moved.
      applyChatLiveEvent(client, event);
      return;
    }
    if (isSupportEvent(event)) {
      // A feedback reply, a removed room message: the support pages refresh themselves; no money moved.
      applySupportLiveEvent(client, event);
      return;
    }
    if (event.type === 'ENVELOPE_RAIN_STARTED' || event.type === 'ENVELOPE_RAIN_ENDED') {
      // The rain's own overlay shows it (envelopes feature): no notice, no money answers to refresh.
      void client.invalidateQueries({ queryKey: ENVELOPES_KEY });
      return;
    }
    const balanceKey = balanceQueryOptions(token).queryKey;
    if (event.type === 'BALANCE_CHANGED' && event.balance !== undefined && client.getQueryData(balanceKey)) {
      // The event carries the balance after the change: the header shows it without another call.
      client.setQueryData(balanceKey, (old) => (old ? { ...old, balance: event.balance as string } : old));
    } else if (event.type === 'BALANCE_CHANGED') {
      void client.invalidateQueries({ queryKey: balanceKey });
    }
    void client.invalidateQueries({ queryKey: WALLET_KEY });
    void client.invalidateQueries({ queryKey: MESSAGES_KEY });
    // A deposit may bring its bonus, a settled round moves wagering, a conversion ends a bonus.
    void client.invalidateQueries({ queryKey: PROMOTIONS_KEY });
    showLiveToast(event);
  };

  useLiveEvents(token, true, { onEvent, onResync: refreshAll });
  return createPortal(<LiveToasts currencySymbol={currencySymbol} />, document.body);
}

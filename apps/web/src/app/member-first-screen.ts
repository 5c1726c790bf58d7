import { unreadCountQueryOptions } from '../features/messages/api/get-unread-count.ts';
import { missionSummaryQueryOptions } from '../features/missions/api/get-mission-summary.ts';
import { promotionSummaryQueryOptions } from '../features/rewards/api/get-promotion-summary.ts';
import { chatCurrentQueryOptions } from '../features/support/chat/api/get-chat-current.ts';
import { consolidatedQueryOptions } from '../features/wallet/api/get-consolidated.ts';
import { merchantWalletQueryOptions } from '../features/wallet/api/get-merchant-wallet.ts';
import { useSession } from '../lib/session-store.ts';
import { memberPageOf } from './member-centre/member-centre-pages.ts';
import { queryClient } from './query-client.ts';

/**
 * A tab with a session, at boot (app/first-screen.ts), once member info has answered: the member's badges the frame
 * draws on every page (the unread messages, the chat's unread count, the promotions and missions summaries), before
 * the first render. Asked after it, each answer re-rendered the header and the member centre's menu as its own
 * synchronous render, a long task on a phone, while the first render is a transition React slices. A trial account
 * asks none of them (spec section 6): member info says which it is. Its own chunk: guests never load it.
 */
export async function askMemberBadges(): Promise<void> {
  const { token, loggedIn, isTrial } = useSession.getState();
  if (!token || !loggedIn || isTrial) return;
  await Promise.allSettled([
    queryClient.prefetchQuery(unreadCountQueryOptions(token, true)),
    queryClient.prefetchQuery(chatCurrentQueryOptions(token)),
    queryClient.prefetchQuery(promotionSummaryQueryOptions(token)),
    queryClient.prefetchQuery(missionSummaryQueryOptions(token)),
    ...askPageData(token),
  ]);
}

/**
 * The member page's own first data, where its first screen needs it: the transfer page (the centre's default page)
 * draws its lead by the brand's wallet mode and its balances from the consolidated funds; asked with the badges, its
 * first render is the page itself, with the lead the server drew (boot-screen.ts), not a spinner without it.
 */
function askPageData(token: string): Promise<unknown>[] {
  const { pathname, search } = window.location;
  if (pathname.replace(/\/+$/, '').toLowerCase() !== '/member') return [];
  if (memberPageOf(new URLSearchParams(search)) !== 'transferFund') return [];
  return [queryClient.prefetchQuery(merchantWalletQueryOptions()), queryClient.prefetchQuery(consolidatedQueryOptions(token, true))];
}

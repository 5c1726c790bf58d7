import { messagesQueryOptions } from '../features/messages/api/get-messages.ts';
import { unreadCountQueryOptions } from '../features/messages/api/get-unread-count.ts';
import { missionSummaryQueryOptions } from '../features/missions/api/get-mission-summary.ts';
import { protectionQueryOptions } from '../features/protection/api/get-protection.ts';
import { promotionSummaryQueryOptions } from '../features/rewards/api/get-promotion-summary.ts';
import { chatCurrentQueryOptions } from '../features/support/chat/api/get-chat-current.ts';
import { consolidatedQueryOptions } from '../features/wallet/api/get-consolidated.ts';
import { merchantWalletQueryOptions } from '../features/wallet/api/get-merchant-wallet.ts';
import { withdrawInfoQueryOptions } from '../features/wallet/api/get-withdraw-info.ts';
import { useSession } from '../lib/session-store.ts';
import { type MemberPage, memberPageOf } from './member-centre/member-centre-pages.ts';
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
  const page = openedMemberPage();
  askPageDataBeside(token, page);
  await Promise.allSettled([
    queryClient.prefetchQuery(unreadCountQueryOptions(token, true)),
    queryClient.prefetchQuery(chatCurrentQueryOptions(token)),
    queryClient.prefetchQuery(promotionSummaryQueryOptions(token)),
    queryClient.prefetchQuery(missionSummaryQueryOptions(token)),
    ...(page === 'transferFund' ? askTransferPageData(token) : []),
  ]);
}

/** The member-centre page this address opens, or null for any other route. */
function openedMemberPage(): MemberPage | null {
  const { pathname, search } = window.location;
  if (pathname.replace(/\/+$/, '').toLowerCase() !== '/member') return null;
  return memberPageOf(new URLSearchParams(search));
}

/**
 * The transfer page (the centre's default page) draws its lead by the brand's wallet mode and its balances from the
 * consolidated funds; asked with the badges and waited for, its first render is the page itself, with the lead the
 * server drew (boot-screen.ts), not a spinner without it.
 */
function askTransferPageData(token: string): Promise<unknown>[] {
  return [queryClient.prefetchQuery(merchantWalletQueryOptions()), queryClient.prefetchQuery(consolidatedQueryOptions(token, true))];
}

/**
 * A page whose largest paint is drawn from its own first call (the messages' empty state or first page, the
 * protection limits' hint, the upline transfer's payment-password hint): the call goes out now, beside the badges,
 * instead of after the page's chunk has loaded and rendered once. It is not waited for (decision 070: waiting for
 * these held the whole first render behind the slowest), so it usually lands before the first render, which then
 * draws the page with its data; a slower answer draws as it did before. The options are the pages' own, so the page
 * reads this very query.
 */
function askPageDataBeside(token: string, page: MemberPage | null): void {
  if (page === 'messageV2') void queryClient.prefetchQuery(messagesQueryOptions(token, 1));
  else if (page === 'responsibleGaming') void queryClient.prefetchQuery(protectionQueryOptions(token));
  else if (page === 'transferUpline') void queryClient.prefetchQuery(withdrawInfoQueryOptions(token));
}

import { lazy, Suspense } from 'react';
import AccountArea, { type AccountAreaProps } from '../features/auth/header/account-area.tsx';
import { useLogout } from '../features/auth/session/use-logout.ts';
import { useUnreadCount } from '../features/messages/api/get-unread-count.ts';
import { useChatCurrent } from '../features/support/chat/api/get-chat-current.ts';
import { useSession } from '../lib/session-store.ts';
import { LiveBridge } from './live-bridge.tsx';

/** The reality-check reminder (issue 18): its own chunk and catalogue, loaded for real members only. */
const RealityCheck = lazy(() => import('../features/protection/components/reality-check.tsx'));

/** The open-promotions count beside the header's "Events", in this chunk: members only, so guests load nothing for it. */
export { default as EventsCount } from './events-count.tsx';

/**
 * The logged-in header's account area with what other features add to it: the
 * unread-messages badge and the live channel. Trial accounts get neither (spec
 * section 6: they skip the unread-message fetch; the socket is for members).
 */
export default function LoggedInHeader(props: AccountAreaProps) {
  const token = useSession((s) => s.token);
  const loggedIn = useSession((s) => s.loggedIn);
  const isTrial = useSession((s) => s.isTrial);
  const member = useSession((s) => s.member);
  // Wait for member info: until it says "not trial", a trial token must not fetch or connect.
  const realMember = loggedIn && Boolean(member) && !isTrial;
  const unread = useUnreadCount(token, realMember);
  // The built-in support chat's unread badge (the frame reads it: app/use-chrome-data.ts).
  useChatCurrent(realMember ? token : null);
  const logout = useLogout();
  return (
    <>
      <AccountArea {...props} unreadMessages={realMember ? unread : undefined} />
      {realMember && <LiveBridge currencySymbol={props.currencySymbol ?? ''} />}
      {realMember && (
        <Suspense fallback={null}>
          <RealityCheck currencySymbol={props.currencySymbol ?? ''} onLogout={() => void logout()} />
        </Suspense>
      )}
    </>
  );
}

import AccountArea, { type AccountAreaProps } from '../features/auth/header/account-area.tsx';
import { useUnreadCount } from '../features/messages/api/get-unread-count.ts';
import { useSession } from '../lib/session-store.ts';
import { LiveBridge } from './live-bridge.tsx';

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
  return (
    <>
      <AccountArea {...props} unreadMessages={realMember ? unread : undefined} />
      {realMember && <LiveBridge currencySymbol={props.currencySymbol ?? ''} />}
    </>
  );
}

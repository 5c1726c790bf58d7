import { ApiError } from '../../../lib/api-client.ts';
import { useSession } from '../../../lib/session-store.ts';
import { getMemberInfo } from '../api/get-member-info.ts';

/** Answers that mean the stored token is no good any more. */
const SIGNED_OUT = new Set(['NOT_LOGGED_IN', 'SESSION_EXPIRED', 'ACCOUNT_DISABLED', 'PASSWORD_CHANGE_REQUIRED']);

/** Loads member info for the stored token: sets logged-in (with the agent and trial flags), or forgets a dead token. */
export async function loadMember(): Promise<void> {
  const store = useSession.getState();
  if (!store.token) return;
  try {
    const { id, account, nickname, type, vipLabel, avatar, hasVip, vipLabelName, vipRankLevel, vipIcon } = await getMemberInfo();
    store.setMember({ id, account, nickname, type, vipLabel, avatar, hasVip, vipLabelName, vipRankLevel, vipIcon });
  } catch (err) {
    if (err instanceof ApiError && SIGNED_OUT.has(err.code)) useSession.getState().signOut();
    // A network failure keeps the token: the next call tries again.
  }
}

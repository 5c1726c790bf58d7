import type { LoginResult } from '@playfront/contract/session';
import { SESSION_PATHS } from '@playfront/contract/session-paths';
import { api } from '../../../lib/api-client.ts';
import { applySavedLanguage } from '../../../lib/member-language.ts';
import { useSession } from '../../../lib/session-store.ts';
import { showDialog } from '../../../ui/modals/modal-store.ts';
import { logout } from '../api/logout.ts';
import { loadMember } from './load-member.ts';

/**
 * A `/?token=<code>` link (the app QR, an operator's link): the code is exchanged once, by POST, for a new
 * session of its account (issue 21 items 4 and 6). The visitor is always told whose account opened, and a
 * session already in this tab is never replaced without asking: a link sent by someone else must not quietly
 * sign the visitor into the sender's account.
 */
export async function openSignInLink(code: string): Promise<void> {
  try {
    await openLink(code);
  } finally {
    useSession.setState({ linkPending: false });
  }
}

async function openLink(code: string): Promise<void> {
  const store = useSession.getState();
  let opened: LoginResult;
  try {
    opened = await api<LoginResult>(SESSION_PATHS.handoffExchange, { method: 'POST', body: { code } });
  } catch {
    await loadMember();
    await showDialog({ icon: 'error', titleKey: 'auth:signInLink.title', messageKey: 'errors:handoffCodeInvalid' });
    return;
  }
  const linked = opened.member.account;

  if (store.token) {
    await loadMember();
    const current = useSession.getState().member?.account;
    if (current && current === linked) {
      // The same account: keep the tab's session, end the one the link made.
      await logout(opened.token).catch(() => undefined);
      return;
    }
    if (current) {
      const choice = await showDialog({
        icon: 'warning',
        titleKey: 'auth:signInLink.switchTitle',
        messageKey: 'auth:signInLink.switchMessage',
        params: { linked, current },
        buttons: [
          { id: 'stay', labelKey: 'auth:signInLink.stay', variant: 'primary' },
          { id: 'switch', labelKey: 'auth:signInLink.switch' },
        ],
      });
      if (choice !== 'switch') {
        await logout(opened.token).catch(() => undefined);
        return;
      }
      await logout().catch(() => undefined);
      useSession.getState().signOut();
    }
  }

  const next = useSession.getState();
  next.setToken(opened.token);
  // The tab is signed in now: member-only pages may render before the notice is answered.
  useSession.setState({ linkPending: false });
  const { id, account, nickname, type, vipLabel, avatar, hasVip, vipLabelName, vipRankLevel, vipIcon } = opened.member;
  next.setMember({ id, account, nickname, type, vipLabel, avatar, hasVip, vipLabelName, vipRankLevel, vipIcon });
  // Issue 15: a sign-in link (the app QR, a new device) shows the language the member saved on the account.
  applySavedLanguage(opened.member.language);
  const choice = await showDialog({
    icon: 'info',
    titleKey: 'auth:signInLink.openedTitle',
    messageKey: 'auth:signInLink.opened',
    params: { account: linked },
    buttons: [
      { id: 'notMe', labelKey: 'auth:signInLink.notMe' },
      { id: 'ok', labelKey: 'auth:signInLink.continue', variant: 'primary' },
    ],
  });
  if (choice === 'notMe') {
    await logout().catch(() => undefined);
    useSession.getState().signOut();
  }
}

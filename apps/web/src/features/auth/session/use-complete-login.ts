import type { LoginResult, LoginSite } from '@playfront/contract/session';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { applySavedLanguage } from '../../../lib/member-language.ts';
import { useSession } from '../../../lib/session-store.ts';
import { useWithdrawOnly } from '../../../lib/withdraw-only.ts';
import { closeAllModals, openModal } from '../../../ui/modals/modal-store.ts';
import { setPendingChange } from './pending-change.ts';

/** How the login happened: decides the forced password change and where the member lands. */
export type LoginKind = 'password' | 'sms' | 'freeplay' | 'register' | 'reset' | 'relogin' | 'social';
export type LoginContext = { kind: LoginKind; site: LoginSite; username?: string; password?: string };

/** After these the member goes home (spec section 4: free play, register, password change and reset; a social sign-in's callback page). */
const GOES_HOME: LoginKind[] = ['freeplay', 'register', 'reset', 'relogin', 'social'];
/** A game page: signing up from its demo stays there, on that game (issue 22), rather than going home. */
const GAME_PAGE = /^\/(seamless|lottert)(\/|$)/i;

export type LoginOutcome = 'loggedIn' | 'mustChangePassword';

/**
 * Finishes any successful login (spec section 4, Login): a forced password
 * change first when the answer asks for it (never for SMS login); otherwise
 * the token and member info are saved, the popups close, the first-login and
 * after-login flags are set, and agents go to /agentHome.
 */
export function useCompleteLogin() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  return useCallback(
    (result: LoginResult, context: LoginContext): LoginOutcome => {
      if (result.mustChangePassword && context.kind !== 'sms' && context.username && context.password) {
        setPendingChange({ token: result.token, username: context.username, password: context.password, site: context.site });
        const reason = result.passwordExpired ? 'expired' : result.firstTimeLogin ? 'firstLogin' : 'default';
        // Replaces the login popup; the frame makes a forced change impossible to dismiss.
        openModal('changePassModal', { forced: true, reason });
        return 'mustChangePassword';
      }
      setPendingChange(null);
      // A full session replaces a withdrawal-only access this tab may still hold (the block is over).
      useWithdrawOnly.getState().end();
      const store = useSession.getState();
      store.setToken(result.token);
      const { id, account, nickname, type, vipLabel, avatar, hasVip, vipLabelName, vipRankLevel, vipIcon } = result.member;
      store.setMember({ id, account, nickname, type, vipLabel, avatar, hasVip, vipLabelName, vipRankLevel, vipIcon });
      store.markLogin(result.firstTimeLogin);
      // Issue 15: the language the member saved on the account follows them to this device.
      applySavedLanguage(result.member.language);
      // Whatever an earlier account (or a guest) had cached is stale now.
      void queryClient.invalidateQueries({ queryKey: ['account'] });
      closeAllModals();
      if (result.member.isAgent && !result.member.isTrial) navigate('/agentHome');
      else if (GOES_HOME.includes(context.kind) && !(context.kind === 'register' && GAME_PAGE.test(window.location.pathname)))
        navigate('/');
      return 'loggedIn';
    },
    [navigate, queryClient],
  );
}

import { AGENT_ACCOUNT_TYPES, TRIAL_ACCOUNT_TYPE } from '@playfront/contract/constants';
import { create } from 'zustand';
import { session } from './storage.ts';

/**
 * Who is using the site: the token kept in session storage (spec section 3) and
 * what member info said about the account. The header and the side menu read
 * it; the accounts work writes it on login, member-info load and logout.
 */
export type SessionMember = {
  id: number | string;
  account: string;
  nickname: string;
  type: number;
  vipLabel?: string;
  avatar?: string;
  /** Spec section 3: VIP runs for the brand; then the level's name (member's language), rank (0..7) and icon URL. */
  hasVip?: boolean | undefined;
  vipLabelName?: string | undefined;
  vipRankLevel?: number | undefined;
  vipIcon?: string | undefined;
};

export type SessionState = {
  token: string | null;
  /** Set once member info has loaded for the token (spec section 4, Login). */
  loggedIn: boolean;
  isAgent: boolean;
  isTrial: boolean;
  member?: SessionMember;
  /** A login happened in this page (not a restored session): the "after-login flag" of spec section 4. */
  afterLogin: boolean;
  /** That login was the account's first: the first-login action (execution F popups) runs on it. */
  firstLogin: boolean;
  /** A `?token=` sign-in link is being opened: member-only pages wait for it instead of sending the visitor to log in. */
  linkPending: boolean;
  /** The member logged out in this page (here or in another tab): member-only pages go home, not to the login popup. */
  signedOut: boolean;
};

export type SessionActions = {
  /** A new token (login, free play): stored, logged-in waits for member info. */
  setToken: (token: string) => void;
  /** Member info arrived: the account type decides agent and trial (spec section 4, Account type). */
  setMember: (member: SessionMember) => void;
  /** Logout: clears session storage but the merchant keys, and the flags. */
  signOut: () => void;
  /** A login completed (password, SMS, free play, registration). */
  markLogin: (firstLogin: boolean) => void;
};

export const isAgentType = (type: number) => (AGENT_ACCOUNT_TYPES as readonly number[]).includes(type);
export const isTrialType = (type: number) => type === TRIAL_ACCOUNT_TYPE;

function initialState(): SessionState {
  const token = session.get('token');
  return {
    token,
    // A stored token means a session from earlier in this tab; member info confirms or clears it.
    loggedIn: Boolean(token),
    isAgent: Boolean(token) && session.get('isAgent') === 'true',
    isTrial: false,
    afterLogin: false,
    firstLogin: false,
    linkPending: typeof window !== 'undefined' && new URLSearchParams(window.location.search).has('token'),
    signedOut: false,
  };
}

export const useSession = create<SessionState & SessionActions>()((set) => ({
  ...initialState(),
  setToken(token) {
    session.set('token', token);
    set({ token, signedOut: false });
  },
  setMember(member) {
    const isAgent = isAgentType(member.type);
    session.set('isAgent', String(isAgent));
    session.set('account', member.account);
    session.set('nickname', member.nickname);
    session.set('username', member.account);
    session.set('customerId', String(member.id));
    set({ member, loggedIn: true, isAgent, isTrial: isTrialType(member.type) });
  },
  signOut() {
    session.clearKeepingMerchant();
    set({
      token: null,
      loggedIn: false,
      isAgent: false,
      isTrial: false,
      member: undefined,
      afterLogin: false,
      firstLogin: false,
      signedOut: true,
    });
  },
  markLogin(firstLogin) {
    set({ afterLogin: true, firstLogin });
  },
}));

import { createContext, useContext } from 'react';
import { useSession } from '../../../lib/session-store.ts';

/**
 * Whose withdraw page this is. Normally the logged-in member's (the stored session token); inside the withdrawal-only
 * screen (decision 056) a blocked member's restricted token, which the server accepts only on the balance, withdraw
 * info, payment password, withdrawals, their confirmation and logout. The withdraw page's parts read it here, so the
 * same form, payment password setup and withdrawal list serve both, and `restricted` leaves out the calls that token
 * cannot make (funds held, active bonus).
 */
export type WithdrawAccess = { token: string | null; restricted: boolean };

const RestrictedToken = createContext<string | null>(null);

/** Wraps the withdraw parts of the withdrawal-only screen with its token. */
export const RestrictedWithdrawAccess = RestrictedToken.Provider;

export function useWithdrawAccess(): WithdrawAccess {
  const restricted = useContext(RestrictedToken);
  const sessionToken = useSession((s) => s.token);
  return restricted ? { token: restricted, restricted: true } : { token: sessionToken, restricted: false };
}

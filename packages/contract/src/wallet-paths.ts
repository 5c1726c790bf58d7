/**
 * The wallet call paths (zod-free, for the web's first bundle: the balance query is wired at boot by the tab sync,
 * and zod must not come with it). `wallet.ts` re-exports them with the schemas.
 */
export const WALLET_PATHS = {
  /** GET (token, trial allowed): the member's main wallet balance. */
  balance: '/wps/v2/wallets/balance',
} as const;

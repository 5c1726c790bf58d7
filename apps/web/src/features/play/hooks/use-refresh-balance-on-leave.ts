import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';

/** The header balance's query (features/auth: `['account', 'balance', token]`); its prefix is enough to refresh it. */
const BALANCE_KEY = ['account', 'balance'] as const;

/**
 * Money moved while the game was open: leaving the game page refreshes the
 * header balance (the live push updates it during play; this covers a missed
 * push or a closed socket). Coming back to the tab from a game window does too.
 */
export function useRefreshBalanceOnLeave() {
  const queryClient = useQueryClient();
  useEffect(() => {
    const refresh = () => void queryClient.invalidateQueries({ queryKey: BALANCE_KEY });
    const onVisible = () => {
      if (document.visibilityState === 'visible') refresh();
    };
    document.addEventListener('visibilitychange', onVisible);
    return () => {
      document.removeEventListener('visibilitychange', onVisible);
      refresh();
    };
  }, [queryClient]);
}

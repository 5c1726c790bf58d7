import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../lib/api-client.ts';
import { formatMoney } from '../../../lib/format.ts';
import { useSession } from '../../../lib/session-store.ts';
import { useBalance } from '../api/get-balance.ts';
import { AuthIcon } from '../components/auth-icons.tsx';

/** The header balance (spec section 2): 2 decimals, thousands separators and the currency symbol; refresh and hide. */
export function Balance({ currencySymbol }: { currencySymbol: string | undefined }) {
  const { t } = useTranslation('auth');
  const token = useSession((s) => s.token);
  const balance = useBalance(token);
  const [hidden, setHidden] = useState(false);
  const symbol = balance.data?.currencySymbol ?? currencySymbol ?? '';
  // Without an answer (the call failed) a dash, never a made-up zero.
  const shown = balance.data ? formatMoney(balance.data.balance, { symbol }) : '—';
  const refreshing = balance.isFetching;

  // The session ended on the server (expired, revoked elsewhere): this page is logged out too.
  const ended = balance.error instanceof ApiError && ['NOT_LOGGED_IN', 'SESSION_EXPIRED', 'ACCOUNT_DISABLED'].includes(balance.error.code);
  useEffect(() => {
    if (ended) useSession.getState().signOut();
  }, [ended]);

  return (
    <div className="balance" aria-busy={refreshing || undefined}>
      <span className="visually-hidden">{t('account.balance')}</span>
      <output className="balance-amount" aria-live="polite">
        {hidden ? (
          <>
            <span aria-hidden="true">{symbol}••••</span>
            <span className="visually-hidden">{t('account.balanceHidden')}</span>
          </>
        ) : (
          shown
        )}
      </output>
      <button
        type="button"
        className="balance-button"
        aria-label={t('account.refreshBalance')}
        title={t('account.refreshBalance')}
        disabled={refreshing}
        onClick={() => void balance.refetch()}
      >
        <span className={refreshing ? 'spin' : undefined}>
          <AuthIcon name="refresh" size={18} />
        </span>
      </button>
      <button
        type="button"
        className="balance-button"
        aria-label={t('account.hideBalance')}
        title={t(hidden ? 'account.showBalance' : 'account.hideBalance')}
        aria-pressed={hidden}
        onClick={() => setHidden((h) => !h)}
      >
        <AuthIcon name={hidden ? 'eyeOff' : 'eye'} size={18} />
      </button>
    </div>
  );
}

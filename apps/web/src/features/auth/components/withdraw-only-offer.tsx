import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { type BlockedLogin, useWithdrawOnly, WITHDRAW_ONLY_PATH } from '../../../lib/withdraw-only.ts';
import { closeAllModals } from '../../../ui/modals/modal-store.ts';

/**
 * Under the message of a login refused for a cool-off or self-exclusion (issue 18, decision 056): the way to the
 * remaining balance. The refusal carried a withdrawal-only token; this keeps it apart from the session (the site
 * stays a guest's) and opens the withdrawal-only screen, which alone uses it.
 */
export function WithdrawOnlyOffer({ blocked }: { blocked: BlockedLogin | null }) {
  const { t } = useTranslation('auth');
  const navigate = useNavigate();
  if (!blocked) return null;
  const open = () => {
    useWithdrawOnly.getState().start(blocked);
    closeAllModals();
    navigate(WITHDRAW_ONLY_PATH);
  };
  return (
    <div className="auth-withdraw-only" data-testid="withdraw-only-offer">
      <p className="auth-step-lead">{t('blocked.hint')}</p>
      <button type="button" className="btn btn-primary auth-submit" onClick={open}>
        {t('blocked.withdraw')}
      </button>
    </div>
  );
}

import type { PromotionDetail } from '@playfront/contract/promotions';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { serverKey } from '../../../lib/i18n.ts';
import { useSession } from '../../../lib/session-store.ts';
import { openModal, showDialog } from '../../../ui/modals/modal-store.ts';
import type { PromotionActionResult } from '../api/after-promotion-change.ts';
import { useApplyPromotion } from '../api/apply-promotion.ts';
import { useClaimPromotion } from '../api/claim-promotion.ts';
import { useJoinPromotion } from '../api/join-promotion.ts';
import { useFormat } from '../hooks/use-format.ts';
import { promotionButton, type Viewer } from '../lib/promotion-button.ts';
import { ApplyForm } from './apply-form.tsx';
import { ErrorAlert } from './error-text.tsx';

export const BONUS_DETAILS_PAGE = '/member?page=bonusDetails';
export const depositPageFor = (code: string) => `/member?page=depositv2&promotion=${encodeURIComponent(code)}`;

function useViewer(): Viewer {
  const loggedIn = useSession((s) => s.loggedIn);
  const isTrial = useSession((s) => s.isTrial);
  return !loggedIn ? 'guest' : isTrial ? 'trial' : 'member';
}

/**
 * The button a promotion offers for its state (join, apply with a note, claim, or deposit to qualify), or its state
 * as a disabled label; guests get the login popup and trial accounts the need-a-real-account dialog instead.
 */
export function PromotionActions({ promotion: p, close }: { promotion: PromotionDetail; close: () => void }) {
  const { t } = useTranslation('promotions');
  const { money } = useFormat();
  const navigate = useNavigate();
  const viewer = useViewer();
  // The mutations live here, not in the apply form: when the answer changes the state, the form goes, the outcome stays.
  const join = useJoinPromotion();
  const claim = useClaimPromotion();
  const apply = useApplyPromotion();
  const [last, setLast] = useState<'join' | 'claim' | 'apply' | null>(null);
  const [applying, setApplying] = useState(false);
  const button = promotionButton(p, viewer);
  const current = last === 'join' ? join : last === 'claim' ? claim : last === 'apply' ? apply : null;

  const outcome = (result: PromotionActionResult): ReactNode => {
    if (result.state === 'process' || (result.grantId && result.amount)) {
      return (
        <>
          {t('done.bonus', { amount: result.amount ? money(result.amount) : '' })}{' '}
          <Link to={BONUS_DETAILS_PAGE} onClick={close}>
            {t('done.seeBonus')}
          </Link>
        </>
      );
    }
    if (result.state === 'applying') return t('done.applied');
    if (result.state === 'joined') return t(p.trigger === 'DEPOSIT' ? 'done.joinedDeposit' : 'done.joined');
    if (result.state === 'claimed') return t('done.claimed', { amount: result.amount ? money(result.amount) : '' });
    return t('done.saved');
  };

  const act = () => {
    if (button.kind !== 'action') return;
    if (button.gate === 'login') {
      openModal('loginPopupModal');
      return;
    }
    if (button.gate === 'realAccount') {
      void showDialog({
        icon: 'warning',
        messageKey: 'errors:needRealAccount',
        buttons: [{ id: 'ok', labelKey: 'dialog.confirm', variant: 'primary' }],
      });
      return;
    }
    switch (button.action) {
      case 'join':
        setLast('join');
        join.mutate(p.code);
        break;
      case 'claim':
        setLast('claim');
        claim.mutate(p.code);
        break;
      case 'apply':
        setLast(null);
        apply.reset();
        setApplying(true);
        break;
      case 'deposit':
        close();
        navigate(depositPageFor(p.code));
        break;
    }
  };

  const pending = join.isPending || claim.isPending;
  const label =
    button.kind === 'action'
      ? button.action === 'claim' && p.pendingReward && BigInt(p.pendingReward) > 0n
        ? t('actions.claimAmount', { amount: money(p.pendingReward) })
        : t(`actions.${button.action}`)
      : null;
  const showForm = applying && !apply.isSuccess && button.kind === 'action';

  return (
    <div className="promo-actions">
      {current?.isSuccess && (
        <p role="status" className="promo-alert promo-alert-success">
          {outcome(current.data)}
        </p>
      )}
      {(last === 'join' || last === 'claim') && <ErrorAlert error={current?.error} />}
      {showForm ? (
        <ApplyForm
          mutation={apply}
          code={p.code}
          onCancel={() => setApplying(false)}
          onSent={() => {
            setLast('apply');
          }}
        />
      ) : button.kind === 'label' ? (
        <div className="promo-action-row">
          <button type="button" className="btn promo-label-button" disabled data-state={button.state}>
            {t(`labels.${button.state}`)}
          </button>
          {button.state === 'close' && p.ineligibleKey && (
            <p className="promo-note" data-testid="promotion-ineligible">
              {t(serverKey(p.ineligibleKey) as never) as string}
            </p>
          )}
          {p.state === 'process' && (
            <Link className="btn btn-ghost" to={BONUS_DETAILS_PAGE} onClick={close}>
              {t('done.seeBonus')}
            </Link>
          )}
        </div>
      ) : (
        <div className="promo-action-row">
          <button type="button" className="btn btn-primary promo-action" onClick={act} disabled={pending} data-action={button.action}>
            {pending ? t('actions.sending') : label}
          </button>
          {button.action === 'deposit' && <p className="promo-note">{t('actions.depositNote')}</p>}
        </div>
      )}
    </div>
  );
}

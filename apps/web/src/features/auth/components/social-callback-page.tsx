import './auth.css';
import type { TwoStepRequiredValue } from '@playfront/contract/session';
import type { SocialCompleteResult } from '@playfront/contract/social';
import { SOCIAL_FLOW_STORAGE_KEY } from '@playfront/contract/social-paths';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { type BlockedLogin, blockedLoginOf } from '../../../lib/withdraw-only.ts';
import { openModal, showDialog } from '../../../ui/modals/modal-store.ts';
import { completeSocialLogin } from '../api/complete-social-login.ts';
import { errorCode, errorMessage, errorValue } from '../lib/server-errors.ts';
import { useCompleteLogin } from '../session/use-complete-login.ts';
import { FormAlert } from './form-parts.tsx';
import { isTwoStep, TwoStepLoginStep } from './two-step-login-step.tsx';
import { WithdrawOnlyOffer } from './withdraw-only-offer.tsx';

/** One answer per callback URL: React's development double effect (and a reload) must not spend the state twice. */
const answers = new Map<string, Promise<SocialCompleteResult>>();

/**
 * /social-callback: where the provider sends the browser back (decision 053). The query goes to the server once; a
 * login or new account is finished like a password login, a link goes back to the security centre, a two-step
 * account shows the second step here, and a refusal is said in words with a way back.
 */
export default function SocialCallbackPage() {
  const { t } = useTranslation('auth');
  const navigate = useNavigate();
  const completeLogin = useCompleteLogin();
  const [problem, setProblem] = useState<string | null>(null);
  const [twoStep, setTwoStep] = useState<TwoStepRequiredValue | null>(null);
  // A cool-off or self-exclusion: the refusal's withdrawal-only access (decision 056).
  const [blocked, setBlocked] = useState<BlockedLogin | null>(null);

  useEffect(() => {
    const query = window.location.search;
    const purpose = sessionStorage.getItem(SOCIAL_FLOW_STORAGE_KEY);
    if (!answers.has(query)) answers.set(query, completeSocialLogin(query));
    let live = true;
    answers
      .get(query)
      ?.then(async (result) => {
        if (!live) return;
        sessionStorage.removeItem(SOCIAL_FLOW_STORAGE_KEY);
        if (result.outcome === 'linked') {
          navigate('/member?page=securityCenter', { replace: true });
          await showDialog({
            icon: 'success',
            messageKey: 'auth:social.linkedDone',
            params: { name: result.identity?.displayName ?? '' },
          });
          return;
        }
        if (result.login) completeLogin(result.login, { kind: 'social', site: 'member' });
      })
      .catch((err: unknown) => {
        if (!live) return;
        const value = errorValue(err);
        if (errorCode(err) === 'TWO_STEP_REQUIRED' && isTwoStep(value)) return setTwoStep(value);
        sessionStorage.removeItem(SOCIAL_FLOW_STORAGE_KEY);
        // A link that failed goes back to where it started, with the reason.
        if (purpose === 'link') {
          navigate('/member?page=securityCenter', { replace: true });
          void showDialog({ icon: 'warning', messageKey: errorMessage(err) });
          return;
        }
        setProblem(errorMessage(err));
        setBlocked(blockedLoginOf(errorCode(err), value));
      });
    return () => {
      live = false;
    };
  }, [completeLogin, navigate]);

  const backToLogin = () => {
    navigate('/', { replace: true });
    openModal('loginPopupModal');
  };

  return (
    <main className="page auth-callback" aria-labelledby="social-callback-title">
      <div className="auth auth-callback-card">
        <h1 id="social-callback-title" className="modal-title">
          {problem ? t('social.failedTitle') : t('social.callbackTitle')}
        </h1>
        {twoStep ? (
          <TwoStepLoginStep step={twoStep} context={{ kind: 'social', site: 'member' }} onRestart={backToLogin} />
        ) : problem ? (
          <>
            <FormAlert message={problem} />
            <WithdrawOnlyOffer blocked={blocked} />
            <div className="auth-callback-actions">
              <button type="button" className="btn btn-primary" onClick={backToLogin}>
                {t('social.backToLogin')}
              </button>
              <button type="button" className="btn btn-ghost" onClick={() => navigate('/', { replace: true })}>
                {t('social.home')}
              </button>
            </div>
          </>
        ) : (
          <div className="page-state" role="status">
            <div className="spinner" aria-hidden="true" />
            <p>{t('social.working')}</p>
          </div>
        )}
      </div>
    </main>
  );
}

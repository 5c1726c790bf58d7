import '../../../ui/styles/member-page.css';
import './security.css';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useSession } from '../../../lib/session-store.ts';
import { MemberPageFrame } from '../../../ui/page-states.tsx';
import { useAccount } from '../api/get-account.ts';
import { AccountInfoForm } from './account-info-form.tsx';
import { ContactsCard } from './contacts-card.tsx';
import { LinkedAccountsCard } from './linked-accounts-card.tsx';
import { LoginHistorySection } from './login-history-section.tsx';
import { PasswordsCard } from './passwords-card.tsx';
import { SectionState } from './section-state.tsx';
import { SessionsSection } from './sessions-section.tsx';
import { TwoStepCard } from './two-step-card.tsx';

/**
 * securityCenter (spec section 2; issue 15): account info, the login and payment passwords, two-step login with an
 * authenticator app, linked sign-in accounts (OpenID Connect, final once linked), the live sessions with sign-out,
 * and the login history.
 */
export default function SecurityCentrePage() {
  const { t } = useTranslation('security');
  const token = useSession((s) => s.token);
  const account = useAccount(token);
  return (
    <MemberPageFrame id="sc-title" className="sc-page" title={t('title')} lead={t('lead')}>
      {/* The cards below wait for the account too: drawn under the loading state, they would be pushed down by the
          account form when it arrives (a layout shift, decision 062). */}
      {account.isPending ? (
        <SectionState kind="loading" />
      ) : (
        <>
          {account.isError ? (
            <SectionState kind="error" onRetry={() => void account.refetch()} />
          ) : (
            <div className="sc-columns">
              <AccountInfoForm account={account.data} />
              <div className="sc-stack">
                <PasswordsCard hasPaymentPassword={account.data.hasPaymentPassword} />
                <ContactsCard account={account.data} />
              </div>
            </div>
          )}
          <section className="sc-card sc-link-card" aria-labelledby="sc-rg-title">
            <div className="sc-card-head">
              <h3 id="sc-rg-title" className="sc-card-title">
                {t('responsibleGaming.title')}
              </h3>
              <Link className="btn btn-ghost btn-sm" to="/member?page=responsibleGaming">
                {t('responsibleGaming.open')}
              </Link>
            </div>
            <p className="sc-hint">{t('responsibleGaming.lead')}</p>
          </section>
          <TwoStepCard />
          <LinkedAccountsCard />
          <SessionsSection />
          <LoginHistorySection />
        </>
      )}
    </MemberPageFrame>
  );
}

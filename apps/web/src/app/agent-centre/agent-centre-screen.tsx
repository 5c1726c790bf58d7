import '../../features/auth/components/auth.css';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { AgentScreen } from '../../features/agent/agent-screen.tsx';
import type { AgentSlots } from '../../features/agent/agent-slots.tsx';
import { AuthIcon } from '../../features/auth/components/auth-icons.tsx';
import { PasswordLoginForm } from '../../features/auth/components/password-login-form.tsx';
import { useLogout } from '../../features/auth/session/use-logout.ts';
import { CustomerServiceButton } from '../../features/system/components/customer-service-button.tsx';
import { useCustomerService } from '../../features/system/hooks/use-brand.ts';
import { usePermission } from '../../lib/permission.ts';
import { safeUrl } from '../../lib/safe-url.ts';

const Deposit = lazy(() => import('../../features/wallet/components/deposit-page.tsx'));
const Withdraw = lazy(() => import('../../features/wallet/components/withdraw-page.tsx'));
const TransferUpline = lazy(() => import('../../features/wallet/components/transfer-upline-page.tsx'));
const MessagesPage = lazy(() => import('../../features/messages/components/messages-page.tsx'));

function Pending() {
  return (
    <div className="wl-state" role="status">
      <div className="spinner" aria-hidden="true" />
    </div>
  );
}

/** The member-centre pages inside the agent layout keep their own look (wallet styles come with each page). */
function MemberPage({ children }: { children: React.ReactNode }) {
  return (
    <div className="agent-member-page">
      <Suspense fallback={<Pending />}>{children}</Suspense>
    </div>
  );
}

function LogoutButton() {
  const { t } = useTranslation('auth');
  const logout = useLogout();
  return (
    <button type="button" className="btn btn-ghost btn-sm" onClick={() => void logout()}>
      <AuthIcon name="logout" size={18} />
      {t('account.signOut')}
    </button>
  );
}

function Messages() {
  const symbol = usePermission().data?.brand.currencySymbol ?? '';
  return (
    <MemberPage>
      <MessagesPage currencySymbol={symbol} />
    </MemberPage>
  );
}

/** customerService: the brand's channels (live chat first), each opening in a new tab. */
function CustomerService() {
  const { t } = useTranslation('agent');
  const { links } = useCustomerService();
  const channels = links.map((l) => ({ ...l, href: safeUrl(l.url) })).filter((l) => l.href);
  return (
    <section className="ag-panel" aria-labelledby="agent-cs-title">
      <h2 id="agent-cs-title">{t('service.title')}</h2>
      <p className="ag-muted">{t('service.lead')}</p>
      {channels.length === 0 ? (
        <p className="ag-muted">{t('service.none')}</p>
      ) : (
        <>
          <CustomerServiceButton />
          <ul className="ag-service-list">
            {channels.map((l) => (
              <li key={`${l.csType}-${l.url}`}>
                <a href={l.href} target="_blank" rel="noopener noreferrer">
                  {l.name}
                </a>
              </li>
            ))}
          </ul>
        </>
      )}
    </section>
  );
}

const slots: AgentSlots = {
  LoginForm: () => <PasswordLoginForm site="agent" />,
  LogoutButton,
  Deposit: () => (
    <MemberPage>
      <Deposit />
    </MemberPage>
  ),
  Withdraw: () => (
    <MemberPage>
      <Withdraw />
    </MemberPage>
  ),
  Messages,
  CustomerService,
  TransferToDownline: ({ username }) => (
    <MemberPage>
      <TransferUpline downline={username} />
    </MemberPage>
  ),
};

/**
 * The agent screen group (/agent, /agentHome; a lazily loaded chunk): the agent feature with what it shows from
 * other features handed in here, so features stay leaves.
 */
export default function AgentCentreScreen() {
  return <AgentScreen slots={slots} />;
}

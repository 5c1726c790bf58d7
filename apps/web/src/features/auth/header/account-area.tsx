import '../components/auth.css';
import './account.css';
import { isBuiltInChat } from '@playfront/contract/support-chat-paths';
import { type MouseEvent, useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { safeUrl } from '../../../lib/safe-url.ts';
import { useSession } from '../../../lib/session-store.ts';
import { Icon, type IconName } from '../../../ui/icons/icon.tsx';
import { openModal, showDialog } from '../../../ui/modals/modal-store.ts';
import { AuthIcon } from '../components/auth-icons.tsx';
import { showNeedRealAccount } from '../session/role-guards.ts';
import { useLogout } from '../session/use-logout.ts';
import { Avatar } from './avatar.tsx';
import { Balance } from './balance.tsx';
import { VipBadge } from './vip-badge.tsx';

export type AccountAreaProps = {
  /** The brand's currency symbol (permission), used when the balance answer names none. */
  currencySymbol?: string | undefined;
  /** The customer-service link (live chat or the first channel), opened links only. */
  customerServiceUrl?: string | undefined;
  /** Unread platform messages (messages feature, via the app); undefined: unknown, no badge. */
  unreadMessages?: number | undefined;
  /** Unread support-chat messages (the built-in chat's badge, via the app). */
  customerServiceUnread?: number | undefined;
};

const memberPage = (page: string) => `/member?page=${page}`;

/**
 * The header's logged-in part (spec section 2, Header): balance with refresh
 * and hide, deposit and withdraw, and the account button (avatar, VIP label)
 * opening the account panel: account id with copy, security centre, betting
 * record, messages, customer service, agent centre for agents, sign out.
 * A trial account gets the need-real-account dialog on member actions.
 */
export default function AccountArea({ currencySymbol, customerServiceUrl, unreadMessages, customerServiceUnread = 0 }: AccountAreaProps) {
  const { t } = useTranslation('auth');
  const navigate = useNavigate();
  const member = useSession((s) => s.member);
  const isTrial = useSession((s) => s.isTrial);
  const isAgent = useSession((s) => s.isAgent);
  const logout = useLogout();
  const [open, setOpen] = useState(false);
  const panelId = useId();
  const wrap = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const csUrl = safeUrl(customerServiceUrl);

  // The panel closes on Escape (focus back on its button) and on a click elsewhere.
  useEffect(() => {
    if (!open) return;
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') {
        setOpen(false);
        button.current?.focus();
      }
    };
    const onPointer = (e: PointerEvent) => {
      if (!wrap.current?.contains(e.target as Node)) setOpen(false);
    };
    document.addEventListener('keydown', onKey);
    document.addEventListener('pointerdown', onPointer);
    return () => {
      document.removeEventListener('keydown', onKey);
      document.removeEventListener('pointerdown', onPointer);
    };
  }, [open]);

  /** Member pages: a trial account is refused with the dialog instead. */
  const memberAction = (to: string) => (e: MouseEvent) => {
    e.preventDefault();
    setOpen(false);
    if (isTrial) void showNeedRealAccount();
    else navigate(to);
  };

  const copyId = async () => {
    const id = String(member?.id ?? '');
    try {
      await navigator.clipboard.writeText(id);
      await showDialog({
        icon: 'success',
        titleKey: 'dialog.copied',
        messageKey: 'auth:account.idCopied',
        params: { id },
        timeoutMs: 2000,
      });
    } catch {
      await showDialog({ icon: 'warning', messageKey: 'auth:account.copyFailed', params: { id } });
    }
  };

  const unread = unreadMessages && unreadMessages > 0 ? unreadMessages : 0;
  const item = (key: string, icon: IconName, to: string, badge = 0) => (
    <li>
      <a href={to} className="account-link" onClick={memberAction(to)}>
        <Icon name={icon} />
        {t(key as never)}
        {badge > 0 && (
          <span className="account-badge" data-testid="account-unread">
            <span aria-hidden="true">{badge > 99 ? '99+' : badge}</span>
            <span className="visually-hidden">{t('account.unread', { count: badge })}</span>
          </span>
        )}
      </a>
    </li>
  );

  return (
    <div className="account-area" ref={wrap}>
      <Balance currencySymbol={currencySymbol} />
      <a
        href="/member?tab=deposit"
        className="btn btn-primary btn-sm account-wide account-deposit"
        title={t('account.deposit')}
        onClick={memberAction('/member?tab=deposit')}
      >
        <Icon name="deposit" size={18} />
        <span className="account-btn-label">{t('account.deposit')}</span>
      </a>
      <a
        href="/member?tab=withdraw"
        className="btn btn-ghost btn-sm account-wide account-withdraw"
        title={t('account.withdraw')}
        onClick={memberAction('/member?tab=withdraw')}
      >
        <Icon name="withdraw" size={18} />
        <span className="account-btn-label">{t('account.withdraw')}</span>
      </a>
      <button
        ref={button}
        type="button"
        className="account-button"
        aria-expanded={open}
        aria-controls={panelId}
        aria-label={t('account.menu', { name: member?.nickname ?? '' })}
        onClick={() => setOpen((o) => !o)}
      >
        <Avatar avatar={member?.avatar} />
        <VipBadge member={member} watchLanguage />
        <Icon name="chevronDown" size={16} />
        {unread > 0 && <span className="account-dot" aria-hidden="true" />}
      </button>
      {open && (
        <div id={panelId} className="account-panel">
          <div className="account-profile">
            <Avatar avatar={member?.avatar} size={48} />
            <div className="account-who">
              <strong className="account-name">{member?.nickname}</strong>
              <span className="account-meta">
                <VipBadge member={member} />
                {isTrial && <span className="trial-label">{t('account.trial')}</span>}
              </span>
              <span className="account-id">
                {t('account.id', { id: member?.id ?? '' })}
                <button
                  type="button"
                  className="copy-button"
                  aria-label={t('account.copyId')}
                  title={t('account.copyId')}
                  onClick={() => void copyId()}
                >
                  <AuthIcon name="copy" size={16} />
                </button>
              </span>
            </div>
          </div>
          <nav aria-label={t('account.menuTitle')}>
            <ul className="account-links">
              <li className="account-narrow">
                <a href="/member?tab=deposit" className="account-link" onClick={memberAction('/member?tab=deposit')}>
                  <Icon name="deposit" />
                  {t('account.deposit')}
                </a>
              </li>
              <li className="account-narrow">
                <a href="/member?tab=withdraw" className="account-link" onClick={memberAction('/member?tab=withdraw')}>
                  <Icon name="withdraw" />
                  {t('account.withdraw')}
                </a>
              </li>
              {item('account.security', 'user', memberPage('securityCenter'))}
              {item('account.bettingRecord', 'receipt', memberPage('personalHistoryCopy'))}
              {item('account.messages', 'mail', memberPage('messageV2'), unread)}
              {isBuiltInChat(customerServiceUrl) ? (
                <li>
                  <button
                    type="button"
                    className="account-link"
                    onClick={() => {
                      setOpen(false);
                      openModal('supportChatModal', { from: 'header' });
                    }}
                  >
                    <Icon name="headset" />
                    {t('account.customerService')}
                    {customerServiceUnread > 0 && (
                      <span className="account-badge">
                        <span aria-hidden="true">{customerServiceUnread > 99 ? '99+' : customerServiceUnread}</span>
                        <span className="visually-hidden">{t('account.unread', { count: customerServiceUnread })}</span>
                      </span>
                    )}
                  </button>
                </li>
              ) : (
                csUrl && (
                  <li>
                    <a href={csUrl} className="account-link" target="_blank" rel="noopener noreferrer" onClick={() => setOpen(false)}>
                      <Icon name="headset" />
                      {t('account.customerService')}
                    </a>
                  </li>
                )
              )}
              {isAgent && (
                <li>
                  <Link to="/agentHome" className="account-link" onClick={() => setOpen(false)}>
                    <AuthIcon name="team" />
                    {t('account.agentCenter')}
                  </Link>
                </li>
              )}
              <li>
                <button
                  type="button"
                  className="account-link account-logout"
                  onClick={() => {
                    setOpen(false);
                    void logout();
                  }}
                >
                  <AuthIcon name="logout" />
                  {t('account.signOut')}
                </button>
              </li>
            </ul>
          </nav>
        </div>
      )}
    </div>
  );
}

import './auth.css';
import { useTranslation } from 'react-i18next';
import type { ModalBodyProps } from '../../../ui/modals/modal-types.ts';
import { PasswordLoginForm } from './password-login-form.tsx';

/** loginModal: the agent site's login (agents only; the same form as on /agent). */
export default function AgentLoginModal({ titleId }: ModalBodyProps<'loginModal'>) {
  const { t } = useTranslation('auth');
  return (
    <div className="auth">
      <h2 id={titleId} className="modal-title">
        {t('agent.loginTitle')}
      </h2>
      <p className="auth-lead">{t('agent.loginLead')}</p>
      <PasswordLoginForm site="agent" />
    </div>
  );
}

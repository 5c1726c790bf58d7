import './auth.css';
import { useId, useState } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { openModal, showDialog } from '../../../ui/modals/modal-store.ts';
import type { ModalBodyProps } from '../../../ui/modals/modal-types.ts';
import { useAuthSettings } from '../api/get-auth-settings.ts';
import { loginFreeplay } from '../api/login-freeplay.ts';
import { errorMessage } from '../lib/server-errors.ts';
import { useCompleteLogin } from '../session/use-complete-login.ts';
import { LinkButton } from './form-parts.tsx';
import { PasswordLoginForm } from './password-login-form.tsx';
import { SmsLoginForm } from './sms-login-form.tsx';
import { SocialButtons } from './social-buttons.tsx';
import { TabPanel, Tabs } from './tabs.tsx';

type LoginTab = 'username' | 'sms';

/**
 * loginPopupModal (spec section 2, Login popup): username/password and, when
 * MOBILEVERCODELOGIN3 is on, SMS-code tabs; forgot-password, terms and
 * register links; "Continue with <provider>" for the brand's OpenID Connect providers; free play when FREEPLAY3 is on.
 */
export default function LoginPopupModal({ options, titleId }: ModalBodyProps<'loginPopupModal'>) {
  const { t } = useTranslation('auth');
  const idBase = useId();
  const settings = useAuthSettings();
  const flags = settings.data?.whitelabel.flags;
  const smsEnabled = Boolean(flags?.MOBILEVERCODELOGIN3);
  const [chosen, setChosen] = useState<LoginTab>(options.tab ?? 'username');
  const tab: LoginTab = smsEnabled ? chosen : 'username';

  return (
    <div className="auth">
      <h2 id={titleId} className="modal-title">
        {t('login.title')}
      </h2>
      {smsEnabled && (
        <Tabs
          label={t('login.methods')}
          idBase={idBase}
          value={tab}
          onChange={setChosen}
          tabs={[
            { id: 'username', label: t('login.tabUsername') },
            { id: 'sms', label: t('login.tabSms') },
          ]}
        />
      )}
      <TabPanel idBase={idBase} value={tab} withTabs={smsEnabled}>
        {tab === 'sms' && settings.data ? <SmsLoginForm settings={settings.data} site="member" /> : <PasswordLoginForm site="member" />}
      </TabPanel>
      <SocialButtons place="login" />
      {flags?.FREEPLAY3 && <FreeplayButton />}
      <p className="auth-switch">
        {t('login.noAccount')} <LinkButton onClick={() => openModal('registerModal')}>{t('login.toRegister')}</LinkButton>
      </p>
      <p className="auth-terms">
        <Trans
          t={t}
          i18nKey="login.termsLine"
          components={{ terms: <LinkButton onClick={() => openModal('helpModal', { slug: 'term' })} /> }}
        />
      </p>
    </div>
  );
}

/** Free play (spec section 4): a trial account; popups close, the visitor goes home. */
function FreeplayButton() {
  const { t } = useTranslation('auth');
  const completeLogin = useCompleteLogin();
  const [busy, setBusy] = useState(false);
  const start = async () => {
    if (busy) return;
    setBusy(true);
    try {
      const result = await loginFreeplay();
      completeLogin(result, { kind: 'freeplay', site: 'member' });
    } catch (err) {
      await showDialog({ icon: 'warning', messageKey: errorMessage(err) });
    } finally {
      setBusy(false);
    }
  };
  return (
    <div className="auth-alt">
      <span className="auth-or">{t('login.or')}</span>
      <button
        type="button"
        className="btn btn-ghost auth-freeplay"
        disabled={busy}
        aria-busy={busy || undefined}
        onClick={() => void start()}
      >
        {busy ? t('login.freeplayStarting') : t('login.freeplay')}
      </button>
    </div>
  );
}

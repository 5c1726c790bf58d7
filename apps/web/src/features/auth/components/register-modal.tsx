import { REFERRAL_AFFILIATE_PARAM } from '@playfront/contract/agent-team-paths';
import './auth.css';
import { useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Spinner } from '../../../ui/loader/loader-overlay.tsx';
import { openModal } from '../../../ui/modals/modal-store.ts';
import type { ModalBodyProps } from '../../../ui/modals/modal-types.ts';
import { useAuthSettings } from '../api/get-auth-settings.ts';
import type { RegisterMode } from '../lib/register-plan.ts';
import { LinkButton } from './form-parts.tsx';
import { RegisterForm } from './register-form.tsx';
import { SocialButtons } from './social-buttons.tsx';
import { TabPanel, Tabs } from './tabs.tsx';

/**
 * registerModal (spec section 2, Register popup): by username (USERNAMEREG3)
 * and by mobile (MOBILENUMREG3) tabs, each showing only the fields the
 * brand's rules enable.
 */
export default function RegisterModal({ options, titleId }: ModalBodyProps<'registerModal'>) {
  const { t } = useTranslation('auth');
  const idBase = useId();
  const settings = useAuthSettings();
  const [chosen, setChosen] = useState<RegisterMode>(options.tab ?? 'username');
  // ?referralCode= on the page that opened the popup (spec section 3), unless the opener passed one.
  const referralCode = useMemo(
    () => options.referralCode ?? new URLSearchParams(window.location.search).get('referralCode') ?? undefined,
    [options],
  );
  const affiliateCode = useMemo(() => new URLSearchParams(window.location.search).get(REFERRAL_AFFILIATE_PARAM) ?? undefined, []);

  const flags = settings.data?.whitelabel.flags;
  const modes: RegisterMode[] = [];
  if (flags?.USERNAMEREG3) modes.push('username');
  if (flags?.MOBILENUMREG3) modes.push('mobile');
  const mode = modes.includes(chosen) ? chosen : modes[0];

  return (
    <div className="auth">
      <h2 id={titleId} className="modal-title">
        {t('register.title')}
      </h2>
      {settings.isPending && <Spinner label={t('common.loading')} />}
      {settings.isError && (
        <p role="alert" className="form-alert">
          {t('common.loadFailed')}
        </p>
      )}
      {settings.data && !mode && <p className="auth-lead">{t('register.closed')}</p>}
      {settings.data && mode && (
        <>
          {modes.length > 1 && (
            <Tabs
              label={t('register.methods')}
              idBase={idBase}
              value={mode}
              onChange={setChosen}
              tabs={modes.map((m) => ({ id: m, label: t(m === 'username' ? 'register.tabUsername' : 'register.tabMobile') }))}
            />
          )}
          <TabPanel idBase={idBase} value={mode} withTabs={modes.length > 1}>
            <RegisterForm key={mode} mode={mode} settings={settings.data} referralCode={referralCode} affiliateCode={affiliateCode} />
          </TabPanel>
        </>
      )}
      <SocialButtons place="register" referralCode={referralCode} />
      <p className="auth-switch">
        {t('register.haveAccount')} <LinkButton onClick={() => openModal('loginPopupModal')}>{t('register.toLogin')}</LinkButton>
      </p>
    </div>
  );
}

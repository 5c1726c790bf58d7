import type { SocialProvider } from '@playfront/contract/social';
import { SOCIAL_FLOW_STORAGE_KEY } from '@playfront/contract/social-paths';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { showDialog } from '../../../ui/modals/modal-store.ts';
import { useSocialProviders } from '../api/get-social-providers.ts';
import { startSocialLogin } from '../api/start-social-login.ts';
import { errorMessage } from '../lib/server-errors.ts';
import { providersFor, type SocialButtonsPlace } from '../lib/social-buttons.ts';
import { SocialButtonsView } from './social-buttons-view.tsx';

export type SocialButtonsProps = { place: SocialButtonsPlace; referralCode?: string | undefined };

/** The brand's providers as buttons; a press sends the browser to the provider, which comes back to /social-callback. */
export function SocialButtons({ place, referralCode }: SocialButtonsProps) {
  const { t } = useTranslation('auth');
  const providers = useSocialProviders();
  const [busy, setBusy] = useState<string | null>(null);
  const choose = async (provider: SocialProvider) => {
    if (busy) return;
    setBusy(provider.slug);
    try {
      const { authorizationUrl } = await startSocialLogin(provider.slug, referralCode);
      sessionStorage.setItem(SOCIAL_FLOW_STORAGE_KEY, 'login');
      window.location.assign(authorizationUrl);
    } catch (err) {
      setBusy(null);
      await showDialog({ icon: 'warning', messageKey: errorMessage(err) });
    }
  };
  return (
    <SocialButtonsView
      providers={providersFor(providers.data, place)}
      busy={busy}
      onChoose={(p) => void choose(p)}
      orLabel={t('login.or')}
      labelOf={(p, opening) => t(opening ? 'social.redirecting' : 'social.continueWith', { name: p.displayName })}
    />
  );
}

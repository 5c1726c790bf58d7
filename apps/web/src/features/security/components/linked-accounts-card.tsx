import type { SocialProvider } from '@playfront/contract/social';
import { SOCIAL_FLOW_STORAGE_KEY } from '@playfront/contract/social-paths';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../lib/api-client.ts';
import { useSession } from '../../../lib/session-store.ts';
import { showDialog } from '../../../ui/modals/modal-store.ts';
import { useLinkedIdentities } from '../api/get-linked-identities.ts';
import { startIdentityLink } from '../api/start-identity-link.ts';
import { formatDateTime } from '../lib/device-label.ts';
import { SectionState } from './section-state.tsx';

/**
 * Linked accounts (spec section 4, account linking; decision 053): the member's identities at the brand's OpenID
 * Connect providers, and a link button for each provider not linked yet. A link is final, so the member confirms it
 * first; there is no unlink. Hidden when the brand offers no provider and nothing is linked.
 */
export function LinkedAccountsCard() {
  const { t, i18n } = useTranslation('security');
  const id = useId();
  const token = useSession((s) => s.token);
  const identities = useLinkedIdentities(token);
  const [busy, setBusy] = useState<string | null>(null);

  const link = async (provider: SocialProvider) => {
    const answer = await showDialog({
      icon: 'warning',
      titleKey: 'security:linked.confirmTitle',
      messageKey: 'security:linked.confirm',
      params: { name: provider.displayName },
      buttons: [
        { id: 'cancel', labelKey: 'security:sessions.cancel', variant: 'secondary' },
        { id: 'link', labelKey: 'security:linked.confirmButton', variant: 'primary' },
      ],
    });
    if (answer !== 'link') return;
    setBusy(provider.slug);
    try {
      const { authorizationUrl } = await startIdentityLink(provider.slug);
      sessionStorage.setItem(SOCIAL_FLOW_STORAGE_KEY, 'link');
      window.location.assign(authorizationUrl);
    } catch (err) {
      setBusy(null);
      await showDialog({ icon: 'warning', messageKey: err instanceof ApiError ? err.messageKey : 'errors:unknown' });
    }
  };

  if (identities.isPending) return null;
  if (identities.isError)
    return (
      <section className="sc-card" aria-labelledby={`${id}-title`}>
        <h3 id={`${id}-title`} className="sc-card-title">
          {t('linked.title')}
        </h3>
        <SectionState kind="error" onRetry={() => void identities.refetch()} />
      </section>
    );
  const { linked, providers } = identities.data;
  const open = providers.filter((p) => !linked.some((l) => l.provider === p.slug));
  if (linked.length === 0 && open.length === 0) return null;
  return (
    <section className="sc-card sc-linked" aria-labelledby={`${id}-title`}>
      <h3 id={`${id}-title`} className="sc-card-title">
        {t('linked.title')}
      </h3>
      <p className="sc-hint">{t('linked.lead')}</p>
      <ul className="sc-linked-list">
        {linked.map((l) => (
          <li key={l.provider} className="sc-linked-item">
            <span className="sc-row-title">{l.displayName}</span>
            <span className="sc-badge sc-badge-on">{t('linked.linked')}</span>
            <span className="sc-hint">
              {l.email ? `${l.email} · ` : ''}
              {t('linked.linkedOn', { date: formatDateTime(l.linkedAt, i18n.language) })}
            </span>
          </li>
        ))}
        {open.map((p) => (
          <li key={p.slug} className="sc-linked-item">
            <span className="sc-row-title">{p.displayName}</span>
            <span className="sc-badge sc-badge-off">{t('linked.notLinked')}</span>
            <button
              type="button"
              className="btn btn-ghost btn-sm"
              disabled={busy !== null}
              aria-busy={busy === p.slug || undefined}
              onClick={() => void link(p)}
            >
              {busy === p.slug ? t('linked.redirecting', { name: p.displayName }) : t('linked.link', { name: p.displayName })}
            </button>
          </li>
        ))}
      </ul>
    </section>
  );
}

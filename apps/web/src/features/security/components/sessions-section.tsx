import type { ActiveSession } from '@playfront/contract/security';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../lib/api-client.ts';
import { useSession } from '../../../lib/session-store.ts';
import { showDialog } from '../../../ui/modals/modal-store.ts';
import { useSessions } from '../api/get-sessions.ts';
import { useSignOutOtherSessions } from '../api/sign-out-others.ts';
import { useSignOutSession } from '../api/sign-out-session.ts';
import { deviceLabel, formatDateTime } from '../lib/device-label.ts';
import { SectionState } from './section-state.tsx';

const confirmButtons = [
  { id: 'cancel', labelKey: 'security:sessions.cancel', variant: 'secondary' as const },
  { id: 'confirm', labelKey: 'security:sessions.confirm', variant: 'primary' as const },
];

/** The member's live sessions, this device first; sign out one (not this one: that is the header's log out) or all others. */
export function SessionsSection() {
  const { t, i18n } = useTranslation('security');
  const { t: te } = useTranslation('errors');
  const id = useId();
  const token = useSession((s) => s.token);
  const sessions = useSessions(token);
  const signOutOne = useSignOutSession();
  const signOutOthers = useSignOutOtherSessions();
  const [notice, setNotice] = useState<string | null>(null);
  const error = signOutOne.error ?? signOutOthers.error;

  const askOne = async (s: ActiveSession) => {
    setNotice(null);
    const device = deviceLabel(t, s.device);
    const ip = s.ip ?? t('unknownIp');
    const answer = await showDialog({
      icon: 'warning',
      titleKey: 'security:sessions.confirmTitle',
      messageKey: 'security:sessions.confirmOne',
      params: { device, ip },
      buttons: confirmButtons,
    });
    if (answer === 'confirm') signOutOne.mutate(s.id, { onSuccess: () => setNotice(t('sessions.signedOutOne')) });
  };
  const askOthers = async () => {
    setNotice(null);
    const answer = await showDialog({
      icon: 'warning',
      titleKey: 'security:sessions.confirmTitle',
      messageKey: 'security:sessions.confirmOthers',
      buttons: confirmButtons,
    });
    if (answer === 'confirm')
      signOutOthers.mutate(undefined, { onSuccess: (r) => setNotice(t('sessions.signedOutOthers', { count: r.ended })) });
  };

  const list = sessions.data?.list ?? [];
  const others = list.filter((s) => !s.current).length;
  return (
    <section className="sc-card" aria-labelledby={`${id}-title`}>
      <div className="sc-card-head">
        <h3 id={`${id}-title`} className="sc-card-title">
          {t('sessions.title')}
        </h3>
        <button
          type="button"
          className="btn btn-ghost btn-sm"
          disabled={others === 0 || signOutOthers.isPending}
          onClick={() => void askOthers()}
        >
          {t('sessions.signOutOthers')}
        </button>
      </div>
      <p className="sc-hint">{t('sessions.lead')}</p>
      {error ? (
        <p role="alert" className="sc-alert sc-alert-error">
          {error instanceof ApiError ? (te(error.messageKey as never) as string) : te('unknown')}
        </p>
      ) : null}
      {notice && (
        <p role="status" className="sc-alert sc-alert-success">
          {notice}
        </p>
      )}
      {sessions.isPending ? (
        <SectionState kind="loading" />
      ) : sessions.isError ? (
        <SectionState kind="error" onRetry={() => void sessions.refetch()} />
      ) : (
        <>
          <div className="sc-table-wrap">
            <table className="sc-table">
              <thead>
                <tr>
                  <th scope="col">{t('sessions.device')}</th>
                  <th scope="col">{t('sessions.ip')}</th>
                  <th scope="col">{t('sessions.started')}</th>
                  <th scope="col">{t('sessions.lastSeen')}</th>
                  <th scope="col">
                    <span className="visually-hidden">{t('sessions.actions')}</span>
                  </th>
                </tr>
              </thead>
              <tbody>
                {list.map((s) => (
                  <tr key={s.id} data-current={s.current ? '' : undefined}>
                    <td data-label={t('sessions.device')}>
                      <span>
                        {deviceLabel(t, s.device)}
                        {s.current && <span className="sc-tag">{t('sessions.thisDevice')}</span>}
                      </span>
                    </td>
                    <td data-label={t('sessions.ip')}>{s.ip ?? t('unknownIp')}</td>
                    <td data-label={t('sessions.started')}>{formatDateTime(s.startedAt, i18n.language)}</td>
                    <td data-label={t('sessions.lastSeen')}>{formatDateTime(s.lastSeenAt, i18n.language)}</td>
                    <td className="sc-cell-action">
                      {!s.current && (
                        <button
                          type="button"
                          className="btn btn-ghost btn-sm"
                          disabled={signOutOne.isPending}
                          aria-label={t('sessions.signOutLabel', { device: deviceLabel(t, s.device), ip: s.ip ?? t('unknownIp') })}
                          onClick={() => void askOne(s)}
                        >
                          {t('sessions.signOut')}
                        </button>
                      )}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          {others === 0 && <p className="sc-hint">{t('sessions.empty')}</p>}
        </>
      )}
    </section>
  );
}

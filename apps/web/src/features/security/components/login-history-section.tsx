import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSession } from '../../../lib/session-store.ts';
import { Paginator } from '../../../ui/paginator/paginator.tsx';
import { LOGIN_HISTORY_PAGE_SIZE, useLoginHistory } from '../api/get-login-history.ts';
import { deviceLabel, formatDateTime } from '../lib/device-label.ts';
import { SectionState } from './section-state.tsx';

/** Logins and refused passwords of the account, newest first, paged; on phones each row is a card. */
export function LoginHistorySection() {
  const { t, i18n } = useTranslation('security');
  const id = useId();
  const token = useSession((s) => s.token);
  const [page, setPage] = useState(1);
  const history = useLoginHistory(token, page);
  const total = history.data?.total ?? 0;
  return (
    <section className="sc-card" aria-labelledby={`${id}-title`}>
      <h3 id={`${id}-title`} className="sc-card-title">
        {t('history.title')}
      </h3>
      <p className="sc-hint">{t('history.lead')}</p>
      {history.isPending ? (
        <SectionState kind="loading" />
      ) : history.isError ? (
        <SectionState kind="error" onRetry={() => void history.refetch()} />
      ) : history.data.list.length === 0 ? (
        <p className="wl-state">{t('history.empty')}</p>
      ) : (
        <>
          <div className="sc-table-wrap">
            <table className="sc-table">
              <thead>
                <tr>
                  <th scope="col">{t('history.time')}</th>
                  <th scope="col">{t('history.result')}</th>
                  <th scope="col">{t('history.device')}</th>
                  <th scope="col">{t('history.ip')}</th>
                </tr>
              </thead>
              <tbody>
                {history.data.list.map((e) => (
                  <tr key={e.id} data-refused={e.result === 'SUCCESS' ? undefined : ''}>
                    <td data-label={t('history.time')}>{formatDateTime(e.at, i18n.language)}</td>
                    <td data-label={t('history.result')}>
                      <span>
                        <span className={e.result === 'SUCCESS' ? 'sc-result' : 'sc-result sc-result-refused'}>
                          {t(`history.results.${e.result}`)}
                        </span>
                        {e.method && <span className="sc-method"> {t(`history.methods.${e.method}`)}</span>}
                      </span>
                    </td>
                    <td data-label={t('history.device')}>{deviceLabel(t, e.device)}</td>
                    <td data-label={t('history.ip')}>{e.ip ?? t('unknownIp')}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <Paginator page={page} totalPages={Math.ceil(total / LOGIN_HISTORY_PAGE_SIZE)} onChange={setPage} label={t('history.pages')} />
        </>
      )}
    </section>
  );
}

import type { ConsoleGrant } from '@playfront/contract/console-loyalty';
import { BONUS_STATES } from '@playfront/contract/promotions-paths';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { createColumnHelper } from '@tanstack/react-table';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatMinor, formatTime } from '../../lib/format.ts';
import { DataTable, NUM, WRAP } from '../../ui/data-table.tsx';
import { ProgressBar } from '../../ui/progress-bar.tsx';
import { listGrants } from './api.ts';

const PAGE_SIZE = 20;
const col = createColumnHelper<ConsoleGrant>();
const STATE_BADGE: Record<string, string> = { active: 'badge warn', converted: 'badge ok', forfeited: 'badge danger', expired: 'badge' };

/** Bonus grants, newest first, with their wagering progress; filtered by state and member on the server. */
export function GrantsTab() {
  const { t } = useTranslation();
  const [state, setState] = useState('');
  const [typed, setTyped] = useState('');
  const [username, setUsername] = useState('');
  const [pageNo, setPageNo] = useState(1);
  const query = useQuery({
    queryKey: ['bonus-grants', state, username, pageNo],
    queryFn: () => listGrants({ state, username, pageNo, pageSize: PAGE_SIZE }),
    placeholderData: keepPreviousData,
  });
  const columns = useMemo(
    () => [
      col.accessor('issuedAt', { header: () => t('promo.issuedAt'), cell: (c) => formatTime(c.getValue()) }),
      col.accessor('username', {
        header: () => t('members.username'),
        cell: (c) => <Link to={`/members/${c.row.original.memberId}`}>{c.getValue()}</Link>,
      }),
      col.accessor('title', { header: () => t('promo.promotion'), meta: WRAP }),
      col.accessor('amount', { header: () => t('cols.amount'), meta: NUM, cell: (c) => formatMinor(c.getValue()) }),
      col.accessor('wagered', {
        header: () => t('promo.wagering'),
        cell: (c) => (
          <ProgressBar
            value={BigInt(c.getValue())}
            max={BigInt(c.row.original.wageringRequired)}
            label={t('promo.wageringOf', { username: c.row.original.username })}
            text={`${formatMinor(c.getValue())} / ${formatMinor(c.row.original.wageringRequired)}`}
          />
        ),
      }),
      col.accessor('state', {
        header: () => t('cols.status'),
        cell: (c) => <span className={STATE_BADGE[c.getValue()] ?? 'badge'}>{t(`promo.grantStates.${c.getValue()}`)}</span>,
      }),
      col.accessor('expiresAt', {
        header: () => t('promo.expiresAt'),
        cell: (c) =>
          c.row.original.endedAt ? <span className="muted">{formatTime(c.row.original.endedAt)}</span> : formatTime(c.getValue()),
      }),
    ],
    [t],
  );
  return (
    <div className="stack">
      <form
        className="row"
        onSubmit={(e) => {
          e.preventDefault();
          setUsername(typed.trim());
          setPageNo(1);
        }}
      >
        <div className="field">
          <label htmlFor="grant-state">{t('cols.status')}</label>
          <select
            id="grant-state"
            value={state}
            onChange={(e) => {
              setState(e.target.value);
              setPageNo(1);
            }}
          >
            <option value="">{t('filters.all')}</option>
            {BONUS_STATES.map((s) => (
              <option key={s} value={s}>
                {t(`promo.grantStates.${s}`)}
              </option>
            ))}
          </select>
        </div>
        <div className="field">
          <label htmlFor="grant-user">{t('members.username')}</label>
          <input id="grant-user" type="search" value={typed} onChange={(e) => setTyped(e.target.value)} maxLength={40} />
        </div>
        <button type="submit">{t('filters.apply')}</button>
      </form>
      <DataTable
        caption={t('promo.tabs.grants')}
        columns={columns}
        rows={query.data?.list}
        isLoading={query.isFetching && !query.data}
        error={query.error}
        onRetry={() => void query.refetch()}
        rowKey={(g) => g.id}
        emptyText={t('promo.noGrants')}
        paging={{ pageNo, pageSize: PAGE_SIZE, total: query.data?.total ?? 0, onPage: setPageNo }}
      />
    </div>
  );
}

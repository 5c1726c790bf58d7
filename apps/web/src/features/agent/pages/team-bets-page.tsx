import { GAME_TYPES, type GameType } from '@playfront/contract/games-paths';
import { useTranslation } from 'react-i18next';
import { fromI18n } from '../../../lib/i18n.ts';
import { useSession } from '../../../lib/session-store.ts';
import { Paginator } from '../../../ui/paginator/paginator.tsx';
import { type TeamBetsFilter, useTeamBets } from '../api/get-team-bets.ts';
import {
  AgentEmpty,
  AgentLoadError,
  AgentLoading,
  dateTime,
  FigureCards,
  Money,
  OptionFilter,
  RecordFilters,
} from '../components/parts.tsx';
import { pageCount } from '../lib/record-filter.ts';
import { useRecordFilter } from '../lib/use-record-filter.ts';

/** personalHistoryCopy of the agent centre (team betting): the team's rounds by member, game type and window, with totals. */
export default function TeamBetsPage() {
  const { t, i18n } = useTranslation('agent');
  const { t: tl } = useTranslation('lobby');
  const language = fromI18n(i18n.resolvedLanguage ?? i18n.language);
  const token = useSession((s) => s.token);
  const { filter, change, page, setPage } = useRecordFilter<TeamBetsFilter>();
  const query = useTeamBets(token, filter, page, language);

  return (
    <div className="ag-stack">
      <RecordFilters
        filter={filter}
        onChange={change}
        extra={
          <OptionFilter
            label={t('bets.gameType')}
            value={filter.gameType}
            options={GAME_TYPES}
            text={(g) => tl(`menu.${g}`)}
            allText={t('bets.allTypes')}
            onChange={(gameType: GameType | undefined) => change({ gameType })}
          />
        }
      />
      {query.isPending ? (
        <AgentLoading />
      ) : query.isError ? (
        <AgentLoadError error={query.error} onRetry={() => void query.refetch()} />
      ) : (
        <>
          <FigureCards
            label={t('bets.totals')}
            items={[
              { key: 'rounds', label: t('bets.rounds'), value: query.data.totals.rounds },
              { key: 'bet', label: t('figures.bets'), value: <Money value={query.data.totals.bet} /> },
              { key: 'validBet', label: t('figures.validBets'), value: <Money value={query.data.totals.validBet} /> },
              { key: 'win', label: t('figures.wins'), value: <Money value={query.data.totals.win} /> },
              { key: 'profit', label: t('figures.profitLoss'), value: <Money value={query.data.totals.profit} signed /> },
            ]}
          />
          {query.data.list.length === 0 ? (
            <AgentEmpty>{t('bets.empty')}</AgentEmpty>
          ) : (
            <div className="ag-table-wrap">
              <table className="ag-table ag-table-cards" aria-busy={query.isFetching}>
                <caption className="visually-hidden">{t('bets.caption', { from: query.data.from, to: query.data.to })}</caption>
                <thead>
                  <tr>
                    <th scope="col">{t('columns.member')}</th>
                    <th scope="col">{t('bets.game')}</th>
                    <th scope="col" className="ag-num">
                      {t('figures.bets')}
                    </th>
                    <th scope="col" className="ag-num">
                      {t('figures.validBets')}
                    </th>
                    <th scope="col" className="ag-num">
                      {t('figures.profitLoss')}
                    </th>
                    <th scope="col">{t('columns.time')}</th>
                    <th scope="col">{t('columns.status')}</th>
                  </tr>
                </thead>
                <tbody>
                  {query.data.list.map((r) => (
                    <tr key={r.roundId}>
                      <td data-label={t('columns.member')}>{r.username}</td>
                      <td data-label={t('bets.game')}>
                        {r.gameName}
                        <span className="ag-muted ag-small"> · {r.vendorName}</span>
                      </td>
                      <td className="ag-num" data-label={t('figures.bets')}>
                        <Money value={r.bet} />
                      </td>
                      <td className="ag-num" data-label={t('figures.validBets')}>
                        <Money value={r.validBet} />
                      </td>
                      <td className="ag-num" data-label={t('figures.profitLoss')}>
                        <Money value={r.profit} signed />
                      </td>
                      <td data-label={t('columns.time')}>{dateTime(r.startedAt)}</td>
                      <td data-label={t('columns.status')}>{t(`bets.statuses.${r.status}`)}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )}
          <Paginator page={page} totalPages={pageCount(query.data.total, query.data.pageSize)} onChange={setPage} label={t('bets.pages')} />
        </>
      )}
    </div>
  );
}

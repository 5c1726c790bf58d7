import type { LotteryOperatorDraw, LotteryOperatorGame } from '@playfront/contract/console-oversight';
import { LOTTERY_OPERATOR_DRAW_STATUSES } from '@playfront/contract/lottery-operator';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { createColumnHelper } from '@tanstack/react-table';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatMinor, formatTime } from '../../lib/format.ts';
import { currentLanguage } from '../../lib/i18n.ts';
import { DataTable, NUM, WRAP } from '../../ui/data-table.tsx';
import { Dialog } from '../../ui/dialog.tsx';
import { ReasonDialog } from '../../ui/reason-dialog.tsx';
import { ErrorState, Loading } from '../../ui/states.tsx';
import { useCan } from '../auth/api.ts';
import { lotteryDraw, lotteryDraws, lotteryGames, resultText, toggleGame, voidDraw } from './api.ts';
import { OddsEditor } from './odds-editor.tsx';

const PAGE = 20;
const gameCol = createColumnHelper<LotteryOperatorGame>();
const drawCol = createColumnHelper<LotteryOperatorDraw>();
const STATUS_BADGE: Record<string, string> = { open: 'badge warn', drawn: 'badge', settled: 'badge ok', void: 'badge danger' };

/**
 * Lottery oversight (decision 050): the brand's games (on/off, odds and limits), a game's draws with the seed hash
 * published before betting, a draw's slips and exposure, and voiding a draw not drawn yet (every slip refunded once).
 */
export default function LotteryScreen() {
  const { t } = useTranslation();
  const can = useCan();
  const queryClient = useQueryClient();
  const lang = currentLanguage();
  const manage = can('lottery.manage');
  const [game, setGame] = useState<string>('');
  const [status, setStatus] = useState('');
  // Keyset pages: the drawsAt of the last row of each page seen ("before" of the next one).
  const [cursors, setCursors] = useState<string[]>([]);
  const [toggling, setToggling] = useState<LotteryOperatorGame | null>(null);
  const [openDraw, setOpenDraw] = useState<string | null>(null);
  const [voiding, setVoiding] = useState<LotteryOperatorDraw | null>(null);
  const [notice, setNotice] = useState<string | null>(null);

  const games = useQuery({ queryKey: ['lottery-games'], queryFn: lotteryGames });
  const selected = game || games.data?.[0]?.code || '';
  const before = cursors.at(-1);
  const draws = useQuery({
    queryKey: ['lottery-draws', selected, status, before],
    queryFn: () => lotteryDraws({ game: selected, status, before, limit: PAGE }),
    enabled: selected !== '',
    placeholderData: keepPreviousData,
    refetchInterval: 15_000,
  });
  const toggle = useMutation({
    mutationFn: ({ g, reason }: { g: LotteryOperatorGame; reason: string }) => toggleGame(g.code, !g.active, reason),
    onSuccess: (d) => {
      setToggling(null);
      setNotice(t(d.game.active ? 'lottery.enabledDone' : 'lottery.disabledDone', { game: d.game.name[lang] }));
      void queryClient.invalidateQueries({ queryKey: ['lottery-games'] });
    },
  });
  const voidIt = useMutation({
    mutationFn: ({ d, reason }: { d: LotteryOperatorDraw; reason: string }) => voidDraw(d.drawId, reason),
    onSuccess: (a) => {
      setVoiding(null);
      setNotice(t(a.outcome === 'voided' ? 'lottery.voidedDone' : 'lottery.alreadyVoid', { draw: a.draw.drawNumber, count: a.refunded }));
      void queryClient.invalidateQueries({ queryKey: ['lottery-draws'] });
      void queryClient.invalidateQueries({ queryKey: ['lottery-draw'] });
    },
  });

  const gameColumns = useMemo(
    () => [
      gameCol.accessor((g) => g.name[lang], { id: 'name', header: () => t('lottery.game') }),
      gameCol.accessor('kind', { header: () => t('cols.kind') }),
      gameCol.display({
        id: 'betTypes',
        header: () => t('lottery.betTypes'),
        meta: WRAP,
        cell: (c) => (
          <span className="muted">
            {c.row.original.betTypes
              .map((b) =>
                t('lottery.betTypeLine', {
                  name: b.name[lang],
                  odds: b.odds ?? t('lottery.oddsTable'),
                  rtp: b.rtp,
                  min: formatMinor(b.minStake),
                  max: formatMinor(b.maxStake),
                }),
              )
              .join(' · ')}
          </span>
        ),
      }),
      gameCol.accessor('maxExposure', { header: () => t('lottery.maxExposure'), cell: (c) => formatMinor(c.getValue()), meta: NUM }),
      gameCol.accessor('active', {
        header: () => t('cols.status'),
        cell: (c) => <span className={c.getValue() ? 'badge ok' : 'badge'}>{t(c.getValue() ? 'lottery.on' : 'lottery.off')}</span>,
      }),
      gameCol.display({
        id: 'actions',
        header: () => t('cols.actions'),
        cell: (c) =>
          manage ? (
            <button
              type="button"
              className={c.row.original.active ? 'danger' : 'primary'}
              onClick={() => setToggling(c.row.original)}
              aria-label={t(c.row.original.active ? 'lottery.disableOne' : 'lottery.enableOne', { game: c.row.original.name[lang] })}
            >
              {t(c.row.original.active ? 'lottery.disable' : 'lottery.enable')}
            </button>
          ) : null,
      }),
    ],
    [t, lang, manage],
  );

  const drawColumns = useMemo(
    () => [
      drawCol.accessor('drawNumber', { header: () => t('lottery.draw') }),
      drawCol.accessor('status', {
        header: () => t('cols.status'),
        cell: (c) => <span className={STATUS_BADGE[c.getValue()] ?? 'badge'}>{t(`lottery.status.${c.getValue()}`)}</span>,
      }),
      drawCol.accessor('closesAt', { header: () => t('lottery.closes'), cell: (c) => formatTime(c.getValue()) }),
      drawCol.accessor('drawsAt', { header: () => t('lottery.draws'), cell: (c) => formatTime(c.getValue()) }),
      drawCol.accessor('serverSeedHash', {
        header: () => t('lottery.seedHash'),
        cell: (c) => (
          <code title={c.getValue()} className="hash">
            {c.getValue().slice(0, 12)}…
          </code>
        ),
      }),
      drawCol.accessor('result', { header: () => t('lottery.result'), meta: WRAP, cell: (c) => resultText(c.getValue()) }),
      drawCol.accessor('slips', { header: () => t('lottery.slips'), meta: NUM }),
      drawCol.accessor('stake', { header: () => t('cols.stake'), cell: (c) => formatMinor(c.getValue()), meta: NUM }),
      drawCol.accessor('payout', { header: () => t('cols.payout'), cell: (c) => formatMinor(c.getValue()), meta: NUM }),
      drawCol.display({
        id: 'actions',
        header: () => t('cols.actions'),
        cell: (c) => {
          const d = c.row.original;
          return (
            <div className="row">
              <button type="button" onClick={() => setOpenDraw(d.drawId)} aria-label={t('lottery.viewOne', { draw: d.drawNumber })}>
                {t('lottery.view')}
              </button>
              {manage && d.status === 'open' && (
                <button
                  type="button"
                  className="danger"
                  onClick={() => setVoiding(d)}
                  aria-label={t('lottery.voidOne', { draw: d.drawNumber })}
                >
                  {t('lottery.void')}
                </button>
              )}
            </div>
          );
        },
      }),
    ],
    [t, manage],
  );

  const list = draws.data;
  const last = list?.at(-1);
  return (
    <div className="stack">
      <h1>{t('nav.lottery')}</h1>
      {notice && (
        <div className="alert ok" role="status">
          {notice}
        </div>
      )}
      <DataTable
        caption={t('lottery.games')}
        columns={gameColumns}
        rows={games.data}
        isLoading={games.isFetching && !games.data}
        error={games.error}
        onRetry={() => void games.refetch()}
        rowKey={(g) => g.code}
        emptyText={t('lottery.noGames')}
      />
      <OddsEditor manage={manage} />
      <h2>{t('lottery.drawsTitle')}</h2>
      <p className="muted">{t('lottery.voidNote')}</p>
      <div className="row">
        <div className="field">
          <label htmlFor="lottery-game">{t('lottery.game')}</label>
          <select
            id="lottery-game"
            value={selected}
            onChange={(e) => {
              setGame(e.target.value);
              setCursors([]);
            }}
          >
            {(games.data ?? []).map((g) => (
              <option key={g.code} value={g.code}>
                {g.name[lang]}
              </option>
            ))}
          </select>
        </div>
        <div className="field">
          <label htmlFor="lottery-status">{t('cols.status')}</label>
          <select
            id="lottery-status"
            value={status}
            onChange={(e) => {
              setStatus(e.target.value);
              setCursors([]);
            }}
          >
            <option value="">{t('filters.all')}</option>
            {LOTTERY_OPERATOR_DRAW_STATUSES.map((s) => (
              <option key={s} value={s}>
                {t(`lottery.status.${s}`)}
              </option>
            ))}
          </select>
        </div>
      </div>
      <DataTable
        caption={t('lottery.drawsTitle')}
        columns={drawColumns}
        rows={list}
        isLoading={(draws.isFetching && !draws.data) || (games.isLoading && !selected)}
        error={draws.error}
        onRetry={() => void draws.refetch()}
        rowKey={(d) => d.drawId}
        emptyText={t('lottery.noDraws')}
        tools={
          <nav className="row" aria-label={t('table.pages')}>
            <button type="button" disabled={cursors.length === 0} onClick={() => setCursors(cursors.slice(0, -1))}>
              {t('table.previous')}
            </button>
            <button
              type="button"
              disabled={!last || (list?.length ?? 0) < PAGE}
              onClick={() => last && setCursors([...cursors, last.drawsAt])}
            >
              {t('table.next')}
            </button>
          </nav>
        }
      />
      <DrawDialog drawId={openDraw} onClose={() => setOpenDraw(null)} />
      <ReasonDialog
        open={toggling !== null}
        title={t(toggling?.active ? 'lottery.disableTitle' : 'lottery.enableTitle', { game: toggling?.name[lang] ?? '' })}
        confirmLabel={t(toggling?.active ? 'lottery.disable' : 'lottery.enable')}
        danger={toggling?.active ?? false}
        pending={toggle.isPending}
        error={toggle.error}
        onClose={() => {
          setToggling(null);
          toggle.reset();
        }}
        onConfirm={(reason) => toggling && toggle.mutate({ g: toggling, reason })}
      />
      <ReasonDialog
        open={voiding !== null}
        title={t('lottery.voidTitle', { draw: voiding?.drawNumber ?? '', count: voiding?.slips ?? 0 })}
        confirmLabel={t('lottery.void')}
        danger
        pending={voidIt.isPending}
        error={voidIt.error}
        onClose={() => {
          setVoiding(null);
          voidIt.reset();
        }}
        onConfirm={(reason) => voiding && voidIt.mutate({ d: voiding, reason })}
      />
    </div>
  );
}

/** One draw: slips by status, the exposure per number against the game's limit, the last slips. */
function DrawDialog({ drawId, onClose }: { drawId: string | null; onClose: () => void }) {
  const { t } = useTranslation();
  const detail = useQuery({ queryKey: ['lottery-draw', drawId], queryFn: () => lotteryDraw(drawId as string), enabled: drawId !== null });
  const d = detail.data;
  return (
    <Dialog open={drawId !== null} title={t('lottery.drawTitle', { draw: d?.draw.drawNumber ?? '' })} onClose={onClose}>
      {detail.isLoading && <Loading />}
      {detail.error && <ErrorState error={detail.error} onRetry={() => void detail.refetch()} />}
      {d && (
        <div className="stack">
          <p>
            <span className={STATUS_BADGE[d.draw.status] ?? 'badge'}>{t(`lottery.status.${d.draw.status}`)}</span>{' '}
            <span className="muted">{t('lottery.drawsAt', { at: formatTime(d.draw.drawsAt) })}</span>
          </p>
          <p className="wrap">
            <span className="muted">{t('lottery.seedHash')}: </span>
            <code className="hash">{d.draw.serverSeedHash}</code>
          </p>
          {d.draw.result && <p>{t('lottery.resultLine', { result: resultText(d.draw.result) })}</p>}
          <h3>{t('lottery.slipsByStatus')}</h3>
          <p>
            {Object.keys(d.counts).length === 0
              ? t('lottery.noSlips')
              : Object.entries(d.counts)
                  .map(([s, n]) => t('lottery.countLine', { status: t(`lottery.slipStatus.${s}`), count: n }))
                  .join(' · ')}
          </p>
          <h3>{t('lottery.exposure')}</h3>
          {d.exposure.length === 0 ? (
            <p className="muted">{t('lottery.noExposure')}</p>
          ) : (
            <div className="table-wrap">
              <table>
                <caption className="visually-hidden">{t('lottery.exposure')}</caption>
                <thead>
                  <tr>
                    <th scope="col">{t('lottery.number')}</th>
                    <th scope="col" className="num">
                      {t('lottery.worstCase')}
                    </th>
                    <th scope="col" className="num">
                      {t('lottery.ofLimit')}
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {d.exposure.map((e) => (
                    <tr key={e.numberKey}>
                      <td>{e.numberKey}</td>
                      <td className="num">{formatMinor(e.payout)}</td>
                      <td className="num">
                        {d.maxExposure && BigInt(d.maxExposure) > 0n
                          ? `${((Number(e.payout) / Number(d.maxExposure)) * 100).toFixed(1)} %`
                          : '—'}
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )}
          <h3>{t('lottery.lastSlips')}</h3>
          {d.slips.length === 0 ? (
            <p className="muted">{t('lottery.noSlips')}</p>
          ) : (
            <div className="table-wrap">
              <table>
                <caption className="visually-hidden">{t('lottery.lastSlips')}</caption>
                <thead>
                  <tr>
                    <th scope="col">{t('lottery.player')}</th>
                    <th scope="col">{t('cols.status')}</th>
                    <th scope="col" className="num">
                      {t('cols.stake')}
                    </th>
                    <th scope="col" className="num">
                      {t('cols.payout')}
                    </th>
                    <th scope="col">{t('cols.at')}</th>
                  </tr>
                </thead>
                <tbody>
                  {d.slips.map((s) => (
                    <tr key={s.slipId}>
                      <td>{s.playerKey}</td>
                      <td>{t(`lottery.slipStatus.${s.status}`)}</td>
                      <td className="num">{formatMinor(s.totalStake)}</td>
                      <td className="num">{s.totalPayout === null ? '—' : formatMinor(s.totalPayout)}</td>
                      <td>{formatTime(s.placedAt)}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )}
          <div className="dialog-actions">
            <button type="button" onClick={onClose}>
              {t('actions.close')}
            </button>
          </div>
        </div>
      )}
    </Dialog>
  );
}

import { BETTING_RECORD_FIRST_PRESET } from '@playfront/contract/early-calls';
import type { DatePreset } from '@playfront/contract/funds-paths';
import type { BetRound } from '@playfront/contract/play';
import { BETTING_RECORD_PAGE_SIZE, ROUND_STATUSES, type RoundStatus } from '@playfront/contract/play-paths';
import { useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../lib/api-client.ts';
import { useDateFormat } from '../../../lib/date-format.ts';
import { formatMoney } from '../../../lib/format.ts';
import { fromI18n } from '../../../lib/i18n.ts';
import { usePermission } from '../../../lib/permission.ts';
import { useSession } from '../../../lib/session-store.ts';
import { Paginator } from '../../../ui/paginator/paginator.tsx';
import { type BettingRecordFilter, useBettingRecord } from '../api/get-betting-record.ts';
import { useVendorLanes } from '../api/get-vendor-lanes.ts';
import { pageCount, recordFilterOptions } from '../record-filters.ts';
import './records.css';

/** A betting record looks back: the spec's previous 7 and 30 days (the "next" presets would always be empty here). */
const PRESETS = ['last7', 'last30'] as const satisfies readonly DatePreset[];

/** The last `days` days up to today, as YYYY-MM-DD: the shape of the window line before the server's answer. */
function presetWindow(days: number): { from: string; to: string } {
  const today = new Date();
  const from = new Date(today.getTime() - (days - 1) * 86_400_000);
  return { from: from.toISOString().slice(0, 10), to: today.toISOString().slice(0, 10) };
}

/**
 * personalHistoryCopy, the betting record of the member centre: the member's
 * game rounds (game, vendor, bet, win, valid bet, profit, time, status) in a
 * window, filtered by game type, vendor and status, paged, with totals over
 * the whole window.
 */
export default function BettingRecordPage() {
  const { t, i18n } = useTranslation('play');
  const language = fromI18n(i18n.resolvedLanguage ?? i18n.language);
  const token = useSession((s) => s.token);
  const symbol = usePermission().data?.brand.currencySymbol ?? '';
  const [filter, setFilter] = useState<BettingRecordFilter>({ preset: BETTING_RECORD_FIRST_PRESET });
  const [page, setPage] = useState(1);
  const record = useBettingRecord(token, language, filter, page);
  const lanes = useVendorLanes(language);
  const options = useMemo(() => recordFilterOptions(lanes.data ?? [], filter.gameType), [lanes.data, filter.gameType]);
  const ids = { type: useId(), vendor: useId(), status: useId(), title: useId() };

  const change = (next: Partial<BettingRecordFilter>) => {
    setFilter((f) => {
      const merged = { ...f, ...next };
      // A vendor of another game type would match nothing.
      if (
        next.gameType !== undefined &&
        merged.vendor &&
        !recordFilterOptions(lanes.data ?? [], merged.gameType).vendors.some((v) => v.code === merged.vendor)
      )
        delete merged.vendor;
      for (const k of ['gameType', 'vendor', 'status'] as const) if (!merged[k]) delete merged[k];
      return merged;
    });
    setPage(1);
  };

  const money = (minor: string) => formatMoney(minor, { symbol });
  const dates = useDateFormat();
  const typeName = (type: string) => t(`lobby:menu.${type}` as never, { defaultValue: type }) as string;
  const data = record.data;
  const shownWindow = data ?? presetWindow(filter.preset === 'last30' ? 30 : 7);
  const filtered = Boolean(filter.gameType || filter.vendor || filter.status);

  return (
    <section className="br-page" aria-labelledby={ids.title}>
      <header className="br-head">
        <h2 id={ids.title} className="br-title" tabIndex={-1}>
          {t('records.title')}
        </h2>
        {/* Until the answer names the window, the line holds its place with the window the preset asks for, hidden:
            filled in late, it wrapped under the title on a phone and pushed the filters and the list down (a layout
            shift of 0.1, decision 062). */}
        <p className={data ? 'br-window' : 'br-window br-window-pending'} aria-hidden={data ? undefined : true}>
          {t('records.window', { from: dates.day(shownWindow.from), to: dates.day(shownWindow.to) })}
        </p>
      </header>

      <div className="br-filters">
        <fieldset className="br-presets">
          <legend className="visually-hidden">{t('records.period')}</legend>
          {PRESETS.map((p) => (
            <button
              key={p}
              type="button"
              className={`btn btn-sm ${filter.preset === p ? 'btn-primary' : ''}`}
              aria-pressed={filter.preset === p}
              onClick={() => change({ preset: p })}
            >
              {t(`records.presets.${p}`)}
            </button>
          ))}
        </fieldset>
        <div className="br-field">
          <label htmlFor={ids.type}>{t('records.gameType')}</label>
          <select id={ids.type} value={filter.gameType ?? ''} onChange={(e) => change({ gameType: e.target.value || undefined })}>
            <option value="">{t('records.all')}</option>
            {options.types.map((type) => (
              <option key={type} value={type}>
                {typeName(type)}
              </option>
            ))}
          </select>
        </div>
        <div className="br-field">
          <label htmlFor={ids.vendor}>{t('records.vendor')}</label>
          <select id={ids.vendor} value={filter.vendor ?? ''} onChange={(e) => change({ vendor: e.target.value || undefined })}>
            <option value="">{t('records.all')}</option>
            {options.vendors.map((v) => (
              <option key={v.code} value={v.code}>
                {v.name}
              </option>
            ))}
          </select>
        </div>
        <div className="br-field">
          <label htmlFor={ids.status}>{t('records.status')}</label>
          <select
            id={ids.status}
            value={filter.status ?? ''}
            onChange={(e) => change({ status: (e.target.value || undefined) as RoundStatus | undefined })}
          >
            <option value="">{t('records.all')}</option>
            {ROUND_STATUSES.map((s) => (
              <option key={s} value={s}>
                {t(`records.statuses.${s}`)}
              </option>
            ))}
          </select>
        </div>
      </div>

      {record.isPending ? (
        <div className="br-state" role="status">
          <span className="br-spinner" aria-hidden="true" />
          {t('records.loading')}
        </div>
      ) : record.isError ? (
        <div className="br-state" role="alert">
          <p>{t('records.loadFailed')}</p>
          <p className="br-muted">
            {record.error instanceof ApiError ? (t(record.error.messageKey as never) as string) : t('player.failed')}
          </p>
          <button type="button" className="btn btn-primary btn-sm" onClick={() => void record.refetch()}>
            {t('common.retry')}
          </button>
        </div>
      ) : (
        <>
          <dl className="br-totals" aria-label={t('records.totals')}>
            <div>
              <dt>{t('records.rounds')}</dt>
              <dd data-testid="total-rounds">{record.data.totals.rounds}</dd>
            </div>
            <div>
              <dt>{t('records.bet')}</dt>
              <dd className="br-money">{money(record.data.totals.bet)}</dd>
            </div>
            <div>
              <dt>{t('records.validBet')}</dt>
              <dd className="br-money">{money(record.data.totals.validBet)}</dd>
            </div>
            <div>
              <dt>{t('records.win')}</dt>
              <dd className="br-money">{money(record.data.totals.win)}</dd>
            </div>
            <div>
              <dt>{t('records.profit')}</dt>
              <dd className={`br-money ${profitClass(record.data.totals.profit)}`}>{money(record.data.totals.profit)}</dd>
            </div>
          </dl>
          {record.data.list.length === 0 ? (
            <div className="br-state br-empty">
              <p>{t(filtered ? 'records.emptyFiltered' : 'records.empty')}</p>
            </div>
          ) : (
            <div className="br-table-wrap" aria-busy={record.isFetching || undefined}>
              <table className="br-table">
                <caption className="visually-hidden">{t('records.title')}</caption>
                <thead>
                  <tr>
                    <th scope="col">{t('records.game')}</th>
                    <th scope="col">{t('records.vendor')}</th>
                    <th scope="col" className="br-num">
                      {t('records.bet')}
                    </th>
                    <th scope="col" className="br-num">
                      {t('records.win')}
                    </th>
                    <th scope="col" className="br-num">
                      {t('records.validBet')}
                    </th>
                    <th scope="col" className="br-num">
                      {t('records.profit')}
                    </th>
                    <th scope="col">{t('records.time')}</th>
                    <th scope="col">{t('records.status')}</th>
                  </tr>
                </thead>
                <tbody>
                  {record.data.list.map((r) => (
                    <RoundRow key={r.roundId} round={r} money={money} time={dates.dateTime} typeName={typeName} />
                  ))}
                </tbody>
              </table>
            </div>
          )}
        </>
      )}
      <Paginator
        page={page}
        totalPages={pageCount(data?.total ?? 0, BETTING_RECORD_PAGE_SIZE)}
        onChange={setPage}
        label={t('records.pages')}
      />
    </section>
  );
}

/** Round ids are long (the vendor's); the start is enough to tell rounds apart, the whole id is in the tooltip. */
const shortRoundId = (id: string) => (id.length > 14 ? `${id.slice(0, 12)}…` : id);

const profitClass = (minor: string) => (minor.startsWith('-') ? 'br-neg' : minor === '0' ? '' : 'br-pos');

function RoundRow({
  round: r,
  money,
  time,
  typeName,
}: {
  round: BetRound;
  money: (m: string) => string;
  time: (iso: string) => string;
  typeName: (t: string) => string;
}) {
  const { t } = useTranslation('play');
  return (
    <tr data-round-id={r.roundId}>
      <td data-label={t('records.game')}>
        <span className="br-game">{r.gameName}</span>
        <span className="br-sub">
          {typeName(r.gameType)} ·{' '}
          <span className="br-mono" title={r.roundId}>
            {shortRoundId(r.roundId)}
          </span>
        </span>
      </td>
      <td data-label={t('records.vendor')}>{r.vendorName}</td>
      <td data-label={t('records.bet')} className="br-num br-money">
        {money(r.bet)}
      </td>
      <td data-label={t('records.win')} className="br-num br-money">
        {money(r.win)}
      </td>
      <td data-label={t('records.validBet')} className="br-num br-money">
        {money(r.validBet)}
      </td>
      <td data-label={t('records.profit')} className={`br-num br-money ${profitClass(r.profit)}`}>
        {money(r.profit)}
      </td>
      <td data-label={t('records.time')} className="br-time">
        <time dateTime={r.settledAt ?? r.startedAt}>{time(r.settledAt ?? r.startedAt)}</time>
      </td>
      <td data-label={t('records.status')}>
        <span className={`br-status br-status-${r.status}`}>{t(`records.statuses.${r.status}`)}</span>
      </td>
    </tr>
  );
}

import type { ConsoleGame, ConsoleVendor, JackpotInput } from '@playfront/contract/console-content';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { createColumnHelper } from '@tanstack/react-table';
import { type FormEvent, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { formatMinor, parseAmountToMinor } from '../../lib/format.ts';
import { DataTable, NUM } from '../../ui/data-table.tsx';
import { ErrorState, FormError, Loading } from '../../ui/states.tsx';
import { useCan } from '../auth/api.ts';
import {
  getJackpot,
  type ImportOutcome,
  importCatalogue,
  listVendors,
  saveJackpot,
  searchGames,
  setBrandVendor,
  setHot,
  updateVendor,
} from './api.ts';
import '../content/content.css';
import { Tabs } from '../../ui/tabs.tsx';

const vendorCol = createColumnHelper<ConsoleVendor>();
const gameCol = createColumnHelper<ConsoleGame>();

function VendorsPanel({ writable }: { writable: boolean }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const query = useQuery({ queryKey: ['vendors'], queryFn: listVendors });
  const change = useMutation({
    mutationFn: (v: { code: string; active: boolean; maintenance: boolean }) =>
      updateVendor(v.code, { active: v.active, maintenance: v.maintenance }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: ['vendors'] }),
  });
  // The brand's own switch (decision 061): separate from the platform's on/off and maintenance above.
  const brandSwitch = useMutation({
    mutationFn: (v: { code: string; enabled: boolean }) => setBrandVendor(v.code, v.enabled),
    // The answer is the vendor's row as saved: shown at once, then the list is read again.
    onSuccess: (saved) => {
      queryClient.setQueryData<{ list: ConsoleVendor[] }>(['vendors'], (old) =>
        old ? { list: old.list.map((v) => (v.code === saved.code ? saved : v)) } : old,
      );
      void queryClient.invalidateQueries({ queryKey: ['vendors'] });
    },
  });
  // The cells read these at the moment of a change. Columns must not be rebuilt while a change is pending: every cell
  // is its own component type to the table, so new columns remount the checkboxes and the keyboard focus is lost.
  const pending = useRef({ change: false, brand: false });
  pending.current = { change: change.isPending, brand: brandSwitch.isPending };
  const { mutate: changeVendor } = change;
  const { mutate: switchBrand } = brandSwitch;
  const columns = useMemo(
    () => [
      vendorCol.accessor('displayName', {
        header: () => t('games.vendor'),
        cell: (c) => (
          <>
            {c.getValue()} <code className="muted">{c.row.original.code}</code>
          </>
        ),
      }),
      vendorCol.display({
        id: 'brandEnabled',
        header: () => t('games.onSite'),
        cell: (c) => {
          const v = c.row.original;
          return (
            <label className="check">
              <input
                type="checkbox"
                checked={v.brandEnabled}
                disabled={!writable}
                onChange={(e) => !pending.current.brand && switchBrand({ code: v.code, enabled: e.target.checked })}
                aria-label={t('games.onSiteOf', { vendor: v.displayName })}
              />
              <span className={`badge${v.brandEnabled && v.active ? ' ok' : ''}`}>{t(v.brandEnabled ? 'brand.on' : 'brand.off')}</span>
              {v.brandEnabled && !v.active && <span className="muted">{t('games.offForAll')}</span>}
            </label>
          );
        },
      }),
      vendorCol.accessor('gameType', { header: () => t('games.category') }),
      vendorCol.accessor('activeGames', { header: () => t('games.activeGames'), meta: NUM }),
      vendorCol.accessor('hotGames', { header: () => t('games.hotGames'), meta: NUM }),
      vendorCol.display({
        id: 'active',
        header: () => t('games.shown'),
        cell: (c) => {
          const v = c.row.original;
          return (
            <label className="check">
              <input
                type="checkbox"
                checked={v.active}
                disabled={!writable}
                onChange={(e) =>
                  !pending.current.change && changeVendor({ code: v.code, active: e.target.checked, maintenance: v.maintenance })
                }
                aria-label={t('games.shownOf', { vendor: v.displayName })}
              />
              <span className={`badge${v.active ? ' ok' : ''}`}>{t(v.active ? 'brand.on' : 'brand.off')}</span>
            </label>
          );
        },
      }),
      vendorCol.display({
        id: 'maintenance',
        header: () => t('games.maintenance'),
        cell: (c) => {
          const v = c.row.original;
          return (
            <label className="check">
              <input
                type="checkbox"
                checked={v.maintenance}
                disabled={!writable}
                onChange={(e) => !pending.current.change && changeVendor({ code: v.code, active: v.active, maintenance: e.target.checked })}
                aria-label={t('games.maintenanceOf', { vendor: v.displayName })}
              />
              {v.maintenance && <span className="badge warn">{t('games.underMaintenance')}</span>}
            </label>
          );
        },
      }),
    ],
    [t, writable, changeVendor, switchBrand],
  );
  return (
    <>
      <p className="muted">{t('games.vendorsHint')}</p>
      <FormError error={change.error} />
      <FormError error={brandSwitch.error} />
      <DataTable
        caption={t('games.vendors')}
        columns={columns}
        rows={query.data?.list}
        isLoading={query.isLoading}
        error={query.error}
        onRetry={() => void query.refetch()}
        rowKey={(v) => v.code}
        emptyText={t('games.noVendors')}
      />
    </>
  );
}

function ImportPanel({ writable }: { writable: boolean }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const fileRef = useRef<HTMLInputElement>(null);
  const [file, setFile] = useState<{ name: string; content: string; format: 'csv' | 'json' } | null>(null);
  const [skipInvalid, setSkipInvalid] = useState(false);
  const [progress, setProgress] = useState<{ phase: 'upload' | 'server'; fraction: number } | null>(null);
  const [outcome, setOutcome] = useState<(ImportOutcome & { dryRun: boolean }) | null>(null);
  const run = useMutation({
    mutationFn: async (dryRun: boolean) => {
      if (!file) throw new Error('no file');
      setOutcome(null);
      setProgress({ phase: 'upload', fraction: 0 });
      const result = await importCatalogue({ format: file.format, content: file.content, dryRun, skipInvalid }, (fraction) =>
        setProgress({ phase: fraction >= 1 ? 'server' : 'upload', fraction }),
      );
      return { ...result, dryRun };
    },
    onSuccess: (r) => {
      setOutcome(r);
      if (r.report.applied) void queryClient.invalidateQueries({ queryKey: ['vendors'] });
    },
    onSettled: () => setProgress(null),
  });
  const pick = async (f: File | undefined) => {
    setOutcome(null);
    if (!f) return setFile(null);
    const content = await f.text();
    setFile({ name: f.name, content, format: /\.json$/i.test(f.name) ? 'json' : 'csv' });
  };
  const r = outcome?.report;
  return (
    <section className="card stack" aria-labelledby="import-h">
      <h2 id="import-h">{t('games.import.title')}</h2>
      <p className="muted">{t('games.import.hint')}</p>
      <div className="row">
        <div className="field">
          <label htmlFor="import-file">{t('games.import.file')}</label>
          <input
            id="import-file"
            ref={fileRef}
            type="file"
            accept=".csv,.json,text/csv,application/json"
            disabled={!writable}
            onChange={(e) => void pick(e.target.files?.[0])}
          />
        </div>
        <label className="check">
          <input type="checkbox" checked={skipInvalid} disabled={!writable} onChange={(e) => setSkipInvalid(e.target.checked)} />{' '}
          {t('games.import.skipInvalid')}
        </label>
      </div>
      {writable && (
        <div className="row">
          <button type="button" disabled={!file || run.isPending} onClick={() => run.mutate(true)}>
            {t('games.import.check')}
          </button>
          <button type="button" className="primary" disabled={!file || run.isPending} onClick={() => run.mutate(false)}>
            {t('games.import.apply')}
          </button>
        </div>
      )}
      {progress && (
        <div role="status" aria-live="polite">
          <label htmlFor="import-progress">{t(progress.phase === 'upload' ? 'games.import.uploading' : 'games.import.checking')}</label>
          {progress.phase === 'upload' ? (
            <progress id="import-progress" max={1} value={progress.fraction} />
          ) : (
            <progress id="import-progress" />
          )}
        </div>
      )}
      <FormError error={run.error} />
      {r && (
        <div className="stack" role="status" aria-live="polite">
          <div className={`alert ${r.applied ? 'ok' : r.rejected.length > 0 ? 'error' : 'warn'}`}>
            {r.applied
              ? t('games.import.applied', { created: r.created, updated: r.updated, unchanged: r.unchanged })
              : outcome.dryRun && r.rejected.length === 0
                ? t('games.import.clean', { created: r.created, updated: r.updated, unchanged: r.unchanged })
                : t('games.import.refused', { count: r.rejected.length })}
          </div>
          <div className="grid">
            {(['total', 'valid', 'created', 'updated', 'unchanged'] as const).map((k) => (
              <div className="card figure" key={k}>
                <div className="label">{t(`games.import.counts.${k}`)}</div>
                <div className="value">{r[k]}</div>
              </div>
            ))}
            <div className="card figure">
              <div className="label">{t('games.import.counts.rejected')}</div>
              <div className="value">{r.rejected.length}</div>
            </div>
          </div>
          {r.rejected.length > 0 && (
            <div className="table-wrap report-list">
              <table className="data">
                <caption>{t('games.import.rejectedRows')}</caption>
                <thead>
                  <tr>
                    <th scope="col" className="num">
                      {t('games.import.line')}
                    </th>
                    <th scope="col" className="num">
                      {t('games.import.row')}
                    </th>
                    <th scope="col">{t('games.import.reasons')}</th>
                  </tr>
                </thead>
                <tbody>
                  {r.rejected.map((x) => (
                    <tr key={`${x.line}-${x.row}`}>
                      <td className="num">{x.line}</td>
                      <td className="num">{x.row}</td>
                      <td className="wrap">
                        <ul style={{ margin: 0, paddingLeft: 18 }}>
                          {x.reasons.map((reason) => (
                            <li key={reason} lang="en">
                              {reason}
                            </li>
                          ))}
                        </ul>
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )}
        </div>
      )}
    </section>
  );
}

function HotGamesPanel({ writable }: { writable: boolean }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [q, setQ] = useState('');
  const [typed, setTyped] = useState('');
  const [hotOnly, setHotOnly] = useState(true);
  const [pageNo, setPageNo] = useState(1);
  const pageSize = 20;
  const params = { ...(q ? { q } : {}), ...(hotOnly ? { hot: 'true' as const } : {}), pageNo, pageSize };
  const query = useQuery({ queryKey: ['console-games', params], queryFn: () => searchGames(params) });
  const toggle = useMutation({
    mutationFn: (g: ConsoleGame) => setHot(g.nodeId, !g.hot),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: ['console-games'] }),
  });
  const columns = useMemo(
    () => [
      gameCol.accessor('nameEn', {
        header: () => t('games.game'),
        cell: (c) => (
          <>
            <div>{c.getValue()}</div>
            <div lang="bn" className="muted">
              {c.row.original.nameBn}
            </div>
          </>
        ),
      }),
      gameCol.accessor('vendor', { header: () => t('games.vendor') }),
      gameCol.accessor('gameType', { header: () => t('games.category') }),
      gameCol.display({
        id: 'hot',
        header: () => t('games.hot'),
        cell: (c) => (
          <label className="check">
            <input
              type="checkbox"
              checked={c.row.original.hot}
              disabled={!writable || toggle.isPending}
              onChange={() => toggle.mutate(c.row.original)}
              aria-label={t('games.hotOf', { game: c.row.original.nameEn })}
            />
            {c.row.original.hot && <span className="badge ok">{t('games.hot')}</span>}
          </label>
        ),
      }),
    ],
    [t, writable, toggle],
  );
  const submit = (e: FormEvent) => {
    e.preventDefault();
    setQ(typed.trim());
    setPageNo(1);
  };
  return (
    <>
      <form className="row" onSubmit={submit} aria-label={t('games.search')}>
        <div className="field">
          <label htmlFor="games-q">{t('games.search')}</label>
          <input id="games-q" value={typed} onChange={(e) => setTyped(e.target.value)} maxLength={60} />
        </div>
        <label className="check">
          <input
            type="checkbox"
            checked={hotOnly}
            onChange={(e) => {
              setHotOnly(e.target.checked);
              setPageNo(1);
            }}
          />{' '}
          {t('games.hotOnly')}
        </label>
        <button type="submit" style={{ alignSelf: 'flex-end' }}>
          {t('games.find')}
        </button>
      </form>
      <FormError error={toggle.error} />
      <DataTable
        caption={t('games.hotGamesTitle')}
        columns={columns}
        rows={query.data?.list}
        isLoading={query.isLoading}
        error={query.error}
        onRetry={() => void query.refetch()}
        rowKey={(g) => g.nodeId}
        emptyText={t('games.noGames')}
        paging={{ pageNo, pageSize, total: query.data?.total ?? 0, onPage: setPageNo }}
      />
    </>
  );
}

const JACKPOT_MONEY = ['min', 'max', 'incrementMin', 'incrementMax'] as const;

function JackpotForm({ initial, writable }: { initial: JackpotInput | null; writable: boolean }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [money, setMoney] = useState<Record<(typeof JACKPOT_MONEY)[number], string>>({
    min: initial ? formatMinor(initial.min).replace(/,/g, '') : '',
    max: initial ? formatMinor(initial.max).replace(/,/g, '') : '',
    incrementMin: initial ? formatMinor(initial.incrementMin).replace(/,/g, '') : '',
    incrementMax: initial ? formatMinor(initial.incrementMax).replace(/,/g, '') : '',
  });
  const [intervalMin, setIntervalMin] = useState(initial ? initial.intervalMinMs / 1000 : 3);
  const [intervalMax, setIntervalMax] = useState(initial ? initial.intervalMaxMs / 1000 : 5);
  const [local, setLocal] = useState<string | null>(null);
  const save = useMutation({ mutationFn: saveJackpot, onSuccess: (v) => queryClient.setQueryData(['jackpot'], v) });
  return (
    <form
      className="card stack"
      aria-labelledby="jackpot-h"
      onSubmit={(e) => {
        e.preventDefault();
        const parsed = JACKPOT_MONEY.map((k) => parseAmountToMinor(money[k]));
        const [min, max, incrementMin, incrementMax] = parsed;
        const minMs = Math.round(intervalMin * 1000);
        const maxMs = Math.round(intervalMax * 1000);
        if (
          !min ||
          !max ||
          !incrementMin ||
          !incrementMax ||
          BigInt(min) > BigInt(max) ||
          BigInt(incrementMin) > BigInt(incrementMax) ||
          minMs > maxMs ||
          minMs < 500 ||
          maxMs > 600_000
        ) {
          setLocal(t('games.jackpot.invalid'));
          return;
        }
        setLocal(null);
        save.mutate({ min, max, incrementMin, incrementMax, intervalMinMs: minMs, intervalMaxMs: maxMs });
      }}
    >
      <h2 id="jackpot-h">{t('games.jackpot.title')}</h2>
      <p className="muted">{t('games.jackpot.hint')}</p>
      <div className="two-col">
        {JACKPOT_MONEY.map((k) => (
          <div className="field" key={k}>
            <label htmlFor={`jackpot-${k}`}>{t(`games.jackpot.${k}`)}</label>
            <input
              id={`jackpot-${k}`}
              inputMode="decimal"
              value={money[k]}
              disabled={!writable}
              onChange={(e) => setMoney({ ...money, [k]: e.target.value })}
              required
            />
          </div>
        ))}
        <div className="field">
          <label htmlFor="jackpot-int-min">{t('games.jackpot.intervalMin')}</label>
          <input
            id="jackpot-int-min"
            type="number"
            min={0.5}
            max={600}
            step={0.5}
            value={intervalMin}
            disabled={!writable}
            onChange={(e) => setIntervalMin(Number(e.target.value))}
          />
        </div>
        <div className="field">
          <label htmlFor="jackpot-int-max">{t('games.jackpot.intervalMax')}</label>
          <input
            id="jackpot-int-max"
            type="number"
            min={0.5}
            max={600}
            step={0.5}
            value={intervalMax}
            disabled={!writable}
            onChange={(e) => setIntervalMax(Number(e.target.value))}
          />
        </div>
      </div>
      {local && (
        <div className="alert error" role="alert">
          {local}
        </div>
      )}
      <FormError error={save.error} />
      {writable && (
        <div className="row">
          <button type="submit" className="primary" disabled={save.isPending}>
            {t('actions.save')}
          </button>
          <span role="status" className="muted">
            {save.isSuccess ? t('brand.saved') : ''}
          </span>
        </div>
      )}
    </form>
  );
}

function JackpotPanel({ writable }: { writable: boolean }) {
  const query = useQuery({ queryKey: ['jackpot'], queryFn: getJackpot });
  if (query.isLoading) return <Loading />;
  if (query.error) return <ErrorState error={query.error} onRetry={() => void query.refetch()} />;
  return <JackpotForm initial={query.data ?? null} writable={writable} />;
}

const SECTIONS = ['vendors', 'import', 'hot', 'jackpot'] as const;
type Section = (typeof SECTIONS)[number];

/** Games (issue 17): vendors on/off and maintenance, catalogue import with its report, hot games, the jackpot counter. */
export default function GamesScreen() {
  const { t } = useTranslation();
  const writable = useCan()('games.write');
  const [params, setParams] = useSearchParams();
  const wanted = params.get('section');
  const section: Section = (SECTIONS as readonly string[]).includes(wanted ?? '') ? (wanted as Section) : 'vendors';
  return (
    <div className="stack">
      <h1>{t('nav.games')}</h1>
      <Tabs
        id="games"
        label={t('games.sections.label')}
        tabs={SECTIONS}
        selected={section}
        onSelect={(s) => setParams(s === 'vendors' ? {} : { section: s })}
        labelOf={(s) => t(`games.sections.${s}`)}
        panelClassName=""
      >
        <h2 className="visually-hidden">{t(`games.sections.${section}`)}</h2>
        {section === 'vendors' && <VendorsPanel writable={writable} />}
        {section === 'import' && <ImportPanel writable={writable} />}
        {section === 'hot' && <HotGamesPanel writable={writable} />}
        {section === 'jackpot' && <JackpotPanel writable={writable} />}
      </Tabs>
    </div>
  );
}

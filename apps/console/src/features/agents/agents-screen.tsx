import type { AgentContract, AgentSettlement } from '@playfront/contract/agent-contracts';
import { AGENT_CONTRACT_KINDS, AGENT_CONTRACT_STATES, AGENT_SETTLEMENT_STATES } from '@playfront/contract/agent-contracts-paths';
import type { ConsoleAgent } from '@playfront/contract/console-oversight';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { createColumnHelper } from '@tanstack/react-table';
import { type FormEvent, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatMinor, formatTime, isoDay } from '../../lib/format.ts';
import { DataTable, NUM } from '../../ui/data-table.tsx';
import { ReasonDialog } from '../../ui/reason-dialog.tsx';
import { FormError } from '../../ui/states.tsx';
import { Tabs } from '../../ui/tabs.tsx';
import { useCan } from '../auth/api.ts';
import { agentsList, bpsText, contractsList, offerContract, settlementsList, terminateContract } from './api.ts';

const PAGE_SIZE = 20;
const TABS = ['agents', 'contracts', 'settlements'] as const;
type Tab = (typeof TABS)[number];

/** Agents with their team figures, every contract of the brand, settlements owed and paid (decision 050). */
export default function AgentsScreen() {
  const { t } = useTranslation();
  const [tab, setTab] = useState<Tab>('agents');
  return (
    <div className="stack">
      <h1>{t('nav.agents')}</h1>
      <Tabs id="agents" label={t('nav.agents')} tabs={TABS} selected={tab} onSelect={setTab} labelOf={(name) => t(`agents.tabs.${name}`)}>
        {tab === 'agents' && <AgentsTab />}
        {tab === 'contracts' && <ContractsTab />}
        {tab === 'settlements' && <SettlementsTab />}
      </Tabs>
    </div>
  );
}

const agentCol = createColumnHelper<ConsoleAgent>();

function AgentsTab() {
  const { t } = useTranslation();
  const [draft, setDraft] = useState({ q: '', from: isoDay(-29), to: isoDay() });
  const [filter, setFilter] = useState(draft);
  const [pageNo, setPageNo] = useState(1);
  const query = useQuery({
    queryKey: ['console-agents', filter, pageNo],
    queryFn: () => agentsList({ ...filter, pageNo, pageSize: PAGE_SIZE }),
    placeholderData: keepPreviousData,
  });
  const columns = useMemo(
    () => [
      agentCol.accessor('username', { header: () => t('agents.username') }),
      agentCol.accessor('upline', { header: () => t('agents.upline'), cell: (c) => c.getValue() ?? t('agents.topAgent') }),
      agentCol.accessor('teamSize', { header: () => t('agents.teamSize'), meta: NUM }),
      agentCol.accessor('directCount', { header: () => t('agents.direct'), meta: NUM }),
      agentCol.accessor('deposits', { header: () => t('agents.deposits'), cell: (c) => formatMinor(c.getValue()), meta: NUM }),
      agentCol.accessor('bets', { header: () => t('agents.bets'), cell: (c) => formatMinor(c.getValue()), meta: NUM }),
      agentCol.accessor('wins', { header: () => t('agents.wins'), cell: (c) => formatMinor(c.getValue()), meta: NUM }),
      agentCol.accessor('validBets', { header: () => t('agents.validBets'), cell: (c) => formatMinor(c.getValue()), meta: NUM }),
      agentCol.accessor('activeContracts', { header: () => t('agents.activeContracts'), meta: NUM }),
      agentCol.accessor('owed', { header: () => t('agents.owed'), cell: (c) => formatMinor(c.getValue()), meta: NUM }),
    ],
    [t],
  );
  const submit = (e: FormEvent) => {
    e.preventDefault();
    setFilter(draft);
    setPageNo(1);
  };
  return (
    <>
      <form className="row" onSubmit={submit}>
        <div className="field">
          <label htmlFor="agents-q">{t('agents.search')}</label>
          <input id="agents-q" value={draft.q} maxLength={40} onChange={(e) => setDraft({ ...draft, q: e.target.value })} />
        </div>
        <div className="field">
          <label htmlFor="agents-from">{t('filters.from')}</label>
          <input id="agents-from" type="date" value={draft.from} onChange={(e) => setDraft({ ...draft, from: e.target.value })} />
        </div>
        <div className="field">
          <label htmlFor="agents-to">{t('filters.to')}</label>
          <input id="agents-to" type="date" value={draft.to} onChange={(e) => setDraft({ ...draft, to: e.target.value })} />
        </div>
        <button type="submit" className="primary">
          {t('filters.apply')}
        </button>
      </form>
      <p className="muted">{t('agents.figuresNote')}</p>
      <DataTable
        caption={t('agents.tabs.agents')}
        columns={columns}
        rows={query.data?.list}
        isLoading={query.isFetching && !query.data}
        error={query.error}
        onRetry={() => void query.refetch()}
        rowKey={(r) => r.id}
        emptyText={t('agents.none')}
        paging={{ pageNo, pageSize: PAGE_SIZE, total: query.data?.total ?? 0, onPage: setPageNo }}
      />
    </>
  );
}

const contractCol = createColumnHelper<AgentContract>();

function ContractsTab() {
  const { t } = useTranslation();
  const can = useCan();
  const queryClient = useQueryClient();
  const [kind, setKind] = useState('');
  const [state, setState] = useState('');
  const [pageNo, setPageNo] = useState(1);
  const [ending, setEnding] = useState<AgentContract | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const query = useQuery({
    queryKey: ['console-contracts', kind, state, pageNo],
    queryFn: () => contractsList({ kind, state, pageNo, pageSize: PAGE_SIZE }),
    placeholderData: keepPreviousData,
  });
  const refresh = () => void queryClient.invalidateQueries({ queryKey: ['console-contracts'] });
  const terminate = useMutation({
    mutationFn: ({ id, reason }: { id: string; reason: string }) => terminateContract(id, reason),
    onSuccess: (d) => {
      setEnding(null);
      setNotice(t('agents.terminated', { id: d.contract.id }));
      refresh();
    },
  });
  const manage = can('agents.manage');
  const columns = useMemo(
    () => [
      contractCol.accessor('id', { header: () => t('agents.contract') }),
      contractCol.accessor((c) => c.downline.username, { id: 'downline', header: () => t('agents.agent') }),
      contractCol.accessor((c) => c.upline?.username ?? t('agents.house'), { id: 'upline', header: () => t('agents.payer') }),
      contractCol.accessor('kind', { header: () => t('cols.kind'), cell: (c) => t(`agents.kinds.${c.getValue()}`) }),
      contractCol.accessor((c) => c.terms.rateBps, {
        id: 'rate',
        header: () => t('agents.rate'),
        cell: (c) => bpsText(c.getValue()),
        meta: NUM,
      }),
      contractCol.accessor('state', {
        header: () => t('cols.status'),
        cell: (c) => (
          <span className={`badge${c.getValue() === 'ACTIVE' ? ' ok' : c.getValue() === 'OFFERED' ? ' warn' : ''}`}>
            {t(`agents.states.${c.getValue()}`)}
          </span>
        ),
      }),
      contractCol.accessor('createdAt', { header: () => t('cols.at'), cell: (c) => formatTime(c.getValue()) }),
      contractCol.display({
        id: 'actions',
        header: () => t('cols.actions'),
        cell: (c) => {
          const row = c.row.original;
          // The house ends only its own contracts (top agents); agents end theirs from the agent site.
          if (!manage || row.upline !== null || (row.state !== 'ACTIVE' && row.state !== 'OFFERED')) return null;
          return (
            <button type="button" className="danger" onClick={() => setEnding(row)} aria-label={t('agents.terminateOne', { id: row.id })}>
              {t(row.state === 'OFFERED' ? 'agents.withdraw' : 'agents.terminate')}
            </button>
          );
        },
      }),
    ],
    [t, manage],
  );
  return (
    <>
      {manage && (
        <OfferForm
          onDone={(id) => {
            setNotice(t('agents.offered', { id }));
            refresh();
          }}
        />
      )}
      <div className="row">
        <div className="field">
          <label htmlFor="contracts-kind">{t('cols.kind')}</label>
          <select
            id="contracts-kind"
            value={kind}
            onChange={(e) => {
              setKind(e.target.value);
              setPageNo(1);
            }}
          >
            <option value="">{t('filters.all')}</option>
            {AGENT_CONTRACT_KINDS.map((k) => (
              <option key={k} value={k}>
                {t(`agents.kinds.${k}`)}
              </option>
            ))}
          </select>
        </div>
        <div className="field">
          <label htmlFor="contracts-state">{t('cols.status')}</label>
          <select
            id="contracts-state"
            value={state}
            onChange={(e) => {
              setState(e.target.value);
              setPageNo(1);
            }}
          >
            <option value="">{t('filters.all')}</option>
            {AGENT_CONTRACT_STATES.map((s) => (
              <option key={s} value={s}>
                {t(`agents.states.${s}`)}
              </option>
            ))}
          </select>
        </div>
      </div>
      {notice && (
        <div className="alert ok" role="status">
          {notice}
        </div>
      )}
      <DataTable
        caption={t('agents.tabs.contracts')}
        columns={columns}
        rows={query.data?.list}
        isLoading={query.isFetching && !query.data}
        error={query.error}
        onRetry={() => void query.refetch()}
        rowKey={(r) => r.id}
        emptyText={t('agents.noContracts')}
        paging={{ pageNo, pageSize: PAGE_SIZE, total: query.data?.total ?? 0, onPage: setPageNo }}
      />
      <ReasonDialog
        open={ending !== null}
        title={t('agents.terminateTitle', { id: ending?.id ?? '', agent: ending?.downline.username ?? '' })}
        confirmLabel={t(ending?.state === 'OFFERED' ? 'agents.withdraw' : 'agents.terminate')}
        danger
        pending={terminate.isPending}
        error={terminate.error}
        onClose={() => {
          setEnding(null);
          terminate.reset();
        }}
        onConfirm={(reason) => ending && terminate.mutate({ id: ending.id, reason })}
      />
    </>
  );
}

/** The house offers a top agent a contract; the brand maximum bounds it (the server says so when it does not). */
function OfferForm({ onDone }: { onDone: (id: string) => void }) {
  const { t } = useTranslation();
  const [downlineId, setDownlineId] = useState('');
  const [kind, setKind] = useState<(typeof AGENT_CONTRACT_KINDS)[number]>('DAILY_SALARY');
  const [rate, setRate] = useState('');
  const [invalid, setInvalid] = useState(false);
  const offer = useMutation({
    mutationFn: offerContract,
    onSuccess: (d) => {
      setDownlineId('');
      setRate('');
      onDone(d.contract.id);
    },
  });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const id = Number(downlineId);
    const match = /^(\d{1,3})(?:\.(\d{1,2}))?$/.exec(rate.trim());
    const bps = match ? Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0')) : Number.NaN;
    if (!Number.isInteger(id) || id <= 0 || !Number.isInteger(bps) || bps <= 0 || bps > 10_000) return setInvalid(true);
    setInvalid(false);
    offer.mutate({ downlineId: id, kind, terms: { rateBps: bps } });
  };
  return (
    <form className="card stack" onSubmit={submit} noValidate>
      <h2>{t('agents.offerTitle')}</h2>
      <p className="muted">{t('agents.offerNote')}</p>
      <div className="row">
        <div className="field">
          <label htmlFor="offer-agent">{t('agents.agentId')}</label>
          <input id="offer-agent" inputMode="numeric" value={downlineId} onChange={(e) => setDownlineId(e.target.value)} />
        </div>
        <div className="field">
          <label htmlFor="offer-kind">{t('cols.kind')}</label>
          <select id="offer-kind" value={kind} onChange={(e) => setKind(e.target.value as typeof kind)}>
            {AGENT_CONTRACT_KINDS.map((k) => (
              <option key={k} value={k}>
                {t(`agents.kinds.${k}`)}
              </option>
            ))}
          </select>
        </div>
        <div className="field">
          <label htmlFor="offer-rate">{t('agents.ratePercent')}</label>
          <input id="offer-rate" inputMode="decimal" value={rate} onChange={(e) => setRate(e.target.value)} aria-invalid={invalid} />
        </div>
        <button type="submit" className="primary" disabled={offer.isPending}>
          {t('agents.offer')}
        </button>
      </div>
      {invalid && (
        <div className="alert error" role="alert">
          {t('agents.offerInvalid')}
        </div>
      )}
      <FormError error={offer.error} />
    </form>
  );
}

const settlementCol = createColumnHelper<AgentSettlement>();

function SettlementsTab() {
  const { t } = useTranslation();
  const [kind, setKind] = useState('');
  const [state, setState] = useState('');
  const [pageNo, setPageNo] = useState(1);
  const query = useQuery({
    queryKey: ['console-settlements', kind, state, pageNo],
    queryFn: () => settlementsList({ kind, state, pageNo, pageSize: PAGE_SIZE }),
    placeholderData: keepPreviousData,
  });
  const columns = useMemo(
    () => [
      settlementCol.accessor('period', { header: () => t('agents.period') }),
      settlementCol.accessor('kind', { header: () => t('cols.kind'), cell: (c) => t(`agents.kinds.${c.getValue()}`) }),
      settlementCol.accessor((s) => s.payee.username, { id: 'payee', header: () => t('agents.payee') }),
      settlementCol.accessor((s) => s.payer?.username ?? t('agents.house'), { id: 'payer', header: () => t('agents.payer') }),
      settlementCol.accessor('teamValidBet', { header: () => t('agents.validBets'), cell: (c) => formatMinor(c.getValue()), meta: NUM }),
      settlementCol.accessor('rateBps', { header: () => t('agents.rate'), cell: (c) => bpsText(c.getValue()), meta: NUM }),
      settlementCol.accessor('amount', { header: () => t('cols.amount'), cell: (c) => formatMinor(c.getValue()), meta: NUM }),
      settlementCol.accessor('state', {
        header: () => t('cols.status'),
        cell: (c) => (
          <span className={`badge${c.getValue() === 'PAID' ? ' ok' : ' warn'}`}>{t(`agents.settlementStates.${c.getValue()}`)}</span>
        ),
      }),
      settlementCol.accessor('paidAt', { header: () => t('agents.paidAt'), cell: (c) => formatTime(c.getValue()) }),
    ],
    [t],
  );
  const totals = query.data?.totals;
  return (
    <>
      <div className="grid">
        <div className="card">
          <div className="muted">{t('agents.totalOwed')}</div>
          <strong>{totals ? formatMinor(totals.owed) : '—'}</strong>
          {totals && <div className="muted">{t('agents.owedCount', { count: totals.owedCount })}</div>}
        </div>
        <div className="card">
          <div className="muted">{t('agents.totalPaid')}</div>
          <strong>{totals ? formatMinor(totals.paid) : '—'}</strong>
        </div>
      </div>
      <p className="muted">{t('agents.owedNote')}</p>
      <div className="row">
        <div className="field">
          <label htmlFor="settlements-kind">{t('cols.kind')}</label>
          <select
            id="settlements-kind"
            value={kind}
            onChange={(e) => {
              setKind(e.target.value);
              setPageNo(1);
            }}
          >
            <option value="">{t('filters.all')}</option>
            {AGENT_CONTRACT_KINDS.map((k) => (
              <option key={k} value={k}>
                {t(`agents.kinds.${k}`)}
              </option>
            ))}
          </select>
        </div>
        <div className="field">
          <label htmlFor="settlements-state">{t('cols.status')}</label>
          <select
            id="settlements-state"
            value={state}
            onChange={(e) => {
              setState(e.target.value);
              setPageNo(1);
            }}
          >
            <option value="">{t('filters.all')}</option>
            {AGENT_SETTLEMENT_STATES.map((s) => (
              <option key={s} value={s}>
                {t(`agents.settlementStates.${s}`)}
              </option>
            ))}
          </select>
        </div>
      </div>
      <DataTable
        caption={t('agents.tabs.settlements')}
        columns={columns}
        rows={query.data?.list}
        isLoading={query.isFetching && !query.data}
        error={query.error}
        onRetry={() => void query.refetch()}
        rowKey={(r) => r.id}
        emptyText={t('agents.noSettlements')}
        paging={{ pageNo, pageSize: PAGE_SIZE, total: query.data?.total ?? 0, onPage: setPageNo }}
      />
    </>
  );
}

import type { TeamFigures } from '@playfront/contract/agent-team';
import type { DatePreset } from '@playfront/contract/funds-paths';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSession } from '../../../lib/session-store.ts';
import { useAgentSlots } from '../agent-slots.tsx';
import { useTeamMember } from '../api/get-team-member.ts';
import { RECORD_PRESETS } from '../lib/record-filter.ts';
import { OfferContractForm } from './offer-contract-form.tsx';
import { AgentLoadError, AgentLoading, Choices, FigureCards, Money } from './parts.tsx';

const FIGURES = [
  'deposits',
  'withdrawals',
  'validBets',
  'bets',
  'wins',
  'bonuses',
  'profitLoss',
] as const satisfies readonly (keyof TeamFigures)[];

/** One downline opened from the table or the tree: their figures over a window and since joining, and the actions. */
export function MemberDetail({
  member,
  onClose,
}: {
  member: { id: number; username: string; masked: boolean; level: number; kind: 'member' | 'agent' };
  onClose: () => void;
}) {
  const { t } = useTranslation('agent');
  const token = useSession((s) => s.token);
  const [preset, setPreset] = useState<DatePreset>('last7');
  const [action, setAction] = useState<'offer' | 'transfer' | null>(null);
  const query = useTeamMember(token, member.id, preset);
  const { TransferToDownline } = useAgentSlots();
  const id = useId();
  // Contracts go to my direct sub-agents only (spec section 4).
  const offerable = member.level === 1 && member.kind === 'agent';
  const cards = (f: TeamFigures) =>
    FIGURES.map((k) => ({ key: k, label: t(`figures.${k}`), value: <Money value={f[k]} signed={k === 'profitLoss'} /> }));

  return (
    <section className="ag-panel ag-detail" aria-labelledby={`${id}-title`}>
      <header className="ag-panel-head">
        <h2 id={`${id}-title`} tabIndex={-1}>
          {t('detail.title', { name: member.username })}
        </h2>
        <button type="button" className="btn btn-ghost btn-sm" onClick={onClose}>
          {t('detail.close')}
        </button>
      </header>
      {query.isPending ? (
        <AgentLoading />
      ) : query.isError ? (
        <AgentLoadError error={query.error} onRetry={() => void query.refetch()} />
      ) : (
        <>
          <p className="ag-muted ag-small">
            {t('detail.path')} {query.data.path.map((p) => p.username).join(' › ')} · {t('team.levelN', { level: query.data.member.level })}{' '}
            · {t('detail.teamSize', { count: query.data.teamSize })} · {t('team.columns.balance')}{' '}
            <Money value={query.data.member.balance} />
          </p>
          <Choices
            label={t('filters.window')}
            options={RECORD_PRESETS}
            value={preset}
            onChange={setPreset}
            text={(p) => t(`filters.presets.${p}`)}
          />
          <FigureCards label={t('detail.window', { from: query.data.from, to: query.data.to })} items={cards(query.data.figures)} />
          <h3 className="ag-subtitle">{t('detail.lifetime')}</h3>
          <FigureCards label={t('detail.lifetime')} items={cards(query.data.lifetime)} />
        </>
      )}
      <div className="ag-actions">
        {offerable && (
          <button
            type="button"
            className="btn btn-primary btn-sm"
            aria-expanded={action === 'offer'}
            onClick={() => setAction((a) => (a === 'offer' ? null : 'offer'))}
          >
            {t('detail.offer')}
          </button>
        )}
        {!member.masked && (
          <button
            type="button"
            className="btn btn-ghost btn-sm"
            aria-expanded={action === 'transfer'}
            onClick={() => setAction((a) => (a === 'transfer' ? null : 'transfer'))}
          >
            {t('detail.transfer')}
          </button>
        )}
      </div>
      {!offerable && <p className="ag-muted ag-small">{t('detail.offerDirectOnly')}</p>}
      {action === 'offer' && <OfferContractForm downlineId={member.id} downlineName={member.username} />}
      {action === 'transfer' && (
        <div className="ag-embedded">
          <TransferToDownline username={member.username} />
        </div>
      )}
    </section>
  );
}

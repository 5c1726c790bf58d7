import {
  AGENT_CONTRACT_FLAG,
  AGENT_CONTRACT_KINDS,
  type AgentContract,
  type AgentContractKind,
  type ContractConfirmRequiredValue,
  DIVIDEND_PERIODS,
  type DividendPeriod,
} from '@playfront/contract/agent-contracts';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../lib/api-client.ts';
import { usePermission } from '../../../lib/permission.ts';
import { useSession } from '../../../lib/session-store.ts';
import { ErrorAlert } from '../../../ui/page-states.tsx';
import { useContractSummary } from '../api/get-contract-summary.ts';
import { useOfferContract } from '../api/offer-contract.ts';
import { bpsToPercent, percentToBps } from '../lib/figures.ts';
import { errorValue } from '../lib/problems.ts';

/**
 * Offer a direct downline a contract of a kind the brand runs: rate (and a dividend's period, a salary's win/loss
 * rate), bounded by my own contract's rate. When accepting it would end contracts lower in that downline's tree the
 * server lists them (CONTRACT_CONFIRM_REQUIRED) and the offer is sent again only after the agent confirms.
 */
export function OfferContractForm({ downlineId, downlineName }: { downlineId: number; downlineName: string }) {
  const { t } = useTranslation('agent');
  const token = useSession((s) => s.token);
  const features = usePermission().data?.whitelabel.features as Partial<Record<string, boolean>> | undefined;
  const kinds = AGENT_CONTRACT_KINDS.filter((k) => features?.[AGENT_CONTRACT_FLAG[k]]);
  const [kind, setKind] = useState<AgentContractKind | undefined>(kinds[0]);
  const [rate, setRate] = useState('');
  const [winLoss, setWinLoss] = useState('');
  const [period, setPeriod] = useState<DividendPeriod>('WEEKLY');
  const [problem, setProblem] = useState<string | null>(null);
  const [confirming, setConfirming] = useState<AgentContract[] | null>(null);
  const [sent, setSent] = useState(false);
  const summary = useContractSummary(token, kind ?? 'DAILY_SALARY', Boolean(kind));
  const offer = useOfferContract();
  const id = useId();

  if (kinds.length === 0) return <p className="ag-muted">{t('offer.noKinds')}</p>;
  const max = summary.data?.maxRateBps;

  const send = async (confirm: boolean) => {
    setProblem(null);
    setSent(false);
    const rateBps = percentToBps(rate);
    const winLossBps = winLoss.trim() ? percentToBps(winLoss) : 0;
    if (rateBps === null || rateBps === 0) return setProblem(t('offer.badRate'));
    if (max != null && rateBps > max) return setProblem(t('offer.aboveMax', { max: bpsToPercent(max) }));
    if (winLossBps === null) return setProblem(t('offer.badRate'));
    if (!kind) return;
    try {
      await offer.mutateAsync({
        downlineId,
        kind,
        confirm,
        terms: {
          rateBps,
          winLossRateBps: kind === 'DIVIDEND' ? 0 : winLossBps,
          period: kind === 'DIVIDEND' ? period : undefined,
          tiers: [],
        },
      });
      setConfirming(null);
      setSent(true);
    } catch (err) {
      if (err instanceof ApiError && err.code === 'CONTRACT_CONFIRM_REQUIRED') {
        setConfirming(errorValue<ContractConfirmRequiredValue>(err)?.terminates ?? []);
      }
    }
  };

  return (
    <form
      className="ag-form ag-embedded"
      aria-labelledby={`${id}-title`}
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        void send(false);
      }}
    >
      <h3 id={`${id}-title`} className="ag-subtitle">
        {t('offer.title', { name: downlineName })}
      </h3>
      <div className="ag-field">
        <label htmlFor={`${id}-kind`}>{t('offer.kind')}</label>
        <select id={`${id}-kind`} className="ag-input" value={kind} onChange={(e) => setKind(e.target.value as AgentContractKind)}>
          {kinds.map((k) => (
            <option key={k} value={k}>
              {t(`kinds.${k}`)}
            </option>
          ))}
        </select>
      </div>
      <div className="ag-field" data-invalid={problem ? '' : undefined}>
        <label htmlFor={`${id}-rate`}>{t('offer.rate')}</label>
        <input
          id={`${id}-rate`}
          className="ag-input"
          inputMode="decimal"
          value={rate}
          onChange={(e) => setRate(e.target.value)}
          aria-describedby={`${id}-rate-hint${problem ? ` ${id}-problem` : ''}`}
          aria-invalid={problem ? true : undefined}
        />
        <p id={`${id}-rate-hint`} className="ag-muted ag-small">
          {max == null
            ? summary.isPending
              ? ''
              : t('offer.cannotOffer')
            : t(summary.data?.mine ? 'offer.maxHint' : 'offer.maxHintBrand', { max: bpsToPercent(max) })}
        </p>
      </div>
      {kind === 'DIVIDEND' ? (
        <div className="ag-field">
          <label htmlFor={`${id}-period`}>{t('offer.period')}</label>
          <select id={`${id}-period`} className="ag-input" value={period} onChange={(e) => setPeriod(e.target.value as DividendPeriod)}>
            {DIVIDEND_PERIODS.map((p) => (
              <option key={p} value={p}>
                {t(`periods.${p}`)}
              </option>
            ))}
          </select>
        </div>
      ) : (
        <div className="ag-field">
          <label htmlFor={`${id}-wl`}>{t('offer.winLossRate')}</label>
          <input id={`${id}-wl`} className="ag-input" inputMode="decimal" value={winLoss} onChange={(e) => setWinLoss(e.target.value)} />
        </div>
      )}
      {problem && (
        <p id={`${id}-problem`} role="alert" className="ag-field-error">
          {problem}
        </p>
      )}
      {offer.isError && !(offer.error instanceof ApiError && offer.error.code === 'CONTRACT_CONFIRM_REQUIRED') && (
        <ErrorAlert error={offer.error} className="ag-error" />
      )}
      {confirming ? (
        <div className="ag-confirm" role="alertdialog" aria-labelledby={`${id}-confirm`} aria-describedby={`${id}-confirm-list`}>
          <p id={`${id}-confirm`}>
            <strong>{t('offer.confirmTitle')}</strong>
          </p>
          <ul id={`${id}-confirm-list`}>
            {confirming.map((c) => (
              <li key={c.id}>
                {t('offer.terminates', { name: c.downline.username, kind: t(`kinds.${c.kind}`), rate: bpsToPercent(c.terms.rateBps) })}
              </li>
            ))}
          </ul>
          <div className="ag-actions">
            <button type="button" className="btn btn-primary btn-sm" disabled={offer.isPending} onClick={() => void send(true)}>
              {t('offer.confirm')}
            </button>
            <button type="button" className="btn btn-ghost btn-sm" onClick={() => setConfirming(null)}>
              {t('offer.cancel')}
            </button>
          </div>
        </div>
      ) : (
        <button type="submit" className="btn btn-primary btn-sm" disabled={offer.isPending || max == null}>
          {t('offer.send')}
        </button>
      )}
      {sent && (
        <p role="status" className="ag-success">
          {t('offer.sent', { name: downlineName })}
        </p>
      )}
    </form>
  );
}

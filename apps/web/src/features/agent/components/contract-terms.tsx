import type { AgentContract } from '@playfront/contract/agent-contracts';
import { useTranslation } from 'react-i18next';
import { bpsToPercent } from '../lib/figures.ts';
import { dateTime, Money } from './parts.tsx';

/** A contract's terms (spec section 3): rate, period, win/loss rate, tiers, effective period, state. */
export function ContractTerms({ contract }: { contract: AgentContract }) {
  const { t } = useTranslation('agent');
  const { terms } = contract;
  return (
    <dl className="ag-terms">
      <div>
        <dt>{t('contract.rate')}</dt>
        <dd>{bpsToPercent(terms.rateBps)}</dd>
      </div>
      <div>
        <dt>{t('contract.period')}</dt>
        <dd>{t(`periods.${terms.period}`)}</dd>
      </div>
      {contract.kind !== 'DIVIDEND' && (
        <div>
          <dt>{t('contract.winLossRate')}</dt>
          <dd>{bpsToPercent(terms.winLossRateBps)}</dd>
        </div>
      )}
      <div>
        <dt>{t('contract.effective')}</dt>
        <dd>
          {terms.effectiveFrom ? dateTime(terms.effectiveFrom) : t('contract.fromAcceptance')} –{' '}
          {terms.effectiveTo ? dateTime(terms.effectiveTo) : t('contract.noEnd')}
        </dd>
      </div>
      <div>
        <dt>{t('contract.state')}</dt>
        <dd>
          <span className={`ag-status ag-status-${contract.state.toLowerCase()}`}>{t(`states.${contract.state}`)}</span>
        </dd>
      </div>
      {terms.tiers.length > 0 && (
        <div className="ag-terms-wide">
          <dt>{t('contract.tiers')}</dt>
          <dd>
            <ul className="ag-tiers">
              {terms.tiers.map((tier) => (
                <li key={`${tier.minActiveMembers}-${tier.minBetAmount}`}>
                  {t('contract.tier', { members: tier.minActiveMembers, rate: bpsToPercent(tier.rateBps) })}{' '}
                  <Money value={tier.minBetAmount} />
                </li>
              ))}
            </ul>
          </dd>
        </div>
      )}
    </dl>
  );
}

import type { PromotionDetail } from '@playfront/contract/promotions';
import { useTranslation } from 'react-i18next';
import { useFormat } from '../hooks/use-format.ts';
import { contributionRows, multiplierText, percentOfBps } from '../lib/terms.ts';

/** The reward in words: a fixed amount, or a percentage of the qualifying deposit (or loss) with its cap. */
export function useRewardText() {
  const { t } = useTranslation('promotions');
  const { money } = useFormat();
  return (p: Pick<PromotionDetail, 'reward' | 'trigger'>) => {
    if (p.reward.kind === 'FIXED') return money(p.reward.amount);
    const base = t(p.trigger === 'NET_LOSS' ? 'terms.ofLoss' : 'terms.ofDeposit', { percent: percentOfBps(p.reward.bps) });
    return p.reward.cap ? t('terms.upTo', { reward: base, cap: money(p.reward.cap) }) : base;
  };
}

/** The terms a member weighs before taking part: reward, wagering, game contribution, limits and validity. */
export function PromotionTerms({ promotion: p }: { promotion: PromotionDetail }) {
  const { t } = useTranslation('promotions');
  const { money } = useFormat();
  const reward = useRewardText();
  const multiplier = multiplierText(p.wageringMultiplier);
  const rows = contributionRows(p.contribution);
  const limit =
    p.limitPeriod === 'NONE'
      ? t('terms.limitTotal', { count: p.limitPerMember })
      : t(`terms.limitPer.${p.limitPeriod}`, { count: p.limitPerMember });
  return (
    <div className="promo-terms">
      <dl className="promo-facts">
        <div>
          <dt>{t('terms.reward')}</dt>
          <dd className="promo-money">{reward(p)}</dd>
        </div>
        {BigInt(p.minDeposit) > 0n && (
          <div>
            <dt>{t('terms.minDeposit')}</dt>
            <dd>{money(p.minDeposit)}</dd>
          </div>
        )}
        <div>
          <dt>{t('terms.wagering')}</dt>
          <dd>
            {Number(multiplier) === 0
              ? t('terms.noWagering')
              : t(p.wageringBase === 'BONUS' ? 'terms.wageringBonus' : 'terms.wageringDepositAndBonus', { multiplier })}
          </dd>
        </div>
        <div>
          <dt>{t('terms.maxBet')}</dt>
          <dd>{p.maxBet ? money(p.maxBet) : t('terms.noLimit')}</dd>
        </div>
        <div>
          <dt>{t('terms.maxCashout')}</dt>
          <dd>{p.maxCashout ? money(p.maxCashout) : t('terms.noLimit')}</dd>
        </div>
        <div>
          <dt>{t('terms.validity')}</dt>
          <dd>{t('terms.validDays', { count: p.bonusValidDays })}</dd>
        </div>
        <div>
          <dt>{t('terms.limit')}</dt>
          <dd>{limit}</dd>
        </div>
      </dl>
      {rows.length > 0 && (
        <table className="promo-table">
          <caption>{t('terms.contribution')}</caption>
          <thead>
            <tr>
              <th scope="col">{t('terms.game')}</th>
              <th scope="col">{t('terms.counts')}</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((r) => (
              <tr key={r.category}>
                <th scope="row">{t(`games.${r.category}` as 'games.RNG', { defaultValue: r.category })}</th>
                <td>{t('terms.percent', { percent: r.percent })}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </div>
  );
}

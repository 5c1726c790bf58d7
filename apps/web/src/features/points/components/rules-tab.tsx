import type { PointEarnType } from '@playfront/contract/points-paths';
import { useTranslation } from 'react-i18next';
import { useSession } from '../../../lib/session-store.ts';
import { usePointsConfig } from '../api/get-points-config.ts';
import { formatPoints, LoadError, Loading, useMoney } from './parts.tsx';

const EARN_ORDER: PointEarnType[] = ['slots', 'live', 'sports', 'pvp', 'lottery', 'deposit'];

/** The points rules: how each kind of play and a deposit earns, the conversion ratio, the conditions, the statuses. */
export function RulesTab() {
  const { t } = useTranslation('points');
  const token = useSession((s) => s.token);
  const config = usePointsConfig(token);
  const money = useMoney();
  if (config.isPending) return <Loading />;
  if (config.isError) return <LoadError error={config.error} onRetry={() => void config.refetch()} />;
  const c = config.data;
  const base = money(c.rateBase);
  return (
    <div className="pm-rules">
      <section className="pm-rule-card" aria-labelledby="pm-rules-earn">
        <h3 id="pm-rules-earn">{t('rules.earnTitle')}</h3>
        <p className="pm-muted">{t('rules.earnLead', { base })}</p>
        <ul className="pm-rates">
          {EARN_ORDER.map((type) => (
            <li key={type} data-testid="points-rate" data-type={type}>
              <span>{t(`details.types.${type}`)}</span>
              <strong>{t('rules.rate', { points: formatPoints(String(c.rates[type])) })}</strong>
            </li>
          ))}
        </ul>
        <p className="pm-muted pm-small">{t('rules.validBet')}</p>
      </section>
      <section className="pm-rule-card" aria-labelledby="pm-rules-use">
        <h3 id="pm-rules-use">{t('rules.useTitle')}</h3>
        <ul className="pm-rule-list">
          <li>{t('rules.redeem')}</li>
          <li>
            {c.convertEnabled
              ? t('rules.convert', {
                  points: formatPoints(String(c.convertPoints)),
                  amount: money(c.convertAmount),
                  min: formatPoints(String(c.minConvertPoints)),
                })
              : t('rules.convertOff')}
          </li>
          <li>{t('rules.password')}</li>
          <li>{t('rules.conditions')}</li>
        </ul>
      </section>
      <section className="pm-rule-card" aria-labelledby="pm-rules-status">
        <h3 id="pm-rules-status">{t('rules.statusTitle')}</h3>
        <ul className="pm-rule-list">
          <li>
            <strong>{t('history.statuses.in_process')}</strong> — {t('rules.inProcess')}
          </li>
          <li>
            <strong>{t('history.statuses.approved')}</strong> — {t('rules.approved')}
          </li>
          <li>
            <strong>{t('history.statuses.rejected')}</strong> — {t('rules.rejected')}
          </li>
        </ul>
        <p className="pm-note">{t('rules.neverExpire')}</p>
      </section>
    </div>
  );
}

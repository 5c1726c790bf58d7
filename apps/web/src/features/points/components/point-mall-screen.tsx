import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { ApiError } from '../../../lib/api-client.ts';
import { useSession } from '../../../lib/session-store.ts';
import { Icon } from '../../../ui/icons/icon.tsx';
import { openModal } from '../../../ui/modals/modal-store.ts';
import { usePointsBalance } from '../api/get-points-balance.ts';
import { usePointsConfig } from '../api/get-points-config.ts';
import { MALL_TABS, mallTabOf } from '../lib/mall-tabs.ts';
import { DetailsTab } from './details-tab.tsx';
import { HistoryTab } from './history-tab.tsx';
import { formatPoints, useMoney } from './parts.tsx';
import { RewardsTab } from './rewards-tab.tsx';
import { RulesTab } from './rules-tab.tsx';

/**
 * /pointMall (spec sections 1, 2, 7): the member's points and what they are worth, then the mall's four sections as
 * `?tab=` pages (so each has its own address and Back works): the reward catalogue, the redeem history, the points
 * details and the points rules. Redeeming and converting open their dialogs from the popup registry.
 * The server draws its first screen before any script for a tab with a session (boot-screen.ts pointMallBootScreen):
 * change the hero, the tab row and the section heading together.
 */
export default function PointMallScreen() {
  const { t } = useTranslation('points');
  const [search] = useSearchParams();
  const tab = mallTabOf(search);
  const token = useSession((s) => s.token);
  const balance = usePointsBalance(token);
  const config = usePointsConfig(token);
  const money = useMoney();
  const heading = useRef<HTMLHeadingElement>(null);
  const first = useRef(true);
  // A section change moves focus to its heading, so a screen reader hears where it is.
  // biome-ignore lint/correctness/useExhaustiveDependencies: the effect is about the tab changing.
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    heading.current?.focus({ preventScroll: true });
  }, [tab]);

  const trialRefused = balance.error instanceof ApiError && balance.error.code === 'TRIAL_NOT_ALLOWED';
  if (trialRefused) {
    return (
      <main className="page page-state">
        <h1>{t('title')}</h1>
        <p>{t('state.needRealAccount')}</p>
        <Link className="btn btn-primary" to="/">
          {t('state.backHome')}
        </Link>
      </main>
    );
  }

  const convertible = balance.data ? BigInt(balance.data.convertibleAmount) > 0n : false;
  return (
    <main className="page pm-page">
      <header className="pm-hero">
        <div className="pm-hero-text">
          <h1 className="pm-title">
            <Icon name="star" size={28} />
            {t('title')}
          </h1>
          <p className="pm-lead">{t('lead')}</p>
        </div>
        <section className="pm-balance" aria-labelledby="pm-balance-label" aria-live="polite">
          <h2 id="pm-balance-label" className="pm-balance-label">
            {t('balance.label')}
          </h2>
          <p className="pm-balance-value" data-testid="points-balance">
            {balance.data ? formatPoints(balance.data.points) : '—'}
          </p>
          <p className="pm-balance-worth">
            {balance.data && config.data
              ? convertible
                ? t('balance.worth', { amount: money(balance.data.convertibleAmount) })
                : config.data.convertEnabled
                  ? t('balance.convertFrom', { min: formatPoints(String(config.data.minConvertPoints)) })
                  : t('balance.convertOff')
              : '\u00a0'}
          </p>
          <div className="pm-balance-actions">
            <button
              type="button"
              className="btn btn-primary btn-sm"
              disabled={!convertible}
              onClick={() => openModal('pointsConvertModal', {})}
            >
              {t('balance.convert')}
            </button>
            <Link className="btn btn-ghost btn-sm" to="/pointMall?tab=rules">
              {t('balance.howToEarn')}
            </Link>
          </div>
        </section>
      </header>

      <nav className="pm-tabs" aria-label={t('tabs.label')}>
        <ul>
          {MALL_TABS.map((name) => (
            <li key={name}>
              <Link
                to={name === 'rewards' ? '/pointMall' : `/pointMall?tab=${name}`}
                className="pm-tab"
                aria-current={name === tab ? 'page' : undefined}
              >
                {t(`tabs.${name}`)}
              </Link>
            </li>
          ))}
        </ul>
      </nav>

      <section className="pm-section" aria-labelledby="pm-section-title">
        <h2 id="pm-section-title" className="pm-section-title" tabIndex={-1} ref={heading}>
          {t(`tabs.${tab}`)}
        </h2>
        {tab === 'rewards' && <RewardsTab />}
        {tab === 'history' && <HistoryTab />}
        {tab === 'details' && <DetailsTab />}
        {tab === 'rules' && <RulesTab />}
      </section>
    </main>
  );
}

import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { MissionsTab } from './missions-tab.tsx';
import { PointsTab } from './points-tab.tsx';
import { RebatesTab } from './rebates-tab.tsx';
import { VipTab } from './vip-tab.tsx';

const TABS = ['vip', 'points', 'missions', 'rebates'] as const;
type Tab = (typeof TABS)[number];

/** VIP ladder and member lookup, points (earning, conversion, mall items), missions, rebates and cashback. */
export default function LoyaltyScreen() {
  const { t } = useTranslation();
  const [tab, setTab] = useState<Tab>('vip');
  return (
    <div className="stack">
      <h1>{t('nav.loyalty')}</h1>
      <div className="tabs" role="tablist" aria-label={t('nav.loyalty')}>
        {TABS.map((name) => (
          <button
            key={name}
            type="button"
            role="tab"
            className="tab"
            id={`loyalty-tab-${name}`}
            aria-controls={`loyalty-panel-${name}`}
            aria-selected={tab === name}
            onClick={() => setTab(name)}
          >
            {t(`loyalty.tabs.${name}`)}
          </button>
        ))}
      </div>
      <div role="tabpanel" id={`loyalty-panel-${tab}`} aria-labelledby={`loyalty-tab-${tab}`} className="stack">
        {tab === 'vip' && <VipTab />}
        {tab === 'points' && <PointsTab />}
        {tab === 'missions' && <MissionsTab />}
        {tab === 'rebates' && <RebatesTab />}
      </div>
    </div>
  );
}

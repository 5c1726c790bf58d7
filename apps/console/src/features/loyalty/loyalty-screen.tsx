import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Tabs } from '../../ui/tabs.tsx';
import { MissionsTab } from './missions-tab.tsx';
import { PointsTab } from './points-tab.tsx';
import { RainsTab } from './rains-tab.tsx';
import { RebatesTab } from './rebates-tab.tsx';
import { ReferralTab } from './referral-tab.tsx';
import { VipTab } from './vip-tab.tsx';

const TABS = ['vip', 'points', 'missions', 'rebates', 'rains', 'referral'] as const;
type Tab = (typeof TABS)[number];

/** VIP ladder and member lookup, points (earning, conversion, mall items), missions, rebates and cashback, envelope rains, the referral reward rule. */
export default function LoyaltyScreen() {
  const { t } = useTranslation();
  const [tab, setTab] = useState<Tab>('vip');
  return (
    <div className="stack">
      <h1>{t('nav.loyalty')}</h1>
      <Tabs
        id="loyalty"
        label={t('nav.loyalty')}
        tabs={TABS}
        selected={tab}
        onSelect={setTab}
        labelOf={(name) => t(`loyalty.tabs.${name}`)}
      >
        {tab === 'vip' && <VipTab />}
        {tab === 'points' && <PointsTab />}
        {tab === 'missions' && <MissionsTab />}
        {tab === 'rebates' && <RebatesTab />}
        {tab === 'rains' && <RainsTab />}
        {tab === 'referral' && <ReferralTab />}
      </Tabs>
    </div>
  );
}

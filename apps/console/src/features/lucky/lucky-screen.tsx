import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Tabs } from '../../ui/tabs.tsx';
import { GameTab } from './game-tab.tsx';
import { RafflesTab } from './raffles-tab.tsx';
import './lucky.css';

const TABS = ['wheel', 'eggs', 'raffles'] as const;
type Tab = (typeof TABS)[number];

/** Prize wheel and golden eggs (prizes, weights and the chance each has, ticket rates, budget, on/off) and raffles. */
export default function LuckyScreen() {
  const { t } = useTranslation();
  const [tab, setTab] = useState<Tab>('wheel');
  return (
    <div className="stack">
      <h1>{t('nav.lucky')}</h1>
      <Tabs id="lucky" label={t('nav.lucky')} tabs={TABS} selected={tab} onSelect={setTab} labelOf={(name) => t(`lucky.tabs.${name}`)}>
        {tab === 'raffles' ? <RafflesTab /> : <GameTab key={tab} game={tab} />}
      </Tabs>
    </div>
  );
}

import type { Mission } from '@playfront/contract/missions';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { missionFigures } from '../lib/mission-figures.ts';
import { useMissionFormat } from './parts.tsx';

export type MissionCardProps = {
  mission: Mission;
  onClaim: (mission: Mission) => void;
  /** This mission's claim is on its way. */
  claiming: boolean;
};

/** One mission: its title and what it counts, the bar with figures, the reward, and the Claim button for its state. */
export function MissionCard({ mission, onClaim, claiming }: MissionCardProps) {
  const { t } = useTranslation('missions');
  const { money } = useMissionFormat();
  const id = useId();
  const { value, target } = missionFigures(mission, money);
  const goal =
    mission.goal === 'wager' && mission.category
      ? t('goals.wagerIn', { category: t(`categories.${mission.category}`) })
      : mission.goal === 'bigWin'
        ? t('goals.bigWin', { amount: money(mission.minWin) })
        : t(`goals.${mission.goal}`);
  const hasMoney = mission.rewardAmount !== '0';

  return (
    <li className="ms-card" data-state={mission.state} data-testid={`mission-${mission.code}`} aria-labelledby={`${id}-title`}>
      <div className="ms-card-head">
        <h3 id={`${id}-title`} className="ms-card-title">
          {mission.title}
        </h3>
        <span className="ms-state" data-state={mission.state}>
          {t(`state.${mission.state}`)}
        </span>
      </div>
      <div className="ms-progress">
        <div className="ms-progress-head">
          <span id={`${id}-goal`} className="ms-goal">
            {goal}
          </span>
          <span className="ms-figures" data-testid={`mission-figures-${mission.code}`}>
            {t('figures', { value, target })}
          </span>
        </div>
        <div
          className="ms-bar"
          role="progressbar"
          aria-labelledby={`${id}-title`}
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={mission.percent}
          aria-valuetext={t('progressText', { percent: mission.percent, value, target })}
        >
          <span className="ms-bar-fill" style={{ width: `${mission.percent}%` }} />
        </div>
      </div>
      <div className="ms-card-foot">
        <p className="ms-reward">
          <span className="ms-muted">{t('reward')}</span>{' '}
          {hasMoney && (
            <strong className="ms-gold">
              {money(mission.rewardAmount)} <span className="ms-muted">({mission.rewardIsBonus ? t('bonus') : t('cash')})</span>
            </strong>
          )}{' '}
          {mission.points > 0 && <span className="ms-points">{t('points', { count: mission.points })}</span>}
        </p>
        <ClaimButton mission={mission} claiming={claiming} onClaim={onClaim} />
      </div>
    </li>
  );
}

function ClaimButton({ mission, claiming, onClaim }: MissionCardProps) {
  const { t } = useTranslation('missions');
  if (mission.state === 'claimed') {
    return (
      <span className="ms-claimed" data-testid={`mission-claimed-${mission.code}`}>
        <span aria-hidden="true">✓ </span>
        {t('claimed')}
      </span>
    );
  }
  const ready = mission.state === 'claimable';
  return (
    <button
      type="button"
      className={ready ? 'btn btn-primary btn-sm' : 'btn btn-ghost btn-sm'}
      // Not ready: shown (so the member sees what the button will do) but not pressable.
      disabled={!ready || claiming}
      aria-label={t('claimFor', { title: mission.title })}
      aria-busy={claiming || undefined}
      onClick={() => onClaim(mission)}
    >
      {claiming ? t('claiming') : t('claim')}
    </button>
  );
}

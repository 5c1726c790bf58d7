import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { wageringProgress } from '../lib/wagering.ts';
import { useFormat } from './parts.tsx';

/** The wagering progress bar with its figures: wagered / required, the percent, and what is still to wager. */
export function WageringBar({ wagered, required }: { wagered: string; required: string }) {
  const { t } = useTranslation('promotions');
  const { money } = useFormat();
  const id = useId();
  const progress = wageringProgress(wagered, required);
  return (
    <div className="rw-progress" data-met={progress.met || undefined}>
      <div className="rw-progress-head">
        <span id={`${id}-label`} className="rw-progress-label">
          {t('bonus.wagering')}
        </span>
        <span className="rw-progress-figures" data-testid="bonus-wagering">
          {t('bonus.figures', { wagered: money(wagered), required: money(required) })}
        </span>
      </div>
      <div
        className="rw-bar"
        role="progressbar"
        aria-labelledby={`${id}-label`}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={progress.percent}
        aria-valuetext={t('bonus.progressText', { percent: progress.percent, wagered: money(wagered), required: money(required) })}
      >
        <span className="rw-bar-fill" style={{ width: `${progress.percent}%` }} />
      </div>
      <div className="rw-progress-foot">
        <strong data-testid="bonus-percent">{t('bonus.percent', { percent: progress.percent })}</strong>
        <span className="rw-muted">{progress.met ? t('bonus.met') : t('bonus.left', { amount: money(progress.left) })}</span>
      </div>
    </div>
  );
}

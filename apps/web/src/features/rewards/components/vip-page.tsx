import type { MyVip, VipLevel } from '@playfront/contract/vip';
import { VIP_REBATE_CATEGORIES } from '@playfront/contract/vip-paths';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSession } from '../../../lib/session-store.ts';
import { useMyVip, useVipLevels } from '../api/get-vip.ts';
import { LoadError, Loading, RewardsPage, useFormat } from './parts.tsx';
import './vip.css';

/**
 * vip: the member's VIP level (issue 12): the level with its icon, progress to the next level in figures and a bar
 * for valid bets and deposits over the rolling window, the level table (thresholds, bonuses, rebates, withdrawal
 * limits), and the VIP bonus history.
 */
export default function VipPage() {
  const { t } = useTranslation('promotions');
  const { lang } = useFormat();
  const token = useSession((s) => s.token);
  const mine = useMyVip(lang, token);
  const levels = useVipLevels(lang, token);

  return (
    <RewardsPage title={t('vip.title')} lead={t('vip.lead')}>
      {mine.isPending || levels.isPending ? (
        <Loading />
      ) : mine.isError || levels.isError ? (
        <LoadError
          onRetry={() => {
            void mine.refetch();
            void levels.refetch();
          }}
        />
      ) : (
        <>
          <MyLevel vip={mine.data} />
          <LevelTable levels={levels.data.levels} current={mine.data.current.level} windowDays={levels.data.windowDays} />
          <BonusHistory vip={mine.data} />
        </>
      )}
    </RewardsPage>
  );
}

/** A level's icon; if it fails to load, a drawn badge with the rank (spec section 8). */
export function VipIcon({ level, size = 48 }: { level: Pick<VipLevel, 'icon' | 'level'>; size?: number }) {
  const [failed, setFailed] = useState<string | null>(null);
  if (failed === level.icon) {
    return (
      <span className="vip-icon-fallback" style={{ width: size, height: size }} aria-hidden="true" data-testid="vip-icon-fallback">
        {level.level}
      </span>
    );
  }
  return <img className="vip-icon" src={level.icon} alt="" width={size} height={size} onError={() => setFailed(level.icon)} />;
}

function MyLevel({ vip }: { vip: MyVip }) {
  const { t } = useTranslation('promotions');
  const { money } = useFormat();
  const { current, next, progress } = vip;
  return (
    <article className="rw-card vip-card" aria-labelledby="vip-current" data-testid="vip-current">
      <div className="vip-head">
        <VipIcon level={current} size={64} />
        <div className="vip-head-text">
          <p className="rw-muted">{t('vip.yourLevel')}</p>
          <h3 id="vip-current" className="rw-card-title">
            {current.name} <span className="vip-rank">{t('vip.rank', { level: current.level })}</span>
          </h3>
          <p className="rw-muted">{next ? t('vip.nextLevel', { name: next.name }) : t('vip.topLevel')}</p>
        </div>
      </div>
      {next && progress.validBetTarget !== null && progress.depositTarget !== null && (
        <div className="vip-bars">
          <VipBar
            label={t('vip.validBet')}
            value={money(progress.validBet)}
            target={money(progress.validBetTarget)}
            percent={progress.validBetPercent}
            testId="vip-bet"
          />
          <VipBar
            label={t('vip.deposit')}
            value={money(progress.deposit)}
            target={money(progress.depositTarget)}
            percent={progress.depositPercent}
            testId="vip-deposit"
          />
        </div>
      )}
      <p className="rw-muted">
        {t('vip.window', { days: vip.windowDays })}{' '}
        {current.level > 0 ? t('vip.keep', { amount: money(current.keepValidBet), name: current.name }) : null}
      </p>
    </article>
  );
}

function VipBar({
  label,
  value,
  target,
  percent,
  testId,
}: {
  label: string;
  value: string;
  target: string;
  percent: number;
  testId: string;
}) {
  const { t } = useTranslation('promotions');
  const id = useId();
  return (
    <div className="rw-progress" data-met={percent >= 100 || undefined}>
      <div className="rw-progress-head">
        <span id={`${id}-label`} className="rw-progress-label">
          {label}
        </span>
        <span className="rw-progress-figures" data-testid={testId}>
          {t('vip.figures', { value, target })}
        </span>
      </div>
      <div
        className="rw-bar"
        role="progressbar"
        aria-labelledby={`${id}-label`}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
        aria-valuetext={t('vip.progressText', { percent, value, target })}
      >
        <span className="rw-bar-fill" style={{ width: `${percent}%` }} />
      </div>
      <div className="rw-progress-foot">
        <strong>{t('bonus.percent', { percent })}</strong>
        {percent >= 100 && <span className="rw-muted">{t('vip.met')}</span>}
      </div>
    </div>
  );
}

const rate = (bps: number | undefined) => `${((bps ?? 0) / 100).toFixed(2)}%`;

function LevelTable({ levels, current, windowDays }: { levels: VipLevel[]; current: number; windowDays: number }) {
  const { t } = useTranslation('promotions');
  const { money } = useFormat();
  const levelCell = (l: VipLevel) => (
    <th scope="row">
      <span className="vip-table-level">
        <VipIcon level={l} size={24} />
        <span>{l.name}</span>
        {l.level === current && <span className="vip-you">{t('vip.you')}</span>}
      </span>
    </th>
  );
  const rowProps = (l: VipLevel) => ({
    'data-current': l.level === current || undefined,
    'aria-current': l.level === current ? ('true' as const) : undefined,
  });
  return (
    <>
      <section className="rw-section" aria-labelledby="vip-table-title">
        <h3 id="vip-table-title" className="rw-section-title">
          {t('vip.tableTitle')}
        </h3>
        {/* biome-ignore lint/a11y/noNoninteractiveTabindex: the table scrolls sideways on phones; the keyboard must reach it to scroll it. */}
        <div className="vip-table-wrap" tabIndex={0}>
          <table className="rw-table vip-table" data-testid="vip-table">
            <caption className="visually-hidden">{t('vip.tableCaption', { days: windowDays })}</caption>
            <thead>
              <tr>
                <th scope="col">{t('vip.columns.level')}</th>
                <th scope="col">{t('vip.columns.validBet')}</th>
                <th scope="col">{t('vip.columns.deposit')}</th>
                <th scope="col">{t('vip.columns.levelUpBonus')}</th>
                <th scope="col">{t('vip.columns.monthlyBonus')}</th>
                <th scope="col">{t('vip.columns.withdrawalLimit')}</th>
              </tr>
            </thead>
            <tbody>
              {levels.map((l) => (
                <tr key={l.level} {...rowProps(l)}>
                  {levelCell(l)}
                  <td>{money(l.validBetThreshold)}</td>
                  <td>{money(l.depositThreshold)}</td>
                  <td>{money(l.levelUpBonus)}</td>
                  <td>{money(l.monthlyBonus)}</td>
                  <td>{money(l.dailyWithdrawalLimit)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </section>
      <section className="rw-section" aria-labelledby="vip-rebate-title">
        <h3 id="vip-rebate-title" className="rw-section-title">
          {t('vip.rebateTitle')}
        </h3>
        {/* biome-ignore lint/a11y/noNoninteractiveTabindex: the table scrolls sideways on phones; the keyboard must reach it to scroll it. */}
        <div className="vip-table-wrap" tabIndex={0}>
          <table className="rw-table vip-table">
            <caption className="visually-hidden">{t('vip.rebateCaption')}</caption>
            <thead>
              <tr>
                <th scope="col">{t('vip.columns.level')}</th>
                {VIP_REBATE_CATEGORIES.map((c) => (
                  <th scope="col" key={c}>
                    {t(`vip.categories.${c}`)}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {levels.map((l) => (
                <tr key={l.level} {...rowProps(l)}>
                  {levelCell(l)}
                  {VIP_REBATE_CATEGORIES.map((c) => (
                    <td key={c}>{rate(l.rebateBps[c])}</td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </section>
    </>
  );
}

function BonusHistory({ vip }: { vip: MyVip }) {
  const { t } = useTranslation('promotions');
  const { money, dateTime } = useFormat();
  return (
    <section className="rw-section" aria-labelledby="vip-history-title">
      <h3 id="vip-history-title" className="rw-section-title">
        {t('vip.history')}
      </h3>
      {vip.bonuses.length === 0 ? (
        <p className="rw-muted" data-testid="vip-history-empty">
          {t('vip.historyEmpty')}
        </p>
      ) : (
        <ul className="vip-history" data-testid="vip-history">
          {vip.bonuses.map((b) => (
            <li key={b.id} className="vip-history-item">
              <div>
                <strong>
                  {b.kind === 'LEVEL_UP' ? t('vip.levelUpBonus', { level: b.level }) : t('vip.monthlyBonus', { month: b.period })}
                </strong>
                <p className="rw-muted">{dateTime(b.createdAt)}</p>
              </div>
              <span className="rw-gold vip-history-amount">+{money(b.amount)}</span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

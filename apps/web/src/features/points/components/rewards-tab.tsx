import type { Reward } from '@playfront/contract/points';
import { pointsPictureUrl, REWARD_KINDS, REWARD_SORTS, type RewardKind, type RewardSort } from '@playfront/contract/points-paths';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSession } from '../../../lib/session-store.ts';
import { openModal } from '../../../ui/modals/modal-store.ts';
import { useRewards } from '../api/get-rewards.ts';
import { blockText } from '../lib/reward-text.ts';
import { Empty, formatPoints, LoadError, Loading } from './parts.tsx';

/** The reward catalogue: filter by kind, sort by price, each card with its stock, conditions and a redeem button. */
export function RewardsTab() {
  const { t, i18n } = useTranslation('points');
  const id = useId();
  const token = useSession((s) => s.token);
  const [kind, setKind] = useState<RewardKind | null>(null);
  const [sort, setSort] = useState<RewardSort>('default');
  const rewards = useRewards(token, i18n.language, { kind, sort });

  return (
    <div className="pm-rewards">
      <div className="pm-toolbar">
        <fieldset className="pm-chips">
          <legend className="visually-hidden">{t('filters.label')}</legend>
          {[null, ...REWARD_KINDS].map((k) => (
            <button key={k ?? 'all'} type="button" className="pm-chip" aria-pressed={kind === k} onClick={() => setKind(k)}>
              {t(k ? `filters.kinds.${k}` : 'filters.all')}
            </button>
          ))}
        </fieldset>
        <div className="pm-sort">
          <label htmlFor={`${id}-sort`}>{t('filters.sort')}</label>
          <select id={`${id}-sort`} className="pm-select" value={sort} onChange={(e) => setSort(e.target.value as RewardSort)}>
            {REWARD_SORTS.map((s) => (
              <option key={s} value={s}>
                {t(`filters.sorts.${s}`)}
              </option>
            ))}
          </select>
        </div>
      </div>
      {rewards.isPending ? (
        <Loading />
      ) : rewards.isError ? (
        <LoadError error={rewards.error} onRetry={() => void rewards.refetch()} />
      ) : rewards.data.list.length === 0 ? (
        <Empty>{t('rewards.empty')}</Empty>
      ) : (
        <ul className="pm-grid" aria-busy={rewards.isFetching || undefined}>
          {rewards.data.list.map((r) => (
            <RewardCard key={r.id} reward={r} />
          ))}
        </ul>
      )}
    </div>
  );
}

function RewardCard({ reward: r }: { reward: Reward }) {
  const { t } = useTranslation('points');
  const titleId = useId();
  const soldOut = r.blocked.includes('outOfStock');
  const reasons = r.blocked.filter((b) => b !== 'notEnoughPoints' || r.blocked.length === 1);
  return (
    <li className="pm-card" data-testid="reward" data-code={r.code} data-sold-out={soldOut || undefined} aria-labelledby={titleId}>
      <div className="pm-card-picture">
        <img src={pointsPictureUrl(r.picture)} alt="" width={320} height={200} loading="lazy" decoding="async" />
        <span className={`pm-kind pm-kind-${r.kind}`}>{t(`kinds.${r.kind}`)}</span>
        {soldOut && <span className="pm-soldout">{t('rewards.outOfStock')}</span>}
      </div>
      <div className="pm-card-body">
        <h3 id={titleId} className="pm-card-title">
          {r.name}
        </h3>
        <p className="pm-card-sub">
          {r.kind === 'CASH'
            ? t('rewards.toWallet')
            : r.kind === 'VOUCHER' && r.voucherSpins
              ? t('rewards.spins', { count: r.voucherSpins })
              : t('rewards.delivered')}
        </p>
        <p className="pm-price">
          <strong>{formatPoints(r.price)}</strong> {t('rewards.points')}
        </p>
        <p className="pm-stock">
          {r.stock === null ? t('rewards.unlimited') : soldOut ? t('rewards.outOfStock') : t('rewards.left', { count: r.stock })}
        </p>
        {reasons.length > 0 && (
          <ul className="pm-blocks">
            {reasons.map((b) => (
              <li key={b}>{blockText(t, b, r)}</li>
            ))}
          </ul>
        )}
        <button
          type="button"
          className={r.blocked.length === 0 ? 'btn btn-primary btn-sm pm-card-action' : 'btn btn-ghost btn-sm pm-card-action'}
          onClick={() => openModal('pointsRedeemModal', { rewardId: r.id })}
          aria-label={t(r.blocked.length === 0 ? 'rewards.redeemNamed' : 'rewards.viewNamed', { name: r.name })}
        >
          {r.blocked.length === 0 ? t('rewards.redeem') : t('rewards.view')}
        </button>
      </div>
    </li>
  );
}

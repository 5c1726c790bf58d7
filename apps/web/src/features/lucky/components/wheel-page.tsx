import type { LuckyPlay, LuckyPrize } from '@playfront/contract/lucky';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSession } from '../../../lib/session-store.ts';
import { useLuckyGame } from '../api/get-lucky-game.ts';
import { usePlayLucky } from '../api/play-lucky.ts';
import { rotationFor, slicePath } from '../lib/wheel-geometry.ts';
import { FairnessPanel } from './fairness-panel.tsx';
import { EarnRule, ErrorAlert, LoadError, Loading, LuckyPage, PlayResult, useLuckyFormat, useReducedMotion } from './parts.tsx';

const SPIN_MS = 4_200;

/**
 * luckyWheel: the prize wheel (issue 12). The server decides the outcome (provably fair); the wheel only turns to the
 * segment the answer names, and the result, the tickets and the balance show when it lands (at once with reduced motion).
 */
export default function WheelPage() {
  const { t } = useTranslation('lucky');
  const { lang } = useLuckyFormat();
  const token = useSession((s) => s.token);
  const game = useLuckyGame('wheel', lang, token);
  return (
    <LuckyPage title={t('wheel.title')} lead={t('wheel.lead')}>
      {game.isPending ? (
        <Loading />
      ) : game.isError ? (
        <LoadError onRetry={() => void game.refetch()} />
      ) : !game.data.enabled ? (
        <p className="wl-state">{t('disabled')}</p>
      ) : (
        <>
          <WheelGame prizes={game.data.prizes} tickets={game.data.tickets} />
          <EarnRule depositPerTicket={game.data.depositPerTicket} validBetPerTicket={game.data.validBetPerTicket} />
          <FairnessPanel game="wheel" view={game.data} />
        </>
      )}
    </LuckyPage>
  );
}

function WheelGame({ prizes, tickets }: { prizes: LuckyPrize[]; tickets: number }) {
  const { t } = useTranslation('lucky');
  const reduced = useReducedMotion();
  const spin = usePlayLucky('wheel');
  const [rotation, setRotation] = useState(0);
  const [spinning, setSpinning] = useState(false);
  const [shown, setShown] = useState<LuckyPlay | null>(null);
  const pending = useRef<LuckyPlay | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  const land = () => {
    clearTimeout(timer.current);
    if (!pending.current) return;
    setShown(pending.current);
    pending.current = null;
    setSpinning(false);
    void spin.settle();
  };

  const start = () => {
    setShown(null);
    spin.mutate(undefined, {
      onSuccess: ({ play }) => {
        const index = prizes.findIndex((p) => p.position === play.position);
        pending.current = play;
        setSpinning(true);
        setRotation((r) => rotationFor(r, Math.max(index, 0), prizes.length));
        // The transition's end lands it; a timer makes sure (a hidden tab may never fire transitionend).
        timer.current = setTimeout(land, reduced ? 0 : SPIN_MS + 150);
      },
    });
  };

  const segment = 360 / prizes.length;
  return (
    <div className="lk-card lk-stage">
      <p className="lk-tickets" data-testid="lucky-tickets">
        <span className="lk-muted">{t('ticketsLabel')}</span> <strong>{t('tickets', { count: tickets })}</strong>
      </p>
      <div className="lk-wheel-wrap">
        <span className="lk-pointer" aria-hidden="true" />
        <svg
          className="lk-wheel"
          viewBox="-100 -100 200 200"
          role="img"
          aria-label={t('wheel.wheelLabel', { count: prizes.length })}
          style={{ transform: `rotate(${rotation}deg)`, transitionDuration: reduced ? '0ms' : `${SPIN_MS}ms` }}
          onTransitionEnd={land}
        >
          {prizes.map((p, i) => (
            <g key={p.position}>
              <path d={slicePath(i, segment)} className={`lk-slice lk-slice-${i % 2 ? 'b' : 'a'}${p.available ? '' : ' lk-slice-out'}`} />
              <text transform={`rotate(${(i + 0.5) * segment}) translate(0 -62)`} className="lk-slice-text" textAnchor="middle">
                {p.label}
              </text>
            </g>
          ))}
          <circle r="14" className="lk-hub" />
        </svg>
      </div>
      <button type="button" className="btn btn-primary lk-play-btn" onClick={start} disabled={spinning || spin.isPending || tickets < 1}>
        {spinning || spin.isPending ? t('wheel.spinning') : t('wheel.spin')}
      </button>
      {tickets < 1 && !spinning && <p className="lk-muted">{t('noTickets')}</p>}
      <ErrorAlert error={spin.error} />
      <PlayResult result={shown} />
      <PrizeList prizes={prizes} />
    </div>
  );
}

export function PrizeList({ prizes }: { prizes: LuckyPrize[] }) {
  const { t } = useTranslation('lucky');
  return (
    <details className="lk-prizes">
      <summary>{t('prizesTitle')}</summary>
      <ul>
        {prizes.map((p) => (
          <li key={p.position} className={p.available ? '' : 'lk-out'}>
            <span>{p.label}</span>
            {!p.available && <span className="lk-muted lk-small">{t('soldOut')}</span>}
          </li>
        ))}
      </ul>
    </details>
  );
}

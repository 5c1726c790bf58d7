import type { LuckyPlay, LuckyPrize } from '@playfront/contract/lucky';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSession } from '../../../lib/session-store.ts';
import { useLuckyGame } from '../api/get-lucky-game.ts';
import { usePlayLucky } from '../api/play-lucky.ts';
import { FairnessPanel } from './fairness-panel.tsx';
import { EarnRule, ErrorAlert, LoadError, Loading, LuckyPage, PlayResult, useLuckyFormat, useReducedMotion } from './parts.tsx';
import { PrizeList } from './wheel-page.tsx';

const SMASH_MS = 900;

/**
 * goldenEggs: pick one of the eggs and smash it with a ticket (issue 12). The egg picked is part of the fair draw's
 * client input; the crack animation plays only once the server has answered, and shows what the answer says.
 */
export default function EggsPage() {
  const { t } = useTranslation('lucky');
  const { lang } = useLuckyFormat();
  const token = useSession((s) => s.token);
  const game = useLuckyGame('eggs', lang, token);
  return (
    <LuckyPage title={t('eggs.title')} lead={t('eggs.lead')}>
      {game.isPending ? (
        <Loading />
      ) : game.isError ? (
        <LoadError onRetry={() => void game.refetch()} />
      ) : !game.data.enabled ? (
        <p className="wl-state">{t('disabled')}</p>
      ) : (
        <>
          <EggBoard count={game.data.eggCount} prizes={game.data.prizes} tickets={game.data.tickets} />
          <EarnRule depositPerTicket={game.data.depositPerTicket} validBetPerTicket={game.data.validBetPerTicket} />
          <FairnessPanel game="eggs" view={game.data} />
        </>
      )}
    </LuckyPage>
  );
}

function EggBoard({ count, prizes, tickets }: { count: number; prizes: LuckyPrize[]; tickets: number }) {
  const { t } = useTranslation('lucky');
  const reduced = useReducedMotion();
  const smash = usePlayLucky('eggs');
  const [cracking, setCracking] = useState<number | null>(null);
  const [shown, setShown] = useState<LuckyPlay | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  const pick = (egg: number) => {
    setShown(null);
    smash.mutate(egg, {
      onSuccess: ({ play }) => {
        setCracking(egg);
        timer.current = setTimeout(
          () => {
            setShown(play);
            setCracking(null);
            void smash.settle();
          },
          reduced ? 0 : SMASH_MS,
        );
      },
    });
  };

  const busy = smash.isPending || cracking !== null;
  return (
    <div className="lk-card lk-stage">
      <p className="lk-tickets" data-testid="lucky-tickets">
        <span className="lk-muted">{t('ticketsLabel')}</span> <strong>{t('tickets', { count: tickets })}</strong>
      </p>
      <ul className={`lk-eggs lk-eggs-${count}`} aria-label={t('eggs.board')}>
        {Array.from({ length: count }, (_, i) => i + 1).map((egg) => (
          <li key={egg}>
            <button
              type="button"
              className={`lk-egg${cracking === egg ? ' lk-egg-cracking' : ''}${shown?.egg === egg ? ' lk-egg-open' : ''}`}
              aria-label={t('eggs.egg', { n: egg })}
              disabled={busy || tickets < 1}
              onClick={() => pick(egg)}
            >
              <svg viewBox="0 0 60 76" aria-hidden="true">
                <ellipse cx="30" cy="42" rx="26" ry="32" className="lk-egg-shell" />
                <path d="M10 40 l8 -6 l7 6 l7 -6 l7 6 l7 -6 l7 6" className="lk-egg-crack" />
              </svg>
              {shown?.egg === egg && <span className="lk-egg-prize">{shown.label}</span>}
            </button>
          </li>
        ))}
      </ul>
      {busy && <p className="lk-muted">{t('eggs.smashing')}</p>}
      {tickets < 1 && !busy && <p className="lk-muted">{t('noTickets')}</p>}
      <ErrorAlert error={smash.error} />
      <PlayResult result={shown} />
      <PrizeList prizes={prizes} />
    </div>
  );
}

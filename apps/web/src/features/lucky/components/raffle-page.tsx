import type { Raffle } from '@playfront/contract/lucky';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSession } from '../../../lib/session-store.ts';
import { useRaffles } from '../api/get-raffles.ts';
import { verifyRaffle } from '../lib/verify.ts';
import { LoadError, Loading, LuckyPage, useLuckyFormat } from './parts.tsx';

/**
 * raffle (spec section 7 `rafflePromotion`): each open or recent raffle with its period and countdown, how entries are
 * earned, my entries and all entries, the prizes by rank, the committed seed hash; after the draw the winners (masked)
 * and the revealed seed, with a button that recomputes the draw in the browser.
 */
export default function RafflePage() {
  const { t } = useTranslation('lucky');
  const { lang } = useLuckyFormat();
  const token = useSession((s) => s.token);
  const raffles = useRaffles(lang, token);
  return (
    <LuckyPage title={t('raffle.title')} lead={t('raffle.lead')}>
      {raffles.isPending ? (
        <Loading />
      ) : raffles.isError ? (
        <LoadError onRetry={() => void raffles.refetch()} />
      ) : raffles.data.list.length === 0 ? (
        <p className="wl-state">{t('raffle.none')}</p>
      ) : (
        <ul className="lk-raffles">
          {raffles.data.list.map((r) => (
            <li key={r.id}>
              <RaffleCard raffle={r} />
            </li>
          ))}
        </ul>
      )}
    </LuckyPage>
  );
}

/** Whole minutes left, refreshed every 30 s. */
function useCountdown(endsAt: string): { d: number; h: number; m: number } | null {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const id = setInterval(() => setNow(Date.now()), 30_000);
    return () => clearInterval(id);
  }, []);
  const left = Date.parse(endsAt) - now;
  if (left <= 0) return null;
  const minutes = Math.ceil(left / 60_000);
  return { d: Math.floor(minutes / 1440), h: Math.floor((minutes % 1440) / 60), m: minutes % 60 };
}

function RaffleCard({ raffle }: { raffle: Raffle }) {
  const { t } = useTranslation('lucky');
  const { money, dateTime } = useLuckyFormat();
  const left = useCountdown(raffle.endsAt);
  const titleId = `raffle-${raffle.id}`;
  const open = raffle.status === 'OPEN';
  return (
    <article className="lk-card lk-raffle" aria-labelledby={titleId} data-testid="raffle-card">
      <header className="lk-raffle-head">
        <h3 id={titleId} className="lk-card-title">
          {raffle.title}
        </h3>
        <span className={`lk-chip ${open ? 'lk-chip-open' : ''}`}>{open ? t('raffle.open') : t('raffle.drawn')}</span>
      </header>
      <p className="lk-muted">{t('raffle.period', { from: dateTime(raffle.startsAt), to: dateTime(raffle.endsAt) })}</p>
      {open && (
        <p className="lk-countdown" role="timer" aria-live="off">
          {left ? t('raffle.endsIn', { time: t('countdown', left) }) : t('raffle.drawing')}
        </p>
      )}
      <EntryRule raffle={raffle} />
      <dl className="lk-facts lk-facts-row">
        <dt>{t('raffle.myEntries')}</dt>
        <dd data-testid="raffle-my-entries">{raffle.myEntries}</dd>
        <dt>{t('raffle.totalEntries')}</dt>
        <dd>{raffle.totalEntries}</dd>
      </dl>
      <h4 className="lk-subtitle">{t('raffle.prizes')}</h4>
      <ol className="lk-ranks">
        {raffle.prizes.map((p) => (
          <li key={p.rank}>
            <span className="lk-rank">{t('raffle.rank', { rank: p.rank })}</span>
            <span>
              {money(p.amount)} · {p.label}
            </span>
          </li>
        ))}
      </ol>
      {raffle.winners.length > 0 && (
        <>
          <h4 className="lk-subtitle">{t('raffle.winners')}</h4>
          <ol className="lk-ranks">
            {raffle.winners.map((w) => (
              <li key={w.rank} className={w.mine ? 'lk-mine' : ''}>
                <span className="lk-rank">{t('raffle.rank', { rank: w.rank })}</span>
                <span>
                  {w.name}
                  {w.mine && ` (${t('raffle.you')})`}
                </span>
                <span>{money(w.amount)}</span>
              </li>
            ))}
          </ol>
        </>
      )}
      <dl className="lk-facts">
        <dt>{t('raffle.seedHash')}</dt>
        <dd className="lk-mono">{raffle.serverSeedHash}</dd>
        {raffle.serverSeed && (
          <>
            <dt>{t('raffle.seed')}</dt>
            <dd className="lk-mono">{raffle.serverSeed}</dd>
          </>
        )}
      </dl>
      {raffle.serverSeed && <VerifyDraw raffle={raffle} seed={raffle.serverSeed} />}
    </article>
  );
}

function EntryRule({ raffle }: { raffle: Raffle }) {
  const { t } = useTranslation('lucky');
  const { money } = useLuckyFormat();
  const { depositPerEntry: deposit, validBetPerEntry: bet } = raffle;
  if (deposit && bet) return <p className="lk-muted">{t('raffle.entryRule', { deposit: money(deposit), bet: money(bet) })}</p>;
  if (deposit) return <p className="lk-muted">{t('raffle.entryDeposit', { deposit: money(deposit) })}</p>;
  if (bet) return <p className="lk-muted">{t('raffle.entryBet', { bet: money(bet) })}</p>;
  return null;
}

function VerifyDraw({ raffle, seed }: { raffle: Raffle; seed: string }) {
  const { t } = useTranslation('lucky');
  const [verdict, setVerdict] = useState<boolean | null>(null);
  const check = async () => {
    const { hashMatches, winners } = await verifyRaffle(raffle.id, seed, raffle.serverSeedHash, raffle.entrants, raffle.prizes.length);
    const same = winners.length === raffle.winners.length && winners.every((w, i) => w.ticket === raffle.winners[i]?.ticket);
    setVerdict(hashMatches && same);
  };
  return (
    <div className="lk-verify">
      <button type="button" className="btn btn-ghost btn-sm" onClick={() => void check()}>
        {t('raffle.verify')}
      </button>
      {verdict !== null && (
        <p role="status" className={verdict ? 'lk-ok' : 'lk-bad'}>
          {verdict ? t('raffle.verified') : t('raffle.mismatch')}
        </p>
      )}
    </div>
  );
}

import type { LuckyGameView, LuckyPlay } from '@playfront/contract/lucky';
import { LUCKY_CLIENT_SEED_PATTERN, type LuckyGame } from '@playfront/contract/lucky-paths';
import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSession } from '../../../lib/session-store.ts';
import { useLuckyPlays } from '../api/get-lucky-plays.ts';
import { useSetLuckySeed } from '../api/set-lucky-seed.ts';
import { type Verdict, verifyPlay } from '../lib/verify.ts';
import { ErrorAlert, useLuckyFormat } from './parts.tsx';

/**
 * The provably fair panel of a game: the committed hash of the current server seed, the client seed and next nonce,
 * a form to set a new client seed (which reveals the current server seed), and the latest plays, each verifiable in
 * the browser once its seed is revealed.
 */
export function FairnessPanel({ game, view }: { game: LuckyGame; view: LuckyGameView }) {
  const { t } = useTranslation('lucky');
  const seedId = useId();
  const ruleId = useId();
  const [clientSeed, setClientSeed] = useState('');
  const rotate = useSetLuckySeed(game);
  const valid = LUCKY_CLIENT_SEED_PATTERN.test(clientSeed);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!valid) return;
    rotate.mutate(clientSeed, { onSuccess: () => setClientSeed('') });
  };

  return (
    <section className="lk-card lk-fair" aria-labelledby={`${seedId}-title`}>
      <h3 id={`${seedId}-title`} className="lk-card-title">
        {t('fair.title')}
      </h3>
      <p className="lk-muted">{t('fair.explain')}</p>
      <dl className="lk-facts">
        <dt>{t('fair.hash')}</dt>
        <dd className="lk-mono" data-testid="lucky-seed-hash">
          {view.seed.serverSeedHash}
        </dd>
        <dt>{t('fair.clientSeed')}</dt>
        <dd className="lk-mono">{view.seed.clientSeed}</dd>
        <dt>{t('fair.nextNonce')}</dt>
        <dd>{view.seed.nextNonce}</dd>
      </dl>
      <form className="lk-seed-form" onSubmit={submit} noValidate>
        <label htmlFor={seedId}>{t('fair.newSeed')}</label>
        <div className="lk-seed-row">
          <input
            id={seedId}
            className="lk-input"
            value={clientSeed}
            maxLength={64}
            autoComplete="off"
            spellCheck={false}
            aria-describedby={ruleId}
            aria-invalid={clientSeed !== '' && !valid}
            onChange={(e) => setClientSeed(e.target.value)}
          />
          <button type="submit" className="btn btn-ghost" disabled={!valid || rotate.isPending}>
            {rotate.isPending ? t('fair.changing') : t('fair.change')}
          </button>
        </div>
        <p id={ruleId} className="lk-muted lk-small">
          {t('fair.seedRule')}
        </p>
      </form>
      <ErrorAlert error={rotate.error} />
      {rotate.data?.revealed && (
        <p className="lk-alert" role="status">
          {t('fair.revealed', { seed: rotate.data.revealed.serverSeed })}
        </p>
      )}
      <PlayList game={game} />
    </section>
  );
}

function PlayList({ game }: { game: LuckyGame }) {
  const { t } = useTranslation('lucky');
  const { lang } = useLuckyFormat();
  const token = useSession((s) => s.token);
  const plays = useLuckyPlays(game, lang, token);
  const list = plays.data?.list ?? [];
  return (
    <div className="lk-plays">
      <h4 className="lk-subtitle">{t('fair.plays')}</h4>
      {plays.isSuccess && list.length === 0 && <p className="lk-muted">{t('fair.noPlays')}</p>}
      <ul className="lk-play-list">
        {list.map((p) => (
          <PlayRow key={p.id} play={p} />
        ))}
      </ul>
    </div>
  );
}

function PlayRow({ play }: { play: LuckyPlay }) {
  const { t } = useTranslation('lucky');
  const { dateTime } = useLuckyFormat();
  const [verdict, setVerdict] = useState<Verdict | null>(null);
  const [checking, setChecking] = useState(false);
  const check = async () => {
    if (!play.serverSeed) return;
    setChecking(true);
    try {
      setVerdict(await verifyPlay({ ...play, serverSeed: play.serverSeed }));
    } finally {
      setChecking(false);
    }
  };
  return (
    <li className="lk-play">
      <div className="lk-play-head">
        <span>
          {t('fair.nonce', { nonce: play.nonce })}
          {play.egg !== null && ` · ${t('fair.eggPicked', { n: play.egg })}`}
        </span>
        <strong>{play.label}</strong>
        <time dateTime={play.createdAt} className="lk-muted lk-small">
          {dateTime(play.createdAt)}
        </time>
      </div>
      <details>
        <summary>{t('fair.serverSeed')}</summary>
        <p className="lk-mono lk-small">{play.serverSeed ?? t('fair.notRevealed')}</p>
        <p className="lk-mono lk-small">
          {t('fair.clientSeed')}: {play.clientSeed}
        </p>
        {play.serverSeed && (
          <button type="button" className="btn btn-ghost btn-sm" onClick={check} disabled={checking}>
            {checking ? t('fair.checking') : t('fair.verify', { nonce: play.nonce })}
          </button>
        )}
        {verdict && (
          <p role="status" className={verdict.matches ? 'lk-ok' : 'lk-bad'}>
            {!verdict.hashMatches
              ? t('fair.hashMismatch')
              : verdict.matches
                ? t('fair.verified', { position: verdict.position })
                : t('fair.mismatch', { position: verdict.position })}
          </p>
        )}
      </details>
    </li>
  );
}

import { useDeferredValue } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../lib/date-format.ts';
import { useGameMatches } from '../api/get-game-matches.ts';
import { useLang } from '../hooks/use-lang.ts';
import { useLaunchGame } from '../hooks/use-launch-game.ts';
import { GameImage } from './game-image.tsx';
import { LazyCarousel } from './lazy-swiper.tsx';

/** The hot-match carousel: home and away team, league, time and a join button; loops when there are more than 2. */
export function HotMatches() {
  const { t } = useTranslation('lobby');
  const lang = useLang();
  const answer = useGameMatches(lang);
  // Rendered as deferred (interruptible) work: the cards never hold up the first screen.
  const data = useDeferredValue(answer.data);
  const launch = useLaunchGame();
  const matches = (data ?? []).flatMap((ad) => ad.matchList.map((m) => ({ ad, m })));
  // The box keeps its loaded height while the matches load, so the lobby below does not jump.
  if (answer.isPending || (answer.data && !data))
    return <section className="hot-matches hot-matches-pending skeleton" aria-hidden="true" />;
  if (matches.length === 0) return null;
  const slides = matches.map(({ ad, m }) => {
    // A sportsbook nothing here plays (issue 22): the button says so; pressed, the vendor's own page explains.
    const notConnected = ad.playState === 'notConnected';
    return {
      key: `${ad.gameMatchAdsId}-${m.matchId}`,
      node: (
        <article className="match-card">
          <p className="match-league">{m.league}</p>
          <div className="match-teams">
            <span className="match-team">
              <GameImage path={m.homeTeamImageUrl} alt="" className="team-logo" />
              {m.homeTeam}
            </span>
            <span className="match-vs">{t('matches.vs')}</span>
            <span className="match-team">
              <GameImage path={m.awayTeamImageUrl} alt="" className="team-logo" />
              {m.awayTeam}
            </span>
          </div>
          <p className="match-time">
            <time dateTime={m.matchTime}>{formatDateTime(m.matchTime, lang)}</time>
          </p>
          <button
            type="button"
            className={`btn btn-sm ${notConnected ? 'btn-ghost match-join-off' : 'btn-primary'}`}
            aria-label={
              notConnected
                ? `${t('tile.notConnected')}: ${t('matches.joinNotConnected', { vendor: ad.vassalage })}`
                : t('matches.joinMatch', { home: m.homeTeam, away: m.awayTeam })
            }
            title={notConnected ? t('matches.joinNotConnected', { vendor: ad.vassalage }) : undefined}
            onClick={() =>
              // The sportsbook's own lobby entry (not one of its games, never a slot in its place).
              launch({
                vassalage: ad.vassalage,
                gameType: 'SPORTS',
                displayName: `${m.homeTeam} ${t('matches.vs')} ${m.awayTeam}`,
                nodeId: ad.nodeId,
                isGame: false,
              })
            }
          >
            {notConnected ? t('tile.notConnected') : t('matches.join')}
          </button>
        </article>
      ),
    };
  });
  // Two cards at most side by side: the carousel has two thirds of the lobby's width (about 590 px on a desktop), and
  // three cards there clipped league and team names ("Chattogr…").
  return (
    <section className="hot-matches" aria-labelledby="matches-title">
      <h2 id="matches-title" className="lobby-heading">
        {t('matches.title')}
      </h2>
      <LazyCarousel
        start="intent"
        fallback={
          <div className="match-fallback">
            {slides.slice(0, 2).map((s) => (
              <div key={s.key} data-slide-key={s.key}>
                {s.node}
              </div>
            ))}
          </div>
        }
        label={t('matches.title')}
        slides={slides}
        loop={matches.length > 2}
        slidesPerView={1}
        breakpoints={{ tablet: 2, desktop: 2 }}
        pagination={false}
        navigation
        prevLabel={t('carousel.previous')}
        nextLabel={t('carousel.next')}
      />
    </section>
  );
}

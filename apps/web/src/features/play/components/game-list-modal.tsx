import type { Game } from '@playfront/contract/games';
import { cdnUrl, pickHost } from '@playfront/contract/games-paths';
import type { Room } from '@playfront/contract/play';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { formatMoney } from '../../../lib/format.ts';
import { fromI18n } from '../../../lib/i18n.ts';
import { usePermission } from '../../../lib/permission.ts';
import type { ModalBodyProps } from '../../../ui/modals/modal-types.ts';
import { useRoomList } from '../api/get-room-list.ts';
import { useVendorGames } from '../api/get-vendor-games.ts';
import { seamlessPath } from '../lib/launch-rules.ts';
import './play.css';

const PAGE_SIZE = 24;

/** One game of the list: its tile image on one of the brand's image hosts (the placeholder when it fails). */
function GameButton({ game, onPick }: { game: Game; onPick: (game: Game) => void }) {
  const { t } = useTranslation('play');
  const { data: permission } = usePermission();
  const [failed, setFailed] = useState(false);
  const host = pickHost(permission?.imageCDNs ?? []);
  return (
    <li>
      <button
        type="button"
        className="vendor-game"
        onClick={() => onPick(game)}
        aria-label={t('vendorGames.play', { game: game.displayName })}
      >
        <span className="vendor-game-image">
          {host && !failed ? (
            <img src={cdnUrl(host, game.iconUrl)} alt="" loading="lazy" decoding="async" onError={() => setFailed(true)} />
          ) : null}
        </span>
        <span className="vendor-game-name">{game.displayName}</span>
      </button>
    </li>
  );
}

/**
 * The rooms of a PVP vendor (spec section 7, GLS2_roomList): each with its stakes
 * and seats; joining one starts its game. A failed call shows nothing of its own
 * (the vendor's games below still play), so it says so once, quietly.
 */
function RoomList({ vendor, language, onJoin }: { vendor: string; language: ReturnType<typeof fromI18n>; onJoin: (room: Room) => void }) {
  const { t } = useTranslation('play');
  const symbol = usePermission().data?.brand.currencySymbol ?? '';
  const rooms = useRoomList(language, vendor, true);
  const money = (minor: string) => formatMoney(minor, { symbol });
  return (
    <section className="room-list" aria-labelledby={`rooms-${vendor}`} aria-busy={rooms.isPending || undefined}>
      <h3 id={`rooms-${vendor}`} className="room-list-title">
        {t('rooms.title')}
      </h3>
      {rooms.isPending ? (
        <p className="room-note">
          <span className="play-spinner play-spinner-sm" aria-hidden="true" />
          {t('rooms.loading')}
        </p>
      ) : rooms.isError ? (
        <p className="room-note">
          {t('rooms.error')}{' '}
          <button type="button" className="btn btn-sm" onClick={() => void rooms.refetch()}>
            {t('common.retry')}
          </button>
        </p>
      ) : rooms.data.length === 0 ? (
        <p className="room-note">{t('rooms.empty')}</p>
      ) : (
        <ul className="room-rows">
          {rooms.data.map((room) => (
            <li key={room.roomId} className="room-row">
              <span className="room-name">{room.name}</span>
              <span className="room-meta">
                <span>{t('rooms.stakes', { min: money(room.minBet), max: money(room.maxBet) })}</span>
                <span>{t('rooms.seats', { count: room.seats })}</span>
              </span>
              <button
                type="button"
                className="btn btn-primary btn-sm"
                onClick={() => onJoin(room)}
                aria-label={t('rooms.joinRoom', { room: room.name })}
              >
                {t('rooms.join')}
              </button>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

/**
 * gameListModal, the game popup of spec section 2: a vendor-type vendor's games
 * (e.g. the card rooms of Kingmaker); picking one closes the popup and starts it
 * on the seamless page. A PVP vendor lists its rooms first.
 */
export default function GameListModal({ titleId, options, close }: ModalBodyProps<'gameListModal'>) {
  const { t, i18n } = useTranslation('play');
  const navigate = useNavigate();
  const language = fromI18n(i18n.resolvedLanguage ?? i18n.language);
  const [pages, setPages] = useState(1);
  const filter = { vassalage: options.vassalage, gameType: options.gameType, pageSize: PAGE_SIZE * pages };
  const list = useVendorGames(language, filter, 1);
  const games = list.data?.games ?? [];

  const pick = (game: Game) => {
    close();
    void navigate(seamlessPath({ ...game, nodeId: game.nodeId }));
  };
  const join = (room: Room) => {
    close();
    void navigate(
      seamlessPath({
        vassalage: options.vassalage,
        gameType: options.gameType,
        displayName: room.name,
        nodeId: room.nodeId,
        gameCode: room.gameCode,
      }),
    );
  };
  const pvp = options.gameType === 'PVP';

  return (
    <div className="vendor-games">
      <h2 id={titleId} className="dialog-title">
        {t('vendorGames.title', { vendor: options.vendorName })}
      </h2>
      {pvp && <RoomList vendor={options.vassalage} language={language} onJoin={join} />}
      {pvp && <h3 className="room-list-title">{t('rooms.allGames')}</h3>}
      {list.isError && games.length === 0 ? (
        <div className="play-state" role="alert">
          <p>{t('vendorGames.error')}</p>
          <button type="button" className="btn btn-primary" onClick={() => void list.refetch()}>
            {t('common.retry')}
          </button>
        </div>
      ) : list.isPending ? (
        <p className="play-state" aria-busy="true">
          <span className="play-spinner" aria-hidden="true" />
          {t('vendorGames.loading')}
        </p>
      ) : games.length === 0 ? (
        <p className="play-state">{t('vendorGames.empty')}</p>
      ) : (
        <>
          <ul
            className={`vendor-game-list${pvp ? ' vendor-game-list-short' : ''}`}
            aria-label={t('vendorGames.list', { vendor: options.vendorName })}
            aria-busy={list.isFetching}
          >
            {games.map((g) => (
              <GameButton key={g.nodeId} game={g} onPick={pick} />
            ))}
          </ul>
          {list.data && list.data.total > games.length && (
            <div className="vendor-games-more">
              <button type="button" className="btn" disabled={list.isFetching} onClick={() => setPages((p) => p + 1)}>
                {t('vendorGames.more', { shown: games.length, total: list.data.total })}
              </button>
            </div>
          )}
        </>
      )}
    </div>
  );
}

import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { useSession } from '../../../lib/session-store.ts';
import { useRecentGames } from '../api/get-recent-games.ts';
import { GameGrid } from '../components/game-grid.tsx';
import { FavouriteSection } from '../components/menu-sections.tsx';
import { useLang } from '../hooks/use-lang.ts';
import '../lobby.css';

/** /favorite and /recent: the member's own lists (the route rules already require login). */
export default function AccountGame() {
  const { t } = useTranslation('lobby');
  const { pathname } = useLocation();
  const recent = pathname.toLowerCase() === '/recent';
  const title = t(recent ? 'account.recent' : 'account.favourites');
  return (
    <main className="page lobby account-game">
      <h1 className="lobby-title">{title}</h1>
      {recent ? <RecentList title={title} /> : <FavouriteSection title={title} />}
    </main>
  );
}

function RecentList({ title }: { title: string }) {
  const lang = useLang();
  const { loggedIn, isTrial, token } = useSession();
  const list = useRecentGames(lang, token, loggedIn && !isTrial);
  return (
    <GameGrid
      games={list.data?.content}
      loading={list.isPending}
      error={list.isError}
      onRetry={() => void list.refetch()}
      skeletons={6}
      label={title}
    />
  );
}

import '../lobby/lobby.css';
import { HomeLobby } from '../lobby/components/home-lobby.tsx';

/** The home lobby (built in features/lobby). */
export function HomePage() {
  return <HomeLobby />;
}

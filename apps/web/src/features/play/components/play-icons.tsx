import { PLAY_ICON_PATHS } from './play-icon-paths.ts';

/** Icons of the game pages; their paths are in play-icon-paths.ts. */
export type PlayIconName = keyof typeof PLAY_ICON_PATHS;

export function PlayIcon({ name, size = 20 }: { name: PlayIconName; size?: number }) {
  return (
    <svg
      className="icon"
      width={size}
      height={size}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
    >
      <path d={PLAY_ICON_PATHS[name]} />
    </svg>
  );
}

import { ICON_PATHS } from './icon-paths.ts';

/**
 * The site's line icons: 24×24, stroked with currentColor, drawn here so no
 * icon font or image is fetched. Each is one path string (circles and rects
 * written as arcs), which keeps the entry bundle small. Decorative by default (aria-hidden); give a
 * `label` when the icon alone carries meaning. The paths are in icon-paths.ts (the server draws some of them too).
 */
export type IconName = keyof typeof ICON_PATHS;

export type IconProps = { name: IconName; size?: number; label?: string; className?: string };

export function Icon({ name, size = 20, label, className }: IconProps) {
  return (
    <svg
      className={className ? `icon ${className}` : 'icon'}
      width={size}
      height={size}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="1.8"
      strokeLinecap="round"
      strokeLinejoin="round"
      role={label ? 'img' : undefined}
      aria-label={label}
      aria-hidden={label ? undefined : true}
      focusable="false"
    >
      <path d={ICON_PATHS[name]} />
    </svg>
  );
}

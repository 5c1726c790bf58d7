import { AUTH_ICON_PATHS } from './auth-icon-paths.ts';

/**
 * Icons only the account screens use (the shared set in ui/icons stays small
 * for the first bundle). Same conventions: 24×24, stroked with currentColor,
 * decorative unless labelled. The paths are in auth-icon-paths.ts.
 */

export type AuthIconName = keyof typeof AUTH_ICON_PATHS;

export function AuthIcon({ name, size = 20, label }: { name: AuthIconName; size?: number; label?: string }) {
  return (
    <svg
      className="icon"
      width={size}
      height={size}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={1.8}
      strokeLinecap="round"
      strokeLinejoin="round"
      role={label ? 'img' : undefined}
      aria-label={label}
      aria-hidden={label ? undefined : true}
    >
      <path d={AUTH_ICON_PATHS[name]} />
    </svg>
  );
}

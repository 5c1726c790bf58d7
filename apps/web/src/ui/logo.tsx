export type LogoProps = { name: string; compact?: boolean };

/** The brand wordmark: a gold chip mark and the brand name, drawn inline (no image request). */
export function Logo({ name, compact = false }: LogoProps) {
  return (
    <span className="logo">
      <LogoMark />
      {!compact && <span className="logo-name">{name}</span>}
    </span>
  );
}

/** The gold chip mark alone. apps/web/index.html draws the same mark in its boot screen: change both together. */
export function LogoMark({ size = 32 }: { size?: number }) {
  return (
    <svg className="logo-mark" width={size} height={size} viewBox="0 0 32 32" aria-hidden="true" focusable="false">
      <defs>
        <linearGradient id="logo-gold" x1="0" y1="0" x2="1" y2="1">
          <stop offset="0" stopColor="#ffd978" />
          <stop offset="1" stopColor="#d4902a" />
        </linearGradient>
      </defs>
      <circle cx="16" cy="16" r="15" fill="url(#logo-gold)" />
      <circle cx="16" cy="16" r="11" fill="none" stroke="#1a1200" strokeOpacity=".35" strokeWidth="1.5" strokeDasharray="3 3" />
      <path d="M12 9.5h5.5a4.5 4.5 0 0 1 0 9H14.5V23H12z M14.5 12v4h3a2 2 0 0 0 0-4z" fill="#1a1200" fillRule="evenodd" />
    </svg>
  );
}

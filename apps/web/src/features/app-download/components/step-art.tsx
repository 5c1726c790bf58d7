/**
 * Install-guide pictures: a phone drawn in SVG with the step's action on its screen. Drawn here (no images from
 * other hosts), coloured by the theme's custom properties so light and dark both read well.
 */
export type StepArtKind = 'scan' | 'install' | 'trust' | 'open' | 'download' | 'allow' | 'share' | 'addHome' | 'menu';

/** The QR corner finder pattern, at x,y. */
const finder = (x: number, y: number) => (
  <g key={`${x}-${y}`}>
    <rect x={x} y={y} width="14" height="14" rx="2" className="sa-ink" />
    <rect x={x + 3} y={y + 3} width="8" height="8" rx="1" className="sa-screen" />
    <rect x={x + 5} y={y + 5} width="4" height="4" className="sa-ink" />
  </g>
);

function Screen({ kind }: { kind: StepArtKind }) {
  switch (kind) {
    case 'scan':
      return (
        <>
          {finder(42, 42)}
          {finder(64, 42)}
          {finder(42, 64)}
          <path d="M64 64h5v5h-5zM72 66h6v4h-6zM66 72h4v6h-4zM73 73h5v5h-5z" className="sa-ink" />
          <path d="M36 44v-8h8M84 44v-8h-8M36 76v8h8M84 76v8h-8" className="sa-accent-line" />
          <path d="M38 60h44" className="sa-accent-line sa-thin" />
          <rect x="44" y="104" width="32" height="10" rx="5" className="sa-accent" />
        </>
      );
    case 'install':
      return (
        <>
          <rect x="38" y="48" width="44" height="52" rx="6" className="sa-card" />
          <rect x="52" y="56" width="16" height="16" rx="4" className="sa-accent" />
          <path d="M46 80h28M50 86h20" className="sa-muted-line" />
          <rect x="46" y="90" width="28" height="6" rx="3" className="sa-accent" />
        </>
      );
    case 'trust':
      return (
        <>
          <path d="M60 38a10 10 0 1 0 0.01 0M60 44a4 4 0 1 0 0.01 0" className="sa-muted-line" />
          <path d="M40 66h26M40 80h22M40 94h26" className="sa-muted-line" />
          <rect x="70" y="61" width="12" height="10" rx="5" className="sa-accent" />
          <circle cx="78" cy="66" r="3.5" className="sa-screen" />
          <rect x="70" y="75" width="12" height="10" rx="5" className="sa-card" />
          <path d="M66 100l4 4 8-8" className="sa-ok-line" />
        </>
      );
    case 'open':
      return (
        <>
          {[0, 1, 2].map((r) =>
            [0, 1, 2].map((c) =>
              r === 1 && c === 1 ? null : (
                <rect key={`${r}${c}`} x={38 + c * 16} y={40 + r * 18} width="12" height="12" rx="3" className="sa-card" />
              ),
            ),
          )}
          <rect x="52" y="56" width="16" height="16" rx="4" className="sa-accent" />
          <path d="M57 60.5h3.5a2.5 2.5 0 0 1 0 5H59V68h-2z" className="sa-on-accent" />
          <path d="M66 70l10 10M76 74v6h-6" className="sa-ok-line" />
        </>
      );
    case 'download':
      return (
        <>
          <path d="M60 42v28M50 60l10 10 10-10" className="sa-accent-line sa-bold" />
          <path d="M46 80h28" className="sa-muted-line" />
          <rect x="42" y="92" width="36" height="5" rx="2.5" className="sa-card" />
          <rect x="42" y="92" width="24" height="5" rx="2.5" className="sa-accent" />
        </>
      );
    case 'allow':
      return (
        <>
          <path d="M60 38l14 5v10c0 9-6 15-14 18-8-3-14-9-14-18V43z" className="sa-card" />
          <path d="M54 54l4 4 8-8" className="sa-ok-line" />
          <path d="M40 86h22" className="sa-muted-line" />
          <rect x="68" y="81" width="14" height="10" rx="5" className="sa-accent" />
          <circle cx="77" cy="86" r="3.5" className="sa-screen" />
        </>
      );
    case 'share':
      return (
        <>
          <path d="M40 44h40M40 54h30M40 64h36" className="sa-muted-line" />
          <rect x="34" y="110" width="52" height="12" rx="3" className="sa-card" />
          <rect x="55" y="111" width="10" height="10" rx="2" className="sa-accent" />
          <path d="M60 119v-6M57.5 115.5 60 113l2.5 2.5" className="sa-ink-line" />
          <path d="M60 106v-12" className="sa-accent-line sa-dash" />
        </>
      );
    case 'addHome':
      return (
        <>
          <rect x="36" y="52" width="48" height="14" rx="3" className="sa-card" />
          <rect x="36" y="70" width="48" height="14" rx="3" className="sa-accent" />
          <rect x="40" y="73" width="8" height="8" rx="2" className="sa-screen" />
          <path d="M44 75v4M42 77h4" className="sa-ink-line" />
          <path d="M52 77h26" className="sa-ink-line" />
          <rect x="36" y="88" width="48" height="14" rx="3" className="sa-card" />
        </>
      );
    case 'menu':
      return (
        <>
          <rect x="34" y="34" width="52" height="10" rx="3" className="sa-card" />
          <circle cx="80" cy="39" r="4.5" className="sa-accent" />
          <path d="M80 36.6v.01M80 39v.01M80 41.4v.01" className="sa-ink-line" />
          <rect x="48" y="50" width="38" height="40" rx="4" className="sa-card" />
          <path d="M53 58h26M53 68h20" className="sa-muted-line" />
          <rect x="50" y="74" width="34" height="10" rx="2" className="sa-accent" />
          <path d="M54 79h20" className="sa-ink-line" />
        </>
      );
  }
}

export function StepArt({ kind }: { kind: StepArtKind }) {
  return (
    <svg className="step-art" viewBox="0 0 120 150" width="120" height="150" aria-hidden="true" focusable="false">
      <rect x="26" y="8" width="68" height="134" rx="12" className="sa-body" />
      <rect x="30" y="20" width="60" height="110" rx="4" className="sa-screen" />
      <rect x="52" y="12" width="16" height="3" rx="1.5" className="sa-notch" />
      <Screen kind={kind} />
    </svg>
  );
}

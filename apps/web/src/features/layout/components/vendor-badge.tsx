import type { FOOTER_VENDORS } from '@playfront/contract/constants';

type Vendor = (typeof FOOTER_VENDORS)[number];

/** One hue per provider, so the row reads as distinct marks without any external artwork. */
const HUES: Record<Vendor, string> = {
  PG: '#f5b942',
  EG2: '#5cc8ff',
  PT: '#ff7a6b',
  JDB: '#b38cff',
  CQ9: '#ff9f43',
  FC: '#3ddc97',
  JL: '#ff6fb5',
  BGS: '#7aa7ff',
};

/** A provider wordmark badge, drawn as inline SVG. */
export function VendorBadge({ code }: { code: Vendor }) {
  const hue = HUES[code];
  return (
    <svg className="vendor-badge" width="84" height="36" viewBox="0 0 84 36" role="img" aria-label={code}>
      <rect x="0.75" y="0.75" width="82.5" height="34.5" rx="9" fill="var(--surface-2)" stroke="var(--border)" strokeWidth="1.5" />
      <path d="M10 26 L18 10 L26 26 Z" fill={hue} opacity=".9" />
      <circle cx="18" cy="22" r="3" fill="var(--surface-2)" />
      <text
        x="52"
        y="23.5"
        textAnchor="middle"
        fontSize="14"
        fontWeight="700"
        letterSpacing=".5"
        fill="var(--text)"
        fontFamily="system-ui, sans-serif"
      >
        {code}
      </text>
    </svg>
  );
}

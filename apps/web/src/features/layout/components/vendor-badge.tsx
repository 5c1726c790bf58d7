import type { FOOTER_VENDORS } from '@playfront/contract/constants';

type Vendor = (typeof FOOTER_VENDORS)[number];

/**
 * Each footer provider's own name and mark (issue 22: the row was text codes beside one generic icon): a hue and a
 * mark shape per provider, drawn here so no external artwork is fetched. Names are the providers' trade names.
 */
const BRANDS: Record<Vendor, { name: string; hue: string; mark: string }> = {
  // Marks in a 24×24 box at the badge's left.
  PG: { name: 'PG Soft', hue: '#f5b942', mark: 'M12 2l9 5v10l-9 5-9-5V7z' },
  EG2: { name: 'EG2 Gaming', hue: '#5cc8ff', mark: 'M12 2l10 10-10 10L2 12z' },
  PT: { name: 'Playtech', hue: '#ff7a6b', mark: 'M4 3h16v18H4z' },
  JDB: { name: 'JDB', hue: '#b38cff', mark: 'M12 2l2.9 6.6 7.1.6-5.4 4.7 1.6 7-6.2-3.7-6.2 3.7 1.6-7L2 9.2l7.1-.6z' },
  CQ9: { name: 'CQ9', hue: '#ff9f43', mark: 'M12 2a10 10 0 1 0 0.01 0z' },
  FC: { name: 'Fa Chai', hue: '#3ddc97', mark: 'M12 2l10 18H2z' },
  JL: { name: 'JILI', hue: '#ff6fb5', mark: 'M12 21s-9-5.5-9-11.5A5 5 0 0 1 12 6a5 5 0 0 1 9 3.5C21 15.5 12 21 12 21z' },
  BGS: { name: 'BGS', hue: '#7aa7ff', mark: 'M7 3h10l5 9-5 9H7l-5-9z' },
};

/** Room for the name right of the mark, in badge units. */
const NAME_ROOM = 78;

/** The font size that fits a name in the room (bold glyphs are about 0.68 em wide), at most 14. */
export const nameFontSize = (name: string) => Math.min(14, Math.floor((NAME_ROOM / (0.68 * name.length)) * 10) / 10);

/** A provider badge: its mark (with its initial) and its name, sized to fit; drawn as inline SVG. */
export function VendorBadge({ code }: { code: Vendor }) {
  const { name, hue, mark } = BRANDS[code];
  return (
    <svg className="vendor-badge" width="120" height="36" viewBox="0 0 120 36" role="img" aria-label={name}>
      <rect x="0.75" y="0.75" width="118.5" height="34.5" rx="9" fill="var(--surface-2)" stroke="var(--border)" strokeWidth="1.5" />
      <g transform="translate(8 6)">
        <path d={mark} fill={hue} />
        <text x="12" y="16" textAnchor="middle" fontSize="10" fontWeight="800" fill="#10131c" fontFamily="system-ui, sans-serif">
          {code.charAt(0)}
        </text>
      </g>
      <text
        x={38 + NAME_ROOM / 2}
        y="22.5"
        textAnchor="middle"
        fontSize={nameFontSize(name)}
        fontWeight="700"
        fill="var(--text)"
        fontFamily="system-ui, sans-serif"
      >
        {name}
      </text>
    </svg>
  );
}

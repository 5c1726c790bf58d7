/** A red envelope (hongbao) with a gold coin seal, drawn inline so nothing is fetched (and no glyph is needed). */
export function EnvelopeArt({ size = 56 }: { size?: number }) {
  return (
    <svg className="env-art" width={size} height={Math.round(size * 1.3)} viewBox="0 0 40 52" aria-hidden="true" focusable="false">
      <rect x="1" y="1" width="38" height="50" rx="5" fill="#d62828" stroke="#8f1111" strokeWidth="1.5" />
      <path d="M1 6 Q20 24 39 6 V1 H1 Z" fill="#b51d1d" />
      <circle cx="20" cy="18" r="7" fill="#f5b942" stroke="#c8871c" strokeWidth="1.2" />
      <rect x="17.5" y="15.5" width="5" height="5" rx="0.8" fill="#8f1111" />
    </svg>
  );
}

/** A labelled share of a whole (budget used, wagering done): the bar is decoration, the text says the figures. */
export type ProgressBarProps = { value: bigint; max: bigint; label: string; text: string };

export function ProgressBar({ value, max, label, text }: ProgressBarProps) {
  // Whole percent without a float on the money: value × 100 ÷ max in bigint.
  const percent = max > 0n ? Number(((value > max ? max : value) * 100n) / max) : 0;
  return (
    <div style={{ minWidth: 120 }}>
      <div
        role="progressbar"
        aria-label={label}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
        aria-valuetext={text}
        style={{ height: 6, borderRadius: 3, background: 'var(--surface-2)', border: '1px solid var(--border)', overflow: 'hidden' }}
      >
        <div style={{ width: `${percent}%`, height: '100%', background: percent >= 100 ? 'var(--ok)' : 'var(--accent)' }} />
      </div>
      <div className="muted" style={{ fontSize: '0.8rem', fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' }}>
        {text}
      </div>
    </div>
  );
}

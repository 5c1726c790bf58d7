import type { SocialProvider } from '@playfront/contract/social';

export type SocialButtonsViewProps = {
  providers: readonly SocialProvider[];
  /** The provider whose button was pressed (the browser is leaving for it), or null. */
  busy: string | null;
  onChoose: (provider: SocialProvider) => void;
  orLabel: string;
  /** "Continue with X", or "Opening X…" while the browser leaves. */
  labelOf: (provider: SocialProvider, opening: boolean) => string;
};

/** "Continue with <provider>" (spec section 2: optional social login and registration). Nothing when none is offered. */
export function SocialButtonsView({ providers, busy, onChoose, orLabel, labelOf }: SocialButtonsViewProps) {
  if (providers.length === 0) return null;
  return (
    <div className="auth-alt auth-social">
      <span className="auth-or">{orLabel}</span>
      {providers.map((p) => (
        <button
          key={p.slug}
          type="button"
          className="btn btn-ghost auth-social-button"
          disabled={busy !== null}
          aria-busy={busy === p.slug || undefined}
          onClick={() => onChoose(p)}
        >
          {labelOf(p, busy === p.slug)}
        </button>
      ))}
    </div>
  );
}

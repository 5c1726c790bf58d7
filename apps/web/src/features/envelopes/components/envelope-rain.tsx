import '../envelopes.css';
import type { OpenedEnvelope, RunningRain } from '@playfront/contract/envelopes';
import { createFocusTrap } from 'focus-trap';
import { useCallback, useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../lib/api-client.ts';
import { formatMoney } from '../../../lib/format.ts';
import { useSession } from '../../../lib/session-store.ts';
import { openModal, useModalStore } from '../../../ui/modals/modal-store.ts';
import { useRain } from '../api/get-rain.ts';
import { useOpenEnvelope } from '../api/open-envelope.ts';
import { clockOffset, clockText, rainFace } from '../lib/countdown.ts';
import { useRainOverlay } from '../lib/overlay-store.ts';
import { EnvelopeArt } from './envelope-art.tsx';

/** Falling envelopes drawn (decoration that can also be tapped); the panel's envelope is the accessible control. */
const DROPS = 14;
/** A shown result closes by itself after this long. */
const RESULT_MS = 6_000;

type Outcome = { kind: 'won'; envelope: OpenedEnvelope } | { kind: 'refused'; code: string; messageKey: string };

/**
 * The red envelope rain overlay (issue 12), on every page of the member site. It pops up when a rain starts (the
 * live event refreshes the rain query; guests and sockets between reconnects poll, see get-rain.ts) or on a page
 * load during a rain, for a member who may still open one, and for guests (who are asked to log in). It closes with
 * Escape or its close button, after a result, or when the rain ends; closed, it stays closed for that rain unless the
 * schedule card asks for it again. Reduced motion: no falling envelopes, the panel only.
 */
export type EnvelopeRainProps = {
  /** False on the game pages: a rain never interrupts a game (the schedule card can still bring it up). */
  popUp?: boolean;
};

export default function EnvelopeRain({ popUp = true }: EnvelopeRainProps) {
  const token = useSession((s) => s.token);
  const loggedIn = useSession((s) => s.loggedIn);
  const rain = useRain(token);
  const { dismissed, pinned, dismiss, pin } = useRainOverlay();
  const modalOpen = useModalStore((s) => s.stack.length > 0);
  const [held, setHeld] = useState<RunningRain | null>(null);
  const latest = rain.data?.current ?? null;
  // Pinned to a rain, the overlay keeps showing it (and its result) even when the answer now names another one
  // (overlapping rains: the server offers the one still to open).
  const keep = held !== null && pinned === held.occurrenceId && !dismissed.has(held.occurrenceId);
  const current = keep && latest?.occurrenceId !== held.occurrenceId ? held : latest;
  const id = current?.occurrenceId ?? '';
  const face = rainFace(current, loggedIn);
  const popsUp = popUp && (face === 'open' || face === 'login');
  const visible = current !== null && !dismissed.has(id) && (popsUp || pinned === id);
  // Once up, it stays up through the refetch that follows an open (which no longer invites), until closed.
  useEffect(() => {
    if (!visible || !current) return;
    if (pinned !== current.occurrenceId) pin(current.occurrenceId);
    setHeld(current);
  }, [visible, pinned, current, pin]);
  const close = useCallback(() => dismiss(id), [dismiss, id]);
  // A popup (a notice, the login) goes first: the rain waits behind no other dialog, so only one traps the focus.
  if (!visible || modalOpen || !current || !rain.data) return null;
  return (
    <RainOverlay
      key={id}
      rain={current}
      serverNow={rain.data.now}
      receivedAt={rain.dataUpdatedAt}
      symbol={rain.data.currencySymbol}
      loggedIn={loggedIn}
      onClose={close}
    />
  );
}

type RainOverlayProps = {
  rain: RunningRain;
  serverNow: string;
  receivedAt: number;
  symbol: string;
  loggedIn: boolean;
  onClose: () => void;
};

function RainOverlay({ rain, serverNow, receivedAt, symbol, loggedIn, onClose }: RainOverlayProps) {
  const { t } = useTranslation('envelopes');
  const titleId = useId();
  const panel = useRef<HTMLDivElement>(null);
  const open = useOpenEnvelope();
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const left = useTimeLeft(rain.endsAt, clockOffset(serverNow, receivedAt));
  const money = (minor: string) => formatMoney(minor, { symbol });

  // Focus stays inside while it is up, and goes back where it was after.
  useEffect(() => {
    const el = panel.current;
    if (!el) return;
    const before = document.activeElement as HTMLElement | null;
    const trap = createFocusTrap(el, {
      escapeDeactivates: false,
      allowOutsideClick: true,
      returnFocusOnDeactivate: false,
      fallbackFocus: el,
      initialFocus: () => el.querySelector<HTMLElement>('[data-autofocus]') ?? el,
      tabbableOptions: { displayCheck: 'none' },
    });
    trap.activate();
    return () => {
      trap.deactivate();
      if (before?.isConnected) before.focus({ preventScroll: true });
    };
  }, []);

  useEffect(() => {
    const onKey = (e: KeyboardEvent) => e.key === 'Escape' && onClose();
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [onClose]);

  // A result shows for a few seconds, then the overlay closes; so does a rain whose time is up with nothing shown.
  // The envelope button is gone with the result: focus moves to the result's own button. A guest's "log in" waits.
  useEffect(() => {
    if (!outcome) return;
    panel.current?.querySelector<HTMLElement>('[data-autofocus]')?.focus();
    if (outcome.kind === 'refused' && outcome.code === 'NOT_LOGGED_IN') return;
    const timer = setTimeout(onClose, RESULT_MS);
    return () => clearTimeout(timer);
  }, [outcome, onClose]);
  useEffect(() => {
    if (left <= 0 && !outcome && !open.isPending) onClose();
  }, [left, outcome, open.isPending, onClose]);

  const tap = () => {
    if (open.isPending || outcome) return;
    if (!loggedIn) return setOutcome({ kind: 'refused', code: 'NOT_LOGGED_IN', messageKey: 'errors:notLoggedIn' });
    open.mutate(rain.occurrenceId, {
      onSuccess: (envelope) => setOutcome({ kind: 'won', envelope }),
      onError: (err) =>
        setOutcome(
          err instanceof ApiError
            ? { kind: 'refused', code: err.code, messageKey: err.messageKey }
            : { kind: 'refused', code: 'UNKNOWN', messageKey: 'errors:unknown' },
        ),
    });
  };

  // Guests see the envelopes too; a tap asks them to log in.
  const face = outcome ? null : rainFace(rain, true);
  return (
    <div className="env-overlay" data-testid="envelope-rain">
      {face === 'open' && <Sky onTap={tap} />}
      <div className="env-panel" ref={panel} role="dialog" aria-modal="true" aria-labelledby={titleId}>
        <button type="button" className="env-close" aria-label={t('overlay.close')} onClick={onClose}>
          ×
        </button>
        <h2 id={titleId} className="env-title">
          {t('title')}
        </h2>
        <p className="env-meta">
          <span>{t('overlay.endsIn', { time: clockText(left) })}</span>
          <span aria-hidden="true"> · </span>
          <span>{t('overlay.remaining', { count: rain.remaining })}</span>
        </p>
        {face === 'open' && (
          <>
            <p className="env-lead">
              <span className="env-lead-motion">{t('overlay.lead')}</span>
              <span className="env-lead-still">{t('overlay.leadStill')}</span>
            </p>
            <button
              type="button"
              className="env-big"
              aria-label={t('overlay.envelope')}
              onClick={tap}
              disabled={open.isPending}
              aria-busy={open.isPending}
              data-autofocus
            >
              <EnvelopeArt size={88} />
            </button>
            {open.isPending && (
              <p className="env-status" role="status">
                {t('overlay.opening')}
              </p>
            )}
          </>
        )}
        {face === 'opened' && rain.opened !== null && <Notice text={t('overlay.alreadyOpenedAmount', { amount: money(rain.opened) })} />}
        {face === 'empty' && <Notice text={t('overlay.empty')} />}
        {face === 'notEligible' && <Notice text={t('overlay.notEligible', { level: rain.minVipLevel })} />}
        {outcome?.kind === 'won' && (
          <div className="env-result" role="status">
            <EnvelopeArt size={56} />
            <p className="env-amount" data-testid="envelope-amount">
              {t('overlay.won', { amount: money(outcome.envelope.amount) })}
            </p>
            <p>{outcome.envelope.payAs === 'BONUS' ? t('overlay.wonBonus') : t('overlay.wonCash')}</p>
          </div>
        )}
        {outcome?.kind === 'refused' &&
          (outcome.code === 'NOT_LOGGED_IN' ? <LoginAsk onClose={onClose} /> : <Refusal outcome={outcome} level={rain.minVipLevel} />)}
        {(outcome ? outcome.kind === 'won' || outcome.code !== 'NOT_LOGGED_IN' : face !== 'open') && (
          <button type="button" className="env-done" onClick={onClose} data-autofocus>
            {t('overlay.closeButton')}
          </button>
        )}
      </div>
    </div>
  );
}

/** The falling envelopes: pointer targets only (the panel's envelope is the one for keyboards and screen readers). */
function Sky({ onTap }: { onTap: () => void }) {
  return (
    <div className="env-sky" aria-hidden="true">
      {Array.from({ length: DROPS }, (_, i) => (
        <button
          // biome-ignore lint/suspicious/noArrayIndexKey: a fixed set of decorations.
          key={i}
          type="button"
          tabIndex={-1}
          className="env-drop"
          onClick={onTap}
          style={{
            left: `${(i * 37) % 92}%`,
            animationDelay: `${-((i * 1.3) % 8)}s`,
            animationDuration: `${7 + (i % 4) * 1.5}s`,
          }}
        >
          <EnvelopeArt size={i % 3 === 0 ? 56 : 44} />
        </button>
      ))}
    </div>
  );
}

function Notice({ text }: { text: string }) {
  return (
    <p className="env-notice" role="status">
      {text}
    </p>
  );
}

function LoginAsk({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation('envelopes');
  return (
    <div className="env-login">
      <Notice text={t('overlay.login')} />
      <button
        type="button"
        className="env-done env-primary"
        data-autofocus
        onClick={() => {
          onClose();
          openModal('loginPopupModal');
        }}
      >
        {t('overlay.loginButton')}
      </button>
    </div>
  );
}

function Refusal({ outcome, level }: { outcome: { code: string; messageKey: string }; level: number }) {
  const { t } = useTranslation(['envelopes', 'errors']);
  const text: Record<string, string> = {
    ENVELOPE_ALREADY_OPENED: t('envelopes:overlay.alreadyOpened'),
    ENVELOPE_RAIN_EMPTY: t('envelopes:overlay.empty'),
    ENVELOPE_RAIN_NOT_RUNNING: t('envelopes:overlay.over'),
    ENVELOPE_NOT_ELIGIBLE: t('envelopes:overlay.notEligible', { level }),
  };
  // Anything else (a bonus already active, the network): the error catalogue's own words.
  return <Notice text={text[outcome.code] ?? t(outcome.messageKey as 'errors:unknown', { defaultValue: t('envelopes:overlay.failed') })} />;
}

/** Milliseconds until `endsAt` by the server's clock, ticking each second. */
export function useTimeLeft(endsAt: string, offset: number): number {
  const end = Date.parse(endsAt);
  const [left, setLeft] = useState(() => end - (Date.now() + offset));
  useEffect(() => {
    const update = () => setLeft(end - (Date.now() + offset));
    update();
    const timer = setInterval(update, 1_000);
    return () => clearInterval(timer);
  }, [end, offset]);
  return left;
}

/**
 * The home banners' rotation, without Swiper (decision 073): where the track stands and when it moves.
 *
 * The track holds the banners in a row with a copy of the last one before them and a copy of the first one after
 * them, so a step from the last banner to the first moves forward onto the first's copy (and back from the first onto
 * the last's), and the track is then put on the real banner without a transition: a loop that never rewinds through
 * every banner. Position p shows track cell p: 0 is the last's copy, 1..count the banners, count + 1 the first's copy.
 */
export type Rotation = {
  /** The track cell in view (or being moved to). */
  pos: number;
  /** The move to `pos` is a transition (else the track is put there at once). */
  animate: boolean;
  /** A transition is running; steps asked for meanwhile wait in `queued` (the last one asked wins). */
  moving: boolean;
  queued: Step | null;
};

/** `next`/`prev`: one banner on, looping; a number: that banner (0-based), straight there. */
export type Step = 'next' | 'prev' | number;

export type RotationAction =
  | { type: 'step'; step: Step; count: number; motion: boolean }
  /** A swipe too short to step: the track goes back to where it was, moving when there is motion. */
  | { type: 'snap'; count: number; motion: boolean }
  /** The transition ended (or was cancelled, or its time is up): a copy is swapped for its banner. */
  | { type: 'settle'; count: number };

export const initialRotation: Rotation = { pos: 1, animate: false, moving: false, queued: null };

/** The banner (0-based) at a track position. */
export function bannerAt(pos: number, count: number): number {
  return (((pos - 1) % count) + count) % count;
}

/** The track position where a banner's own cell is. */
const cellOf = (index: number) => index + 1;

export function rotate(state: Rotation, action: RotationAction): Rotation {
  const { count } = action;
  if (count < 2) return state;
  if (action.type === 'settle') {
    if (!state.moving && state.pos === cellOf(bannerAt(state.pos, count))) return state;
    return { ...state, pos: cellOf(bannerAt(state.pos, count)), animate: false, moving: false };
  }
  if (action.type === 'snap') return state.moving || !action.motion ? state : { ...state, animate: true, moving: true };
  if (state.moving) return { ...state, queued: action.step };
  const current = bannerAt(state.pos, count);
  const target =
    action.step === 'next' ? current + 1 : action.step === 'prev' ? current - 1 : Math.min(Math.max(action.step, 0), count - 1);
  // Without motion the track is put on the banner's own cell; with it, a step past either end lands on the copy.
  const pos = action.motion ? cellOf(target) : cellOf(bannerAt(cellOf(target), count));
  if (pos === state.pos) return { ...state, queued: null };
  return { pos, animate: action.motion, moving: action.motion, queued: null };
}

/** The track's transform for a position, and a finger's drag (a CSS length) on top of it. */
export function trackTransform(pos: number): string {
  return `translate3d(calc(${-pos * 100}% + var(--banner-drag, 0px)), 0, 0)`;
}

/** What ends a swipe: how far the finger went (px, + to the right) and the banner's width. */
export function swipeStep(dx: number, width: number): 'next' | 'prev' | null {
  // A fifth of the banner, at most 60 px: a deliberate flick on a phone, not the wobble of a tap.
  const threshold = Math.min(60, width / 5);
  if (dx <= -threshold) return 'next';
  if (dx >= threshold) return 'prev';
  return null;
}

export type AutoplayOptions = {
  delayMs: number;
  /** The carousel's element: a pointer resting on it or a keyboard focus in it pauses the rotation. */
  target: EventTarget;
  /** The page is hidden (document.hidden). */
  hidden: () => boolean;
  /** The focus that came into the carousel is a keyboard user's (`:focus-visible`), not a click's. */
  keyboardFocus: (event: Event) => boolean;
  step: () => void;
};

/**
 * Steps `delayMs` after each banner change (`restart`, called at each change), skipping a turn while a pointer rests
 * on the carousel, while it holds the keyboard focus, and while the page is hidden. One timer, no frame loop.
 */
export function startAutoplay({ delayMs, target, hidden, keyboardFocus, step }: AutoplayOptions) {
  let timer: ReturnType<typeof setTimeout> | undefined;
  let hovered = false;
  let focused = false;
  const arm = () => {
    clearTimeout(timer);
    timer = setTimeout(() => {
      if (hovered || focused || hidden()) arm();
      else step();
    }, delayMs);
  };
  const listeners: [string, (event: Event) => void][] = [
    ['pointerenter', () => (hovered = true)],
    ['pointerleave', () => (hovered = false)],
    ['focusin', (event) => (focused = keyboardFocus(event))],
    ['focusout', () => (focused = false)],
  ];
  for (const [type, listener] of listeners) target.addEventListener(type, listener);
  arm();
  return {
    restart: arm,
    stop() {
      clearTimeout(timer);
      for (const [type, listener] of listeners) target.removeEventListener(type, listener);
    },
  };
}

import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { bannerAt, initialRotation, type Rotation, type RotationAction, rotate, startAutoplay, swipeStep } from './banner-rotation.ts';

const COUNT = 4;
const step = (s: Rotation, to: 'next' | 'prev' | number, motion = true) => rotate(s, { type: 'step', step: to, count: COUNT, motion });
const settle = (s: Rotation) => rotate(s, { type: 'settle', count: COUNT });
/** Where the banners are after each of a run of steps, each slide let finish. */
function walk(moves: ('next' | 'prev' | number)[], motion = true) {
  let s = initialRotation;
  const seen: { banner: number; pos: number }[] = [];
  for (const move of moves) {
    s = step(s, move, motion);
    seen.push({ banner: bannerAt(s.pos, COUNT), pos: s.pos });
    s = settle(s);
  }
  return { seen, end: s };
}

describe('the home banners’ rotation (decision 073)', () => {
  it('starts on the first banner, in place, without a transition', () => {
    expect(initialRotation).toEqual({ pos: 1, animate: false, moving: false, queued: null });
    expect(bannerAt(initialRotation.pos, COUNT)).toBe(0);
  });

  it('steps forward through every banner and from the last onto the first’s copy, then is put on the first without moving', () => {
    const { seen, end } = walk(['next', 'next', 'next', 'next', 'next']);
    expect(seen.map((x) => x.banner)).toEqual([1, 2, 3, 0, 1]);
    // The fourth step goes one cell forward (3 -> 4, the first banner's copy), not back across the track to cell 1.
    expect(seen[3]?.pos).toBe(COUNT + 1);
    expect(end).toEqual({ pos: 2, animate: false, moving: false, queued: null });
  });

  it('the copy is swapped for its banner only when the slide has ended, and without a transition', () => {
    let s = walk(['next', 'next', 'next']).end;
    expect(bannerAt(s.pos, COUNT)).toBe(COUNT - 1);
    s = step(s, 'next');
    expect(s).toEqual({ pos: COUNT + 1, animate: true, moving: true, queued: null });
    s = settle(s);
    expect(s).toEqual({ pos: 1, animate: false, moving: false, queued: null });
    s = step(s, 'prev');
    expect(s).toMatchObject({ pos: 0, animate: true, moving: true });
    expect(bannerAt(s.pos, COUNT)).toBe(COUNT - 1);
    expect(settle(s)).toEqual({ pos: COUNT, animate: false, moving: false, queued: null });
  });

  it('steps back from the first banner onto the last’s copy', () => {
    const { seen } = walk(['prev', 'prev']);
    expect(seen).toEqual([
      { banner: 3, pos: 0 },
      { banner: 2, pos: 3 },
    ]);
  });

  it('a dot goes straight to its banner, and the current banner’s dot does nothing', () => {
    const { seen } = walk([2, 0, 3]);
    expect(seen.map((x) => x.banner)).toEqual([2, 0, 3]);
    expect(seen.map((x) => x.pos)).toEqual([3, 1, 4]);
    const s = step(initialRotation, 0);
    expect(s).toEqual(initialRotation);
  });

  it('a step asked for during a slide waits for its end (the last asked wins), and only one slide runs at a time', () => {
    let s = step(initialRotation, 'next');
    expect(s).toMatchObject({ pos: 2, moving: true, queued: null });
    s = step(s, 'next');
    s = step(s, 3);
    expect(s).toMatchObject({ pos: 2, moving: true, queued: 3 });
    s = settle(s);
    expect(s).toEqual({ pos: 2, animate: false, moving: false, queued: 3 });
    s = step(s, s.queued as number);
    expect(s).toEqual({ pos: 4, animate: true, moving: true, queued: null });
  });

  it('with reduced motion a step puts the banner in place at once, never on a copy', () => {
    const { seen, end } = walk(['next', 'next', 'next', 'next', 'prev'], false);
    expect(seen).toEqual([
      { banner: 1, pos: 2 },
      { banner: 2, pos: 3 },
      { banner: 3, pos: 4 },
      { banner: 0, pos: 1 },
      { banner: 3, pos: 4 },
    ]);
    const s = step(initialRotation, 'next', false);
    expect(s).toEqual({ pos: 2, animate: false, moving: false, queued: null });
    expect(end.moving).toBe(false);
  });

  it('a short swipe slides back into place (with motion) or stays put (without)', () => {
    const snap = (s: Rotation, motion: boolean): Rotation => rotate(s, { type: 'snap', count: COUNT, motion } as RotationAction);
    expect(snap(initialRotation, true)).toEqual({ pos: 1, animate: true, moving: true, queued: null });
    expect(settle(snap(initialRotation, true))).toEqual(initialRotation);
    expect(snap(initialRotation, false)).toBe(initialRotation);
  });

  it('one banner never moves', () => {
    const one = rotate(initialRotation, { type: 'step', step: 'next', count: 1, motion: true });
    expect(one).toBe(initialRotation);
  });

  it('a swipe of a fifth of the banner (at most 60 px) steps: left for the next, right for the previous', () => {
    expect(swipeStep(-60, 1000)).toBe('next');
    expect(swipeStep(-59, 1000)).toBeNull();
    expect(swipeStep(50, 250)).toBe('prev');
    expect(swipeStep(49, 250)).toBeNull();
    expect(swipeStep(0, 350)).toBeNull();
  });
});

describe('the banners’ autoplay', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  function player(hidden = false) {
    const target = new EventTarget();
    const steps: number[] = [];
    const page = { hidden };
    const focusFrom = { keyboard: true };
    const autoplay = startAutoplay({
      delayMs: 5000,
      target,
      hidden: () => page.hidden,
      keyboardFocus: () => focusFrom.keyboard,
      step: () => steps.push(Date.now()),
    });
    return { target, steps, page, focusFrom, autoplay };
  }

  it('steps 5 s after it starts and 5 s after each change', () => {
    const { steps, autoplay } = player();
    vi.advanceTimersByTime(4999);
    expect(steps).toHaveLength(0);
    vi.advanceTimersByTime(1);
    expect(steps).toHaveLength(1);
    // The carousel calls restart when the banner changes (a step, a dot, a swipe): the next step is 5 s after that.
    vi.advanceTimersByTime(2000);
    autoplay.restart();
    vi.advanceTimersByTime(4999);
    expect(steps).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(steps).toHaveLength(2);
    autoplay.stop();
  });

  it('waits while a pointer rests on the banners, and goes on 5 s after it has left', () => {
    const { target, steps, autoplay } = player();
    target.dispatchEvent(new Event('pointerenter'));
    vi.advanceTimersByTime(12_000);
    expect(steps).toHaveLength(0);
    target.dispatchEvent(new Event('pointerleave'));
    vi.advanceTimersByTime(3000);
    expect(steps).toHaveLength(1);
    autoplay.stop();
  });

  it('waits while the keyboard focus is in the banners, but not for a click’s focus', () => {
    const { target, steps, focusFrom, autoplay } = player();
    target.dispatchEvent(new Event('focusin'));
    vi.advanceTimersByTime(10_000);
    expect(steps).toHaveLength(0);
    target.dispatchEvent(new Event('focusout'));
    focusFrom.keyboard = false;
    target.dispatchEvent(new Event('focusin'));
    vi.advanceTimersByTime(5000);
    expect(steps).toHaveLength(1);
    autoplay.stop();
  });

  it('waits while the page is hidden', () => {
    const { steps, page, autoplay } = player(true);
    vi.advanceTimersByTime(20_000);
    expect(steps).toHaveLength(0);
    page.hidden = false;
    vi.advanceTimersByTime(5000);
    expect(steps).toHaveLength(1);
    autoplay.stop();
  });

  it('stops for good when the carousel goes', () => {
    const { target, steps, autoplay } = player();
    autoplay.stop();
    target.dispatchEvent(new Event('pointerleave'));
    vi.advanceTimersByTime(60_000);
    expect(steps).toHaveLength(0);
  });
});

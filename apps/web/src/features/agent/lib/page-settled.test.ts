import { describe, expect, it } from 'vitest';
import { pageSettled } from './page-settled.ts';

/** A window with only what pageSettled reads: the load state, the load event and an idle callback run by hand. */
function fakeWindow(readyState: DocumentReadyState, idle = true) {
  const loadListeners: (() => void)[] = [];
  const idleCallbacks: (() => void)[] = [];
  const win = {
    document: { readyState },
    addEventListener: (type: string, fn: () => void) => type === 'load' && loadListeners.push(fn),
    requestIdleCallback: idle ? (fn: () => void) => idleCallbacks.push(fn) : undefined,
    setTimeout: (fn: () => void) => idleCallbacks.push(fn),
  };
  return {
    win: win as unknown as Window,
    load: () => {
      win.document.readyState = 'complete';
      for (const fn of loadListeners.splice(0)) fn();
    },
    idle: () => {
      for (const fn of idleCallbacks.splice(0)) fn();
    },
  };
}

const settledYet = async (p: Promise<void>) => {
  let done = false;
  void p.then(() => {
    done = true;
  });
  await new Promise((r) => setTimeout(r, 0));
  return done;
};

describe('pageSettled', () => {
  it('waits for the page load and then an idle moment', async () => {
    const page = fakeWindow('interactive');
    const settled = pageSettled(page.win);
    page.idle();
    expect(await settledYet(settled)).toBe(false);
    page.load();
    expect(await settledYet(settled)).toBe(false);
    page.idle();
    expect(await settledYet(settled)).toBe(true);
  });

  it('waits only for an idle moment once the page has loaded, with a timer where idle callbacks are missing', async () => {
    const page = fakeWindow('complete', false);
    const settled = pageSettled(page.win);
    expect(await settledYet(settled)).toBe(false);
    page.idle();
    expect(await settledYet(settled)).toBe(true);
  });
});

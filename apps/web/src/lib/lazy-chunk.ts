import { type ComponentType, type LazyExoticComponent, lazy } from 'react';

// biome-ignore lint/suspicious/noExplicitAny: React.lazy's own constraint on what it renders.
type AnyComponent = ComponentType<any>;

/** A chunk's loader that remembers the module once it has loaded (see lazyChunk). */
export type ChunkLoader<M> = (() => Promise<M>) & { loaded?: M };

/** Wraps a dynamic import so that whoever preloads it (the boot, a menu) leaves the module where lazyChunk finds it. */
export function chunk<M>(load: () => Promise<M>): ChunkLoader<M> {
  const loader: ChunkLoader<M> = () =>
    load().then((module) => {
      loader.loaded = module;
      return module;
    });
  return loader;
}

/**
 * React.lazy over a ChunkLoader. React.lazy suspends the first time each lazy component renders, even when its chunk
 * arrived long before, and every suspension is one more render pass: a member page opened at boot suspended three
 * times in a row (the member centre, its page, the footer), and its own calls went out only after the last. Given a
 * module that has loaded, React reads it at once from an already-settled thenable and renders without suspending.
 */
export function lazyChunk<M extends { default: AnyComponent }>(loader: ChunkLoader<M>): LazyExoticComponent<M['default']>;
export function lazyChunk<M, C extends AnyComponent>(loader: ChunkLoader<M>, pick: (module: M) => C): LazyExoticComponent<C>;
export function lazyChunk<M>(loader: ChunkLoader<M>, pick = (module: M) => (module as { default: AnyComponent }).default) {
  return lazy(() => {
    const loaded = loader.loaded;
    if (loaded === undefined) return loader().then((module) => ({ default: pick(module) }));
    // A thenable that calls back at once: React.lazy marks the component resolved before it would suspend.
    const settled = { default: pick(loaded) };
    // biome-ignore lint/suspicious/noThenProperty: the point is a thenable that is not a Promise (see above).
    return { then: (resolve: (value: typeof settled) => void) => resolve(settled) } as unknown as Promise<typeof settled>;
  });
}

/**
 * Starts a chunk's load once the page has loaded (at once if it already has): for code a first screen does not show
 * but a first tap may need (the launch rules, the popups' host, a phone's side menu), so it never competes with the
 * first screen and is there by the time someone taps.
 */
export function loadAfterPageLoad(load: () => Promise<unknown>): void {
  if (typeof window === 'undefined') return;
  const start = () => void load().catch(() => undefined);
  if (document.readyState === 'complete') start();
  else window.addEventListener('load', start, { once: true });
}

import { createElement, lazy, Suspense } from 'react';
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { chunk, lazyChunk, loadAfterPageLoad } from './lazy-chunk.ts';

// renderToString does not wait for a suspended component: it writes the fallback, so the answer shows whether a
// render suspended.
const inSuspense = (component: Parameters<typeof createElement>[0]) =>
  renderToString(createElement(Suspense, { fallback: 'loading…' }, createElement(component)));

const module = { default: () => 'the page', Footer: () => 'the footer' };

describe('lazyChunk', () => {
  it('renders a chunk that has loaded without suspending, where React.lazy suspends once more', async () => {
    const load = chunk(async () => module);
    const plain = lazy(load);
    const remembered = lazyChunk(load);
    const footer = lazyChunk(load, (m) => m.Footer);
    await load();
    expect(inSuspense(plain)).toContain('loading…');
    expect(inSuspense(remembered)).toContain('the page');
    expect(inSuspense(footer)).toContain('the footer');
  });

  it('suspends like React.lazy while the chunk has not loaded, then renders it', async () => {
    const load = chunk(async () => module);
    const page = lazyChunk(load);
    expect(inSuspense(page)).toContain('loading…');
    // The suspended render's own load settles; React.lazy keeps its answer.
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(load.loaded).toBe(module);
    expect(inSuspense(page)).toContain('the page');
  });

  it('keeps a failed load failing, and remembers nothing', async () => {
    const load = chunk<typeof module>(async () => {
      throw new Error('chunk failed');
    });
    await expect(load()).rejects.toThrow('chunk failed');
    expect(load.loaded).toBeUndefined();
  });
});

describe('loadAfterPageLoad', () => {
  afterEach(() => vi.unstubAllGlobals());
  const page = (readyState: DocumentReadyState) => {
    const win = new EventTarget();
    vi.stubGlobal('window', win);
    vi.stubGlobal('document', { readyState });
    return win;
  };

  it('waits for the page to load before it starts the chunk', () => {
    const win = page('interactive');
    const load = vi.fn(async () => module);
    loadAfterPageLoad(load);
    expect(load).not.toHaveBeenCalled();
    win.dispatchEvent(new Event('load'));
    expect(load).toHaveBeenCalledTimes(1);
    win.dispatchEvent(new Event('load'));
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('starts at once on a page that has loaded, and swallows a failed load', async () => {
    page('complete');
    const load = vi.fn(async () => {
      throw new Error('offline');
    });
    loadAfterPageLoad(load);
    expect(load).toHaveBeenCalledTimes(1);
    await new Promise((resolve) => setTimeout(resolve, 0));
  });
});

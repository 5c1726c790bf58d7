import { type RefObject, useEffect, useState } from 'react';

type Watcher = { observer: IntersectionObserver; callbacks: Map<Element, () => void> };

// One observer per option set instead of one per element: a home page has a few hundred
// lazy images, and hundreds of observers cost main-thread time on a phone.
const watchers = new Map<string, Watcher>();

function watcherFor(rootMargin: string, threshold: number): Watcher {
  const key = `${rootMargin}|${threshold}`;
  let w = watchers.get(key);
  if (!w) {
    const callbacks = new Map<Element, () => void>();
    const observer = new IntersectionObserver(
      (entries) => {
        for (const e of entries) {
          if (!e.isIntersecting) continue;
          const cb = callbacks.get(e.target);
          callbacks.delete(e.target);
          observer.unobserve(e.target);
          cb?.();
        }
      },
      { rootMargin, threshold },
    );
    w = { observer, callbacks };
    watchers.set(key, w);
  }
  return w;
}

/**
 * True once the element has come within `rootMargin` of the viewport (and stays true).
 * Without IntersectionObserver (old browsers, tests) it is true at once.
 */
export function useNearViewport(ref: RefObject<Element | null>, { rootMargin = '0px', threshold = 0 } = {}): boolean {
  const [near, setNear] = useState(false);
  useEffect(() => {
    const el = ref.current;
    if (!el || near) return;
    if (typeof IntersectionObserver === 'undefined') {
      setNear(true);
      return;
    }
    const w = watcherFor(rootMargin, threshold);
    w.callbacks.set(el, () => setNear(true));
    w.observer.observe(el);
    return () => {
      w.callbacks.delete(el);
      w.observer.unobserve(el);
    };
  }, [ref, near, rootMargin, threshold]);
  return near;
}

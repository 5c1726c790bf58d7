import { type ReactNode, Suspense, useRef } from 'react';
import { useNearViewport } from './use-near-viewport.ts';

/**
 * Renders its children only once the spot is near the viewport; until then an empty box of
 * the placeholder class's height holds the place so nothing below jumps. Below-the-fold sections (and their
 * queries and images) then cost nothing on first paint. A lazily loaded section keeps the placeholder until its chunk is in.
 */
export function WhenNear({ children, placeholderClass }: { children: ReactNode; placeholderClass: string }) {
  const ref = useRef<HTMLDivElement>(null);
  const near = useNearViewport(ref, { rootMargin: '400px 0px' });
  const placeholder = <div ref={near ? undefined : ref} className={placeholderClass} aria-hidden="true" />;
  if (near) return <Suspense fallback={placeholder}>{children}</Suspense>;
  return placeholder;
}

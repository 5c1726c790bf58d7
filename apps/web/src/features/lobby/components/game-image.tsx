import { useRef, useState } from 'react';
import { useNearViewport } from '../../../ui/near/use-near-viewport.ts';
import { useImageUrl } from '../hooks/use-image-host.ts';

export type GameImageProps = {
  path: string;
  alt: string;
  className?: string;
  /** The first screen's main image (the first banner): loaded at once with high priority, not when seen. */
  priority?: boolean;
  /** Load now, without the priority: a picture about to be moved into view (the next home banner), which a clipping
   * frame hides from the viewport watch until it is already in view. */
  eager?: boolean;
};

/**
 * A lazily loaded image (spec section 9: IntersectionObserver threshold 0.1,
 * one retry). The retry goes to another image host; a second failure shows
 * the placeholder.
 */
export function GameImage({ path, alt, className, priority = false, eager = false }: GameImageProps) {
  const ref = useRef<HTMLDivElement>(null);
  const visible = useNearViewport(ref, { threshold: 0.1 }) || priority || eager;
  const [attempt, setAttempt] = useState(0);
  const images = useImageUrl();
  // The second host, after the first failed; before that, the picture's one host for this visit.
  const [retry, setRetry] = useState<{ src: string; host: string | undefined } | null>(null);
  const current = retry ?? (images.ready ? images.url(path) : null);

  const onError = () => {
    if (!current) return;
    images.fail(current.host);
    if (attempt === 0) setRetry(images.url(path, current.host));
    setAttempt((a) => a + 1);
  };

  return (
    <div ref={ref} className={`game-image ${className ?? ''}`}>
      {visible && current && attempt < 2 ? (
        <img
          key={current.src}
          src={current.src}
          alt={alt}
          onError={onError}
          decoding={priority ? 'sync' : 'async'}
          {...(priority ? { fetchPriority: 'high' as const } : {})}
        />
      ) : (
        <div className="game-image-placeholder" title={visible && current && alt ? alt : undefined} />
      )}
    </div>
  );
}

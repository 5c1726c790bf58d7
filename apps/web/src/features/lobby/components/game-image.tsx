import { useRef, useState } from 'react';
import { useNearViewport } from '../../../ui/near/use-near-viewport.ts';
import { useImageUrl } from '../hooks/use-image-host.ts';

export type GameImageProps = { path: string; alt: string; className?: string };

/**
 * A lazily loaded image (spec section 9: IntersectionObserver threshold 0.1,
 * one retry). The retry goes to another image host; a second failure shows
 * the placeholder.
 */
export function GameImage({ path, alt, className }: GameImageProps) {
  const ref = useRef<HTMLDivElement>(null);
  const visible = useNearViewport(ref, { threshold: 0.1 });
  const [attempt, setAttempt] = useState(0);
  const images = useImageUrl();
  const [current, setCurrent] = useState(() => images.url(path));

  const onError = () => {
    images.fail(current.host);
    if (attempt === 0) setCurrent(images.url(path, current.host));
    setAttempt((a) => a + 1);
  };

  return (
    <div ref={ref} className={`game-image ${className ?? ''}`}>
      {visible && attempt < 2 ? (
        <img key={current.src} src={current.src} alt={alt} onError={onError} decoding="async" />
      ) : (
        <div className="game-image-placeholder" title={visible && alt ? alt : undefined} />
      )}
    </div>
  );
}

import { PROMOTION_PATHS } from '@playfront/contract/promotions-paths';
import { useEffect, useState } from 'react';
import { apiBlob } from '../../../lib/api-blob.ts';

/** GET one image of the member's own comment (session only, so fetched with the token, then shown from memory). */
export const getCommentImage = (code: string, commentId: string, imageId: string, signal?: AbortSignal) =>
  apiBlob(
    PROMOTION_PATHS.commentImage
      .replace(':code', encodeURIComponent(code))
      .replace(':commentId', encodeURIComponent(commentId))
      .replace(':imageId', encodeURIComponent(imageId)),
    signal,
  );

/**
 * The image as an object URL for an <img>, made when the thumbnail mounts and released when it goes (not a cached
 * query: a cache would keep object URLs nobody frees). `failed` when it could not be loaded.
 */
export function useCommentImage(code: string, commentId: string, imageId: string): { url: string | null; failed: boolean } {
  const [state, setState] = useState<{ url: string | null; failed: boolean }>({ url: null, failed: false });
  useEffect(() => {
    const controller = new AbortController();
    let url: string | null = null;
    getCommentImage(code, commentId, imageId, controller.signal).then(
      (blob) => {
        url = URL.createObjectURL(blob);
        setState({ url, failed: false });
      },
      () => {
        if (!controller.signal.aborted) setState({ url: null, failed: true });
      },
    );
    return () => {
      controller.abort();
      if (url) URL.revokeObjectURL(url);
    };
  }, [code, commentId, imageId]);
  return state;
}

import { useEffect, useState } from 'react';
import { apiBlob } from './api-blob.ts';

/**
 * An image only its owner may see (a comment's or a feedback's upload), fetched with the session token in the header
 * and shown from memory as an object URL: made when the thumbnail mounts and released when it goes (not a cached
 * query: a cache would keep object URLs nobody frees). `failed` when it could not be loaded.
 */
export function usePrivateImage(path: string): { url: string | null; failed: boolean } {
  const [state, setState] = useState<{ url: string | null; failed: boolean }>({ url: null, failed: false });
  useEffect(() => {
    const controller = new AbortController();
    let url: string | null = null;
    apiBlob(path, controller.signal).then(
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
  }, [path]);
  return state;
}

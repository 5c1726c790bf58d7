import { useCallback, useEffect, useRef, useState } from 'react';

export type ImagePreview = { file: File; url: string };

/**
 * Pictures picked for an upload, each with an object URL for its thumbnail. The URLs live as long as their preview:
 * revoked on removal, on clear (after sending) and when the component goes away. Used by every picker of pictures
 * (feedback, activity comments, the support chat) through ui/image-picker.tsx.
 */
export function useImagePreviews() {
  const [previews, setPreviews] = useState<ImagePreview[]>([]);
  const live = useRef<ImagePreview[]>([]);
  live.current = previews;
  useEffect(
    () => () => {
      for (const p of live.current) URL.revokeObjectURL(p.url);
    },
    [],
  );
  const add = useCallback((files: readonly File[]) => {
    if (files.length === 0) return;
    setPreviews((p) => [...p, ...files.map((file) => ({ file, url: URL.createObjectURL(file) }))]);
  }, []);
  const remove = useCallback((index: number) => {
    const gone = live.current[index];
    if (gone) URL.revokeObjectURL(gone.url);
    setPreviews((p) => p.filter((_, i) => i !== index));
  }, []);
  const clear = useCallback(() => {
    for (const p of live.current) URL.revokeObjectURL(p.url);
    setPreviews([]);
  }, []);
  return { previews, files: previews.map((p) => p.file), add, remove, clear };
}

import i18next from '../lib/i18n.ts';
import { type ChunkLoader, chunk } from '../lib/lazy-chunk.ts';

/**
 * A screen's (or a member page's) chunk, with the catalogue namespaces it reads beyond those loaded at boot fetched
 * beside it. Without them, the screen suspended at its first render and only then asked for its namespace: one more
 * round trip after the chunk before the page's text (its largest paint on a phone) and its own calls.
 * screen-chunk.test.ts checks each list against the namespaces the screen's file reads.
 */
export function screenChunk<M>(load: () => Promise<M>, ...namespaces: string[]): ChunkLoader<M> {
  return chunk(() => {
    if (namespaces.length === 0) return load();
    // i18next fetches each namespace once, whoever asks first (this or the screen's useTranslation). The chunk counts
    // as loaded once its namespaces are in too, so a screen rendered from it (lazyChunk) never suspends on them: a
    // page the server drew is replaced by the page itself, not by a spinner (a failed namespace is the screen's to
    // report, as before).
    const words = i18next.loadNamespaces(namespaces).catch(() => undefined);
    return Promise.all([load(), words]).then(([module]) => module);
  });
}

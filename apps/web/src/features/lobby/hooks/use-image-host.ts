import { cdnUrl, pickHost } from '@playfront/contract/games-paths';
import { useLobbyBrand } from './use-lobby-brand.ts';

// Hosts that failed during this visit; later images skip them (spec section 9: random host, fallback on failure).
const failedHosts = new Set<string>();

/** Builds an image URL on a random host of the brand's image CDNs; `attempt` > 0 moves past failed hosts. */
export function useImageUrl() {
  const { imageCDNs } = useLobbyBrand();
  return {
    url(path: string, avoid?: string): { src: string; host: string | undefined } {
      const host = pickHost(imageCDNs, avoid ? [...failedHosts, avoid] : failedHosts) ?? pickHost(imageCDNs);
      return { src: host ? cdnUrl(host, path) : path, host };
    },
    fail(host: string | undefined) {
      // Never mark every host bad: with all failed, the next image still tries one.
      if (host && failedHosts.size < imageCDNs.length - 1) failedHosts.add(host);
    },
  };
}

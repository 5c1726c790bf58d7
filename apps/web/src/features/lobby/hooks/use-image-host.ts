import { cdnUrl, pickHost } from '@playfront/contract/games-paths';
import { useLobbyBrand } from './use-lobby-brand.ts';

// Hosts that failed during this visit; later images skip them (spec section 9: random host, fallback on failure).
const failedHosts = new Set<string>();
// The host each image got on its first pick: the same picture shown twice (a carousel's fallback slide, then the
// carousel, or the boot-time preload of the first banner, then the banner) keeps one URL and is fetched once.
const pickedHosts = new Map<string, string>();

export type ImageUrl = { src: string; host: string | undefined };

/** The host the server already gave an image (the home boot screen's banner): the app keeps it, so one fetch. */
export function rememberImageHost(path: string, host: string) {
  pickedHosts.set(path, host);
}

/** The URL of an image on a random host of the brand's image CDNs; `avoid` (a host that just failed) moves past it. */
export function imageUrl(imageCDNs: readonly string[], path: string, avoid?: string): ImageUrl {
  const earlier = avoid ? undefined : pickedHosts.get(path);
  const host =
    earlier && !failedHosts.has(earlier)
      ? earlier
      : (pickHost(imageCDNs, avoid ? [...failedHosts, avoid] : failedHosts) ?? pickHost(imageCDNs));
  if (host) pickedHosts.set(path, host);
  return { src: host ? cdnUrl(host, path) : path, host };
}

/** Image URLs on the brand's image hosts, once the brand configuration has loaded. */
export function useImageUrl() {
  const { imageCDNs, loaded } = useLobbyBrand();
  return {
    /** Whether the image hosts are known: an image URL picked before then would point at no host. */
    ready: loaded,
    url: (path: string, avoid?: string) => imageUrl(imageCDNs, path, avoid),
    fail(host: string | undefined) {
      // Never mark every host bad: with all failed, the next image still tries one.
      if (host && failedHosts.size < imageCDNs.length - 1) failedHosts.add(host);
    },
  };
}

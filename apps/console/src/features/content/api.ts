import type { Banner, BannerGroup, BannerInput } from '@playfront/contract/console';
import { CONSOLE_PATHS, consolePath } from '@playfront/contract/console-paths';
import { api } from '../../lib/api.ts';

export const listBanners = (group?: BannerGroup) => api<{ list: Banner[] }>(CONSOLE_PATHS.banners, { query: { group } });
export const createBanner = (input: BannerInput) => api<Banner>(CONSOLE_PATHS.banners, { method: 'POST', body: input });
export const updateBanner = (bannerId: string, input: BannerInput) =>
  api<Banner>(consolePath('banner', { bannerId }), { method: 'PUT', body: input });
export const deleteBanner = (bannerId: string) => api<unknown>(consolePath('banner', { bannerId }), { method: 'DELETE' });

/** The member site's image hosts (public): a banner path is shown on one of them, as members see it. */
export async function imageHost(): Promise<string> {
  const res = await fetch('/wps/system/permission', { headers: { device: 'WEB' } });
  const json = (await res.json().catch(() => null)) as { value?: { imageCDNs?: string[] } } | null;
  return json?.value?.imageCDNs?.[0] ?? '';
}

/** Where a banner image is loaded from: an absolute URL as is, a path on the brand's image host. */
export const bannerSrc = (host: string, url: string) => (/^https?:\/\//.test(url) ? url : `${host}${url}`);

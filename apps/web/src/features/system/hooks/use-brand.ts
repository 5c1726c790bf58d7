import type { FeatureFlag, WhitelabelFlag } from '@playfront/contract/constants';
import { type CustomerServiceLink, usePermission } from '../../../lib/permission.ts';

const NO_LINKS: CustomerServiceLink[] = [];

/** The brand's customer-service links, opened; empty while loading or when the permission call failed (then nothing is shown). */
export function useCustomerService() {
  const { data } = usePermission();
  const links = data?.customerService ?? NO_LINKS;
  return {
    links,
    /** The live chat, else the first channel: what a "customer service" button opens. */
    primary: links.find((l) => l.csType === 'LIVECHAT') ?? links[0],
    byType: (csType: CustomerServiceLink['csType']) => links.find((l) => l.csType === csType),
  };
}

/** Whether a whitelabel or feature flag is on; false until the brand configuration has loaded. */
export function useBrandFlag(flag: FeatureFlag | WhitelabelFlag): boolean {
  const { data } = usePermission();
  if (!data) return false;
  const { flags, features } = data.whitelabel;
  return Boolean((flags as Partial<Record<string, boolean>>)[flag] ?? (features as Partial<Record<string, boolean>>)[flag]);
}

import type {
  BrandFlagsInput,
  BrandHostsInput,
  BrandMaintenanceInput,
  BrandSettings,
  DepositChannelCreate,
  DepositChannelInput,
  RegistrationRule,
} from '@playfront/contract/console-content';
import { CONSOLE_PATHS, consolePath } from '@playfront/contract/console-paths';
import type { SocialProviderAdmin, SocialProviderCreate, SocialProviderSettings } from '@playfront/contract/social';
import { api } from '../../lib/api.ts';

/** The brand page's calls (lane D): every write answers the whole settings view. */
export const getBrandSettings = () => api<BrandSettings>(CONSOLE_PATHS.brandSettings);
export const saveFlags = (input: BrandFlagsInput) => api<BrandSettings>(CONSOLE_PATHS.brandFlags, { method: 'PUT', body: input });
export const saveMaintenance = (input: BrandMaintenanceInput) =>
  api<BrandSettings>(CONSOLE_PATHS.brandMaintenance, { method: 'PUT', body: input });
export const addRegion = (input: { cidr: string; label: string }) =>
  api<BrandSettings>(CONSOLE_PATHS.brandRegions, { method: 'POST', body: input });
export const removeRegion = (ruleId: string) => api<BrandSettings>(consolePath('brandRegion', { ruleId }), { method: 'DELETE' });
export const saveRegistration = (rules: RegistrationRule[]) =>
  api<BrandSettings>(CONSOLE_PATHS.brandRegistration, { method: 'PUT', body: { rules } });
export const saveChannel = (channelId: string, input: DepositChannelInput) =>
  api<BrandSettings>(consolePath('brandChannel', { channelId }), { method: 'PUT', body: input });
export const createChannel = (input: DepositChannelCreate) =>
  api<BrandSettings>(CONSOLE_PATHS.brandChannels, { method: 'POST', body: input });
export const saveHosts = (input: BrandHostsInput) => api<BrandSettings>(CONSOLE_PATHS.brandHosts, { method: 'PUT', body: input });

/** The brand's OpenID Connect sign-in providers (decision 058): never a secret back, only whether one is stored. */
export const getSocialProviders = () => api<SocialProviderAdmin[]>(CONSOLE_PATHS.brandSocialProviders);
export const createSocialProvider = (input: SocialProviderCreate) =>
  api<SocialProviderAdmin>(CONSOLE_PATHS.brandSocialProviders, { method: 'POST', body: input });
/** No clientSecret: the stored one is kept. */
export const saveSocialProvider = (slug: string, input: SocialProviderSettings) =>
  api<SocialProviderAdmin>(consolePath('brandSocialProvider', { slug }), { method: 'PUT', body: input });

import type { DeviceBrowser, DeviceSystem } from '@playfront/contract/security-paths';
import type { TFunction } from 'i18next';
import { formatDateTime as siteDateTime } from '../../../lib/date-format.ts';
import { fromI18n } from '../../../lib/language.ts';

/** "Chrome on Windows", in the page language (browser and system families only, as the server names them). */
export const deviceLabel = (t: TFunction<'security'>, device: { browser: DeviceBrowser; os: DeviceSystem }) =>
  t('device', { browser: t(`browsers.${device.browser}`), os: t(`systems.${device.os}`) });

/** Date and time in the page language by the site's one date rule (decision 042: Bengali digits, 24-hour clock in BN). */
export const formatDateTime = (iso: string, language: string) => siteDateTime(iso, fromI18n(language));

/** The latest birthday of someone who is 18 today, as `yyyy-MM-dd` (the date input's `max`). */
export function latestAdultBirthday(today: Date, minimumAge: number): string {
  const d = new Date(Date.UTC(today.getFullYear() - minimumAge, today.getMonth(), today.getDate()));
  return d.toISOString().slice(0, 10);
}

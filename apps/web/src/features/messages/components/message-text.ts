import type { MessageType } from '@playfront/contract/funds-paths';
import type { MemberMessage } from '@playfront/contract/messages';
import { DEVICE_BROWSERS, DEVICE_SYSTEMS, type DeviceBrowser, type DeviceSystem } from '@playfront/contract/security-paths';
import type { TFunction } from 'i18next';
import { formatDateTime } from '../../../lib/date-format.ts';
import { formatMoney } from '../../../lib/format.ts';
import { fromI18n } from '../../../lib/language.ts';

/** Date and time in the page language, by the site's one rule (lib/date-format.ts). */
export const formatTime = (iso: string, language: string) => formatDateTime(iso, fromI18n(language));

const deviceName = (t: TFunction<'messages'>, browser: string, os: string) =>
  t('devices.device', {
    browser: t(`devices.browsers.${(DEVICE_BROWSERS as readonly string[]).includes(browser) ? (browser as DeviceBrowser) : 'other'}`),
    os: t(`devices.systems.${(DEVICE_SYSTEMS as readonly string[]).includes(os) ? (os as DeviceSystem) : 'other'}`),
  });

/** The title and text of a message type (spec section 3) with its amount and time filled in. */
export function messageText(
  t: TFunction<'messages'>,
  message: Pick<MemberMessage, 'type' | 'amount' | 'createdAt'> & { params?: Record<string, string> },
  options: { language: string; symbol: string },
) {
  const type: MessageType = message.type;
  const vars = {
    amount: message.amount === null ? '' : formatMoney(message.amount, { symbol: options.symbol }),
    time: formatTime(message.createdAt, options.language),
    orderNo: message.params?.orderNo ?? '',
    reason: message.params?.reason ?? '',
    text: message.params?.text ?? '',
    points: message.params?.points ? message.params.points.replace(/\B(?=(\d{3})+(?!\d))/g, ',') : '',
    reward: (options.language === 'bn' ? message.params?.rewardBn : message.params?.reward) ?? message.params?.reward ?? '',
    // NEW_DEVICE_LOGIN (issue 15): the address and the device's browser and system families, named in the page language.
    ip: message.params?.ip ?? '',
    device: message.params?.browser ? deviceName(t, message.params.browser, message.params.os ?? 'other') : '',
  };
  const body = t(`types.${type}.body`, vars);
  const reason =
    (type === 'WITHDRAW_REJECTED' || type === 'POINTS_REDEEM_REJECTED' || type === 'KYC_REJECTED') && vars.reason
      ? ` ${t('reason', { reason: vars.reason })}`
      : '';
  return { title: t(`types.${type}.title`), body: `${body}${reason}` };
}

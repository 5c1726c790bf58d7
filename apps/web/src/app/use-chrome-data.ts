import { useMemo } from 'react';
import { type ChromeData, EMPTY_CHROME } from '../features/layout/chrome-data.ts';
import { useGameMenus } from '../features/lobby/api/get-game-menus.ts';
import { useChatUnread } from '../features/support/chat/api/use-chat-unread.ts';
import { useHelpCenter } from '../features/system/api/get-help-center.ts';
import { useBrandFlag, useCustomerService } from '../features/system/hooks/use-brand.ts';
import { currentLanguage } from '../lib/i18n.ts';
import { usePermission } from '../lib/permission.ts';
import { useSession } from '../lib/session-store.ts';

/** Reads the brand configuration (system feature) into what the chrome (layout feature) shows. */
export function useChromeData(): ChromeData {
  const { data: permission } = usePermission();
  const cs = useCustomerService();
  const vipEnabled = useBrandFlag('VIP');
  const referralEnabled = useBrandFlag('REFERRAL');
  const { data: help } = useHelpCenter(currentLanguage());
  // The game menus list only categories that have a vendor (spec section 2, Navigation).
  const { data: menus } = useGameMenus(currentLanguage());
  // The built-in support chat's unread badge: real members only (a trial token waits for member info like the messages badge).
  const token = useSession((s) => s.token);
  const realMember = useSession((s) => s.loggedIn && Boolean(s.member) && !s.isTrial);
  const chatUnread = useChatUnread(realMember ? token : null);
  const gameCategories = useMemo(() => menus?.filter((m) => m.gameType).map((m) => m.code.toLowerCase()), [menus]);

  return useMemo(() => {
    if (!permission) return { ...EMPTY_CHROME, helpArticles: help ?? [], gameCategories };
    return {
      brandName: permission.brand.name,
      vipEnabled,
      referralEnabled,
      liveChat: cs.primary,
      chatUnread,
      telegram: cs.byType('TELEGRAM'),
      facebook: cs.byType('FACEBOOK'),
      socialLinks: permission.socialLinks,
      iosAppUrl: permission.resources.IOS_APP?.url,
      androidAppUrl: permission.resources.ANDROID_APP?.url,
      helpArticles: (help ?? []).map(({ slug, title }) => ({ slug, title })),
      gameCategories,
    };
  }, [permission, cs, vipEnabled, referralEnabled, help, gameCategories, chatUnread]);
}

import { SYSTEM_STATUS } from '@playfront/contract/constants';

export type SystemScreen = 'loading' | 'app' | 'maintenance' | 'region';

/**
 * Which screen the system status gives (spec section 4): 0 the app, 1 the
 * maintenance page, 2 the region-blocked page. If the status call fails the
 * app is shown (a broken status call must not lock everybody out); the
 * failure is logged by the caller.
 */
export function systemScreen(query: { isPending: boolean; isError: boolean; data?: { status: number } | undefined }): SystemScreen {
  if (query.isPending) return 'loading';
  if (query.isError || !query.data) return 'app';
  switch (query.data.status) {
    case SYSTEM_STATUS.MAINTENANCE:
      return 'maintenance';
    case SYSTEM_STATUS.REGION_RESTRICTED:
      return 'region';
    default:
      return 'app';
  }
}

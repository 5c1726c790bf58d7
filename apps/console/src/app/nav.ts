import type { StaffPermission } from '@playfront/contract/console-paths';

/** The side navigation: each page and the permission it needs (hidden without it; the server still checks). */
export const NAV_ITEMS: readonly { path: string; label: string; permission: StaffPermission }[] = [
  { path: '/dashboard', label: 'nav.dashboard', permission: 'dashboard.read' },
  { path: '/members', label: 'nav.members', permission: 'members.read' },
  { path: '/payments', label: 'nav.payments', permission: 'payments.read' },
  { path: '/adjustments', label: 'nav.adjustments', permission: 'adjustments.approve' },
  { path: '/content', label: 'nav.content', permission: 'content.read' },
  { path: '/staff', label: 'nav.staff', permission: 'staff.read' },
  { path: '/audit', label: 'nav.audit', permission: 'audit.read' },
];

export function visibleNav(permissions: readonly StaffPermission[]) {
  return NAV_ITEMS.filter((item) => permissions.includes(item.permission));
}

import type { StaffPermission } from '@playfront/contract/console-paths';

/** The side navigation: each page and the permission it needs (hidden without it; the server still checks). */
export const NAV_ITEMS: readonly { path: string; label: string; permission: StaffPermission }[] = [
  { path: '/dashboard', label: 'nav.dashboard', permission: 'dashboard.read' },
  { path: '/members', label: 'nav.members', permission: 'members.read' },
  { path: '/payments', label: 'nav.payments', permission: 'payments.read' },
  { path: '/deposits', label: 'nav.deposits', permission: 'payments.read' },
  { path: '/adjustments', label: 'nav.adjustments', permission: 'adjustments.approve' },
  { path: '/reports', label: 'nav.reports', permission: 'reports.read' },
  { path: '/content', label: 'nav.content', permission: 'content.read' },
  { path: '/brand', label: 'nav.brand', permission: 'brand.read' },
  { path: '/games', label: 'nav.games', permission: 'games.read' },
  { path: '/promotions', label: 'nav.promotions', permission: 'promotions.read' },
  { path: '/loyalty', label: 'nav.loyalty', permission: 'loyalty.read' },
  { path: '/lucky', label: 'nav.lucky', permission: 'loyalty.read' },
  { path: '/agents', label: 'nav.agents', permission: 'agents.read' },
  { path: '/lottery', label: 'nav.lottery', permission: 'lottery.read' },
  { path: '/support', label: 'nav.support', permission: 'support.desk' },
  { path: '/staff', label: 'nav.staff', permission: 'staff.read' },
  { path: '/audit', label: 'nav.audit', permission: 'audit.read' },
  { path: '/thresholds', label: 'nav.thresholds', permission: 'payments.read' },
  { path: '/keys', label: 'nav.keys', permission: 'keys.manage' },
  { path: '/kyc', label: 'nav.kyc', permission: 'kyc.review' },
  { path: '/risk', label: 'nav.risk', permission: 'risk.review' },
];

export function visibleNav(permissions: readonly StaffPermission[]) {
  return NAV_ITEMS.filter((item) => permissions.includes(item.permission));
}

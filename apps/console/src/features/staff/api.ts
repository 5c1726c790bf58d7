import type { StaffEnrolmentLink, StaffMember, StaffRole } from '@playfront/contract/console';
import { CONSOLE_PATHS, consolePath } from '@playfront/contract/console-paths';
import { api } from '../../lib/api.ts';

export const listStaff = () => api<{ list: StaffMember[] }>(CONSOLE_PATHS.staff);
export const createStaff = (username: string, role: StaffRole) =>
  api<StaffEnrolmentLink>(CONSOLE_PATHS.staff, { method: 'POST', body: { username, role } });
export const changeRole = (staffId: string, role: StaffRole) =>
  api<StaffMember>(consolePath('staffRole', { staffId }), { method: 'PUT', body: { role } });
export const disableStaff = (staffId: string, reason: string) =>
  api<StaffMember>(consolePath('staffDisable', { staffId }), { method: 'POST', body: { reason } });
export const reenrolStaff = (staffId: string) =>
  api<StaffEnrolmentLink>(consolePath('staffReenrol', { staffId }), { method: 'POST', body: {} });

/** The link as a full address to hand over (the API gives it relative to this site). */
export const absoluteLink = (link: string) => new URL(link, window.location.origin).toString();

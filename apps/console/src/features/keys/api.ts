import type { OperatorKey, OperatorKeySecret, OperatorScope } from '@playfront/contract/console-backoffice';
import { BACKOFFICE_PATHS, backofficePath } from '@playfront/contract/console-backoffice-paths';
import { api } from '../../lib/api.ts';

export const listKeys = () => api<{ list: OperatorKey[] }>(BACKOFFICE_PATHS.operatorKeys);
export const createKey = (body: { label: string; scopes: OperatorScope[] }) =>
  api<OperatorKeySecret>(BACKOFFICE_PATHS.operatorKeys, { method: 'POST', body });
export const rotateKey = (keyId: string) =>
  api<OperatorKeySecret>(backofficePath('operatorKeyRotate', { keyId }), { method: 'POST', body: {} });
export const revokeKey = (keyId: string, reason: string) =>
  api<OperatorKey>(backofficePath('operatorKeyRevoke', { keyId }), { method: 'POST', body: { reason } });

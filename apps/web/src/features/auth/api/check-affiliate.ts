import { SESSION_PATHS } from '@playfront/contract/session-paths';
import { api } from '../../../lib/api-client.ts';

/** GET /wps/agent/affiliate?code=&domain=: resolves when the code belongs to an agent; INVALID_AFFILIATE otherwise. */
export const checkAffiliate = (code: string) =>
  api<{ valid: true }>(SESSION_PATHS.affiliate, { query: { code, domain: window.location.hostname } });

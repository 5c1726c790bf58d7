import type { LoginRequest, LoginResult } from '@playfront/contract/session';
import { SESSION_PATHS } from '@playfront/contract/session-paths';

/**
 * POST /wps/session/login (E): username/password (member or agent site) or SMS code. The sealing code (and the
 * session contract it reads) is fetched with the first login, not with the login form.
 */
export async function login(payload: LoginRequest): Promise<LoginResult> {
  const { sealedRequest } = await import('./sealed-request.ts');
  return sealedRequest<LoginResult>(SESSION_PATHS.login, payload, { method: 'POST' });
}

let preloaded = false;

/** Fetches the sealing code ahead (on the login form's first input; once a page), so the first submit rarely waits. */
export function preloadLogin(): void {
  if (preloaded) return;
  preloaded = true;
  void import('./sealed-request.ts').catch(() => {
    preloaded = false;
  });
}

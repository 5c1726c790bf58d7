import type { FreeplayLoginSchema, LoginResult } from '@playfront/contract/session';
import { SESSION_PATHS } from '@playfront/contract/session-paths';
import type { z } from 'zod';
import { api } from '../../../lib/api-client.ts';

/** Which OS the visitor is on, coarsely (the server only records it with the trial account). */
function clientOs(): string {
  const ua = navigator.userAgent;
  if (/android/i.test(ua)) return 'android';
  if (/iphone|ipad|ipod/i.test(ua)) return 'ios';
  if (/windows/i.test(ua)) return 'windows';
  if (/mac os/i.test(ua)) return 'macos';
  if (/linux/i.test(ua)) return 'linux';
  return 'other';
}

/** A random correlation string (the spec's "encrypted random string"). */
function randomString(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

/** POST /wps/session/login/freeplay: a new trial account (type 4) and its session. */
export function loginFreeplay(): Promise<LoginResult> {
  const body: z.input<typeof FreeplayLoginSchema> = { os: clientOs(), platform: 'W', random: randomString(), gatewayVersion: 3 };
  return api<LoginResult>(SESSION_PATHS.loginFreeplay, { method: 'POST', body });
}

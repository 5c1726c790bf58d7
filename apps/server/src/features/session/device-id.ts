import { randomBytes } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';

/**
 * The browser a login comes from (issue 22, decision 055): a random id in an HttpOnly cookie, made by the server on
 * the first login call. Wrong passwords turn the captcha on for the account on that device only, because mobile
 * carriers put thousands of phones behind one address. It proves nothing: a client may drop or invent it, so the
 * lockouts stay per account+address, per address and per account, and a request without it counts per address.
 */
export const DEVICE_COOKIE = 'pf_device';
const DEVICE_ID = /^[A-Za-z0-9_-]{22}$/;
/** A year; browsers cap cookies at 400 days. */
const MAX_AGE_SECONDS = 365 * 24 * 3600;

/** The device id the request carries, if well formed. */
export function deviceIdOf(request: FastifyRequest): string | undefined {
  for (const part of (request.headers.cookie ?? '').split(';')) {
    const [name, ...rest] = part.trim().split('=');
    if (name === DEVICE_COOKIE) {
      const value = rest.join('=');
      return DEVICE_ID.test(value) ? value : undefined;
    }
  }
  return undefined;
}

/** The device key of a request that has a device id (other password checks count under it too), else undefined. */
export function deviceKeyOf(request: FastifyRequest): string | undefined {
  const id = deviceIdOf(request);
  return id ? `d:${id}` : undefined;
}

/**
 * The device key failures of this request count under: its cookie's id, or `ip:<address>` without one (all
 * cookie-less clients of an address are one device, as before). A request without a cookie is given one, so the
 * browser's next login counts apart from its neighbours'.
 */
export function loginDevice(request: FastifyRequest, reply: FastifyReply): string {
  const known = deviceKeyOf(request);
  if (known) return known;
  const fresh = randomBytes(16).toString('base64url');
  const secure = request.protocol === 'https' ? '; Secure' : '';
  reply.header('set-cookie', `${DEVICE_COOKIE}=${fresh}; Path=/wps; Max-Age=${MAX_AGE_SECONDS}; HttpOnly; SameSite=Lax${secure}`);
  return `ip:${request.ip}`;
}

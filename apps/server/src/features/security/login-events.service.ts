import { deviceOf, type LoginMethod } from '@playfront/contract/security-paths';
import type { FastifyRequest } from 'fastify';
import { insertMessage } from '../messages/messages.repository.ts';
import { checkLoginRisk } from '../risk/login-risk.ts';
import { insertLoginEvent, rememberDevice } from './security.repository.ts';

/**
 * The login history and the new-device message (issue 15). Called by the session feature when a session starts
 * and when a known account's password was wrong; an unknown username has no account to record against.
 */
export async function noteLogin(request: FastifyRequest, memberId: number, method: LoginMethod): Promise<void> {
  const { db, now } = request.server.deps;
  const at = now();
  const userAgent = request.headers['user-agent'] ?? null;
  const device = deviceOf(userAgent);
  await insertLoginEvent(db, { memberId, at, ip: request.ip, userAgent, ...device, result: 'SUCCESS', method });
  // Shared address or device, far-apart sign-ins (issue 18, decision 044): a flag for staff, never a refusal of the login.
  await checkLoginRisk(db, { memberId, ip: request.ip, userAgent, at }).catch((err: unknown) =>
    request.log.warn({ err }, 'risk: sign-in flags could not be checked'),
  );
  const deviceKey = `${device.browser}/${device.os}`;
  const { seenBefore, firstEver } = await rememberDevice(db, memberId, deviceKey, at);
  // A brand-new account's first device is not news to its owner; every later new device is.
  if (seenBefore || firstEver) return;
  await insertMessage(db, {
    memberId,
    type: 'NEW_DEVICE_LOGIN',
    params: { ip: request.ip, browser: device.browser, os: device.os },
    // Once per device, even when two logins from it race.
    dedupeKey: `new-device:${memberId}:${deviceKey}`,
  });
}

export async function noteFailedLogin(request: FastifyRequest, memberId: number): Promise<void> {
  const { db, now } = request.server.deps;
  const userAgent = request.headers['user-agent'] ?? null;
  await insertLoginEvent(db, {
    memberId,
    at: now(),
    ip: request.ip,
    userAgent,
    ...deviceOf(userAgent),
    result: 'WRONG_PASSWORD',
    method: null,
  });
}

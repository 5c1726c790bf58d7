import { randomBytes } from 'node:crypto';
import { type LoginSite, TWO_STEP_CHALLENGE_SECONDS, type TwoStepRequiredValue } from '@playfront/contract/session';
import type { FastifyRequest } from 'fastify';
import { AppError } from '../../http/app-error.ts';
import type { MemberRow } from '../member/member.table.ts';
import { insertChallenge } from '../security/two-step.repository.ts';
import { hashToken } from './session.repository.ts';

/**
 * The login's second step when the member has two-step login on (issue 15, part 2). A right password (or SMS code)
 * earns a challenge, never a session: 256 random bits, stored as SHA-256, single use, a few minutes, a few wrong
 * codes. The challenge and the code together start the session; wrong codes count toward the login lockout.
 */
export async function requireSecondStep(
  request: FastifyRequest,
  member: MemberRow,
  options: { site: LoginSite; method: 'PASSWORD' | 'SMS' | 'SOCIAL'; mustChangePassword: boolean; passwordExpired: boolean },
): Promise<never> {
  const { db, now } = request.server.deps;
  const at = now();
  const challenge = randomBytes(32).toString('base64url');
  await insertChallenge(db, {
    token_hash: hashToken(challenge),
    member_id: member.id,
    site: options.site,
    method: options.method,
    must_change_password: options.mustChangePassword,
    password_expired: options.passwordExpired,
    created_at: at,
    expires_at: new Date(at.getTime() + TWO_STEP_CHALLENGE_SECONDS * 1000),
  });
  const value: TwoStepRequiredValue = { twoStepRequired: 'totp', challenge, expiresInSeconds: TWO_STEP_CHALLENGE_SECONDS };
  throw new AppError('TWO_STEP_REQUIRED', { value });
}

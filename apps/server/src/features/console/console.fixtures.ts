import { randomBytes } from 'node:crypto';
import { CONSOLE_PATHS, OPS_STAFF_PATH, STAFF_SESSION_HEADER, type StaffRole } from '@playfront/contract/console';
import { OPERATOR_KEY_HEADER } from '@playfront/contract/operator';
import type { LightMyRequestResponse } from 'fastify';
import { BASE_HEADERS, OPERATOR_KEY, type TestApp } from '../../../test/accounts-helpers.ts';
import type { Db } from '../../db/database.ts';
import { totpCodeAt } from '../../infra/two-factor/two-factor.ts';
import { requestWithdrawal } from '../funds/withdrawal.service.ts';
import { createLimits } from '../session/abuse-limits.ts';

/** Helpers for the console tests (not a test file itself). */

export const STAFF_PASSWORD = 'correct horse battery staple';

export type SignedInStaff = { id: string; username: string; role: StaffRole; secret: string; token: string; recoveryCodes: string[] };

export const staffHeaders = (token?: string): Record<string, string> => ({
  ...BASE_HEADERS,
  ...(token ? { [STAFF_SESSION_HEADER]: token } : {}),
});

export function consoleCall(
  t: TestApp,
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  token?: string,
  payload?: unknown,
  ip = '127.0.0.1',
): Promise<LightMyRequestResponse> {
  return t.app.inject({
    method,
    url,
    headers: staffHeaders(token),
    remoteAddress: ip,
    ...(payload !== undefined ? { payload: payload as object } : {}),
  });
}

/** POST /ops/staff with the operator key: the new staff member and the enrolment token of its link. */
export async function createStaffByKey(t: TestApp, role: StaffRole, username = `st${randomBytes(5).toString('hex')}`) {
  const res = await t.app.inject({
    method: 'POST',
    url: OPS_STAFF_PATH,
    headers: { ...BASE_HEADERS, [OPERATOR_KEY_HEADER]: OPERATOR_KEY },
    payload: { username, role },
  });
  if (res.statusCode !== 201) throw new Error(`staff create failed: ${res.statusCode} ${res.body}`);
  const value = res.json().value as { staff: { id: string; username: string }; enrolmentLink: string };
  const token = new URL(value.enrolmentLink, 'http://x').searchParams.get('token') ?? '';
  return { id: value.staff.id, username: value.staff.username, enrolToken: token };
}

/** The code of the authenticator for the test clock's moment. */
export const codeNow = (t: TestApp, secret: string) => totpCodeAt(secret, t.clock.now.getTime());

/** A staff member of `role`, enrolled through the API (password + TOTP), with a session whose second factor passed. */
export async function signedInStaff(t: TestApp, role: StaffRole): Promise<SignedInStaff> {
  const made = await createStaffByKey(t, role);
  const start = await consoleCall(t, 'POST', CONSOLE_PATHS.enrolStart, undefined, { token: made.enrolToken, password: STAFF_PASSWORD });
  if (start.statusCode !== 200) throw new Error(`enrol start failed: ${start.body}`);
  const { secret, recoveryCodes } = start.json().value as { secret: string; recoveryCodes: string[] };
  const confirm = await consoleCall(t, 'POST', CONSOLE_PATHS.enrolConfirm, undefined, { token: made.enrolToken, code: codeNow(t, secret) });
  if (confirm.statusCode !== 200) throw new Error(`enrol confirm failed: ${confirm.body}`);
  return { id: made.id, username: made.username, role, secret, token: confirm.json().value.sessionToken, recoveryCodes };
}

/** A fresh session of an enrolled staff member whose second factor is not given yet. */
export async function passwordOnlySession(t: TestApp, username: string): Promise<string> {
  const res = await consoleCall(t, 'POST', CONSOLE_PATHS.login, undefined, { username, password: STAFF_PASSWORD });
  const value = res.json().value as { step: string; sessionToken?: string };
  if (value.step !== 'SECOND_FACTOR' || !value.sessionToken) throw new Error(`login: ${res.body}`);
  return value.sessionToken;
}

/** A pending withdrawal of `memberId` (who must hold the money and the payment password of hardening-helpers). */
export async function pendingWithdrawal(
  db: Db,
  brandId: number,
  memberId: number,
  amount: bigint,
  now: Date,
  paymentPassword: string,
): Promise<string> {
  const { order } = await requestWithdrawal(db, {
    brandId,
    memberId,
    body: {
      requestId: randomBytes(8).toString('hex'),
      amount: amount.toString(),
      method: 'BKASH',
      accountName: 'Rahim Uddin',
      accountNumber: '01711000099',
      paymentPassword,
    } as never,
    limits: { min: 1n, max: 10n ** 14n },
    now,
    paymentPasswordFailures: createLimits(undefined, 'console-test').paymentPasswordFail,
  });
  return order.order_no;
}

/** Audit rows of an action (newest first). */
export async function auditRows(db: Db, action: string, targetId?: string) {
  let q = db.selectFrom('staff_audit').selectAll().where('action', '=', action);
  if (targetId !== undefined) q = q.where('target_id', '=', targetId);
  return q.orderBy('id', 'desc').execute();
}

import type { FieldProblem } from '@playfront/contract/registration-patterns';
import { ApiError } from '../../../lib/api-client.ts';
import { encodeProblem } from './field-problem.ts';

/** The catalogue message of any failure, encoded for FormAlert / ProblemText. */
export function errorMessage(err: unknown): string {
  return err instanceof ApiError ? err.messageKey : 'errors:unknown';
}

export const errorCode = (err: unknown): string => (err instanceof ApiError ? err.code : 'UNKNOWN');

/** The `value` an error answer carried (captcha hint, verification step, retry time…). */
export function errorValue(err: unknown): Record<string, unknown> {
  const value = err instanceof ApiError ? err.body?.value : undefined;
  return typeof value === 'object' && value !== null ? (value as Record<string, unknown>) : {};
}

/**
 * Field problems of an error answer (`fields`), renamed to the form's field
 * names (the server calls the registration mobile `mobileNo` on the SMS call
 * and the checkbox `termsAccepted`), each encoded for react-hook-form.
 */
export function fieldErrors(err: unknown, rename: Record<string, string> = {}): [string, string][] {
  const fields = err instanceof ApiError ? err.body?.fields : undefined;
  if (!fields) return [];
  return Object.entries(fields).map(([name, problem]) => [
    rename[name] ?? name,
    encodeProblem({ key: problem.key, params: problem.params as FieldProblem['params'] }),
  ]);
}

const CAPTCHA_CODES = new Set(['CAPTCHA_REQUIRED', 'CAPTCHA_INVALID', 'CAPTCHA_EXPIRED']);
export const isCaptchaError = (err: unknown) => err instanceof ApiError && CAPTCHA_CODES.has(err.code);

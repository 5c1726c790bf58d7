import { z } from 'zod';

/** What the code fields of two-step login accept: the app's 6 digits, and where allowed a recovery code (`xxxxx-xxxxx`). */
const APP_CODE = /^\d{6}$/;
const RECOVERY_CODE = /^[a-z2-9]{5}-?[a-z2-9]{5}$/i;

export type TwoStepCodeProblem = 'codeRequired' | 'codeInvalid' | 'codeOrRecoveryInvalid';

/** The problem with a typed code (spaces ignored), or null. Messages are keys under `security:twoStep.`. */
export function twoStepCodeProblem(value: string, allowRecoveryCode: boolean): TwoStepCodeProblem | null {
  const code = value.replace(/\s+/g, '');
  if (code === '') return 'codeRequired';
  if (APP_CODE.test(code)) return null;
  if (allowRecoveryCode) return RECOVERY_CODE.test(code) ? null : 'codeOrRecoveryInvalid';
  return 'codeInvalid';
}

export const twoStepCodeSchema = (allowRecoveryCode: boolean) =>
  z.object({ code: z.string() }).superRefine((v, ctx) => {
    const problem = twoStepCodeProblem(v.code, allowRecoveryCode);
    if (problem) ctx.addIssue({ code: 'custom', path: ['code'], message: problem });
  });
export type TwoStepCodeValues = { code: string };

/** A secret as people copy it into an app: groups of four. */
export const groupedSecret = (secret: string) => secret.replace(/(.{4})/g, '$1 ').trim();

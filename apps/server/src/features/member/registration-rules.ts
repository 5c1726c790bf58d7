import { type FieldProblem, type PatternId, ruleFor, validateField } from '@playfront/contract/registration-patterns';
import type { Db } from '../../db/database.ts';

/** The brand's registration rules (regValidata), by field. */
export type BrandRule = { patternId: PatternId; minLength: number; maxLength: number; show: boolean; required: boolean };
export type BrandRules = Map<string, BrandRule>;
export type FieldProblems = Record<string, FieldProblem>;

export async function loadRules(db: Db, brandId: number): Promise<BrandRules> {
  const rows = await db.selectFrom('registration_rule').selectAll().where('brand_id', '=', brandId).execute();
  return new Map(
    rows.map((r) => [
      r.field,
      { patternId: r.pattern_id as PatternId, minLength: r.min_length, maxLength: r.max_length, show: r.show, required: r.required },
    ]),
  );
}

export const REQUIRED: FieldProblem = { key: 'patterns.required' };
export const CONFIRM_MISMATCH: FieldProblem = { key: 'patterns.confirmMismatch' };

/**
 * Checks one field the way the web does: empty → required when the rule (or
 * the call) requires it; otherwise the pattern and length through the
 * contract's `validateField`. A field the brand does not show is ignored
 * unless `force` (username and password are always asked for).
 */
export function checkField(
  rules: BrandRules,
  problems: FieldProblems,
  field: string,
  value: string | undefined,
  options: { force?: boolean } = {},
): string | undefined {
  const rule = rules.get(field);
  if (!options.force && !rule?.show) return undefined;
  const text = value ?? '';
  if (text === '') {
    if (options.force || rule?.required) problems[field] = REQUIRED;
    return undefined;
  }
  if (rule) {
    const problem = validateField(ruleFor(rule.patternId, rule.minLength, rule.maxLength), text);
    if (problem) {
      problems[field] = problem;
      return undefined;
    }
  }
  return text;
}

/** The brand's password rule, for password changes and resets. */
export function checkNewPassword(rules: BrandRules, problems: FieldProblems, field: string, value: string): void {
  const rule = rules.get('password');
  if (!value) {
    problems[field] = REQUIRED;
    return;
  }
  if (rule) {
    const problem = validateField(ruleFor(rule.patternId, rule.minLength, rule.maxLength), value);
    if (problem) problems[field] = problem;
  }
}

/**
 * The registration pattern catalogue (spec section 5). The server serves each
 * field's rule as `{ patternId, acceptedPattern, minLength, maxLength }` and
 * both the server and the web validate with `validateField`, so the two can
 * never disagree. `acceptedPattern` is a Unicode regular expression source, or
 * `*` for "any characters".
 */
export const PATTERNS = {
  ANY: '*',
  LETTER_FIRST_ALNUM: '^[A-Za-z][A-Za-z0-9]*$',
  CHINESE_DIGITS: '^[\\u4e00-\\u9fa50-9]+$',
  EMAIL:
    "^[A-Za-z0-9.!#$%&'*+/=?^_`{|}~-]+@[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?(?:\\.[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?)+$",
  ALNUM: '^[A-Za-z0-9]+$',
  ALNUM_BOTH: '^(?=.*[A-Za-z])(?=.*[0-9])[A-Za-z0-9]+$',
  DIGITS: '^[0-9]+$',
  ALNUM_UPPER: '^(?=.*[A-Z])[A-Za-z0-9]+$',
  LETTERS_SPACES: '^[A-Za-z ]+$',
  NO_SPACES: '^\\S+$',
  CHINESE_PUNCT: '^[\\u4e00-\\u9fa5\\u3000-\\u303f\\uff01-\\uff5e\\u00b7\\u2014\\u2018-\\u201d\\u2026]+$',
  DATE_YMD: '^[0-9]{4}-(0[1-9]|1[0-2])-(0[1-9]|[12][0-9]|3[01])$',
  DATE_MDY: '^(0[1-9]|1[0-2])-(0[1-9]|[12][0-9]|3[01])-[0-9]{4}$',
  KOREAN: '^[\\uac00-\\ud7a3\\u1100-\\u11ff\\u3130-\\u318f]+$',
  THAI: '^[\\u0e00-\\u0e7f]+$',
  THAI_OR_ENGLISH: '^[\\u0e00-\\u0e7fA-Za-z ]+$',
  UPPER_SPACES: '^[A-Z ]+$',
  STRONG_PASSWORD: '^(?=.*[a-z])(?=.*[A-Z])(?=.*[0-9])(?=.*[^A-Za-z0-9\\s])\\S+$',
  FULL_NAME: "^[\\p{L}\\p{M}'.-]+ [\\p{L}\\p{M}'.-]+$",
  FULLWIDTH_JAPANESE: '^[\\u3000-\\u303f\\u3040-\\u309f\\u30a0-\\u30ff\\uff01-\\uff5e\\u4e00-\\u9faf]+$',
  UPPER_ONLY: '^[A-Z]+$',
  DIGITS_START_9: '^9[0-9]*$',
} as const;

export type PatternId = keyof typeof PATTERNS;
export const PATTERN_IDS = Object.keys(PATTERNS) as PatternId[];

/** The optional registration fields a brand may show, in the order of spec section 2. */
export const OPTIONAL_REGISTRATION_FIELDS = [
  'payeeName',
  'paymentPassword',
  'qqNum',
  'line',
  'whatsapp',
  'facebook',
  'wechat',
  'idNumber',
  'email',
  'affiliateCode',
] as const;

/** Every registration field a brand's settings and rules name (spec section 2), in the form's order. */
export const REGISTRATION_FIELDS = [
  'username',
  'password',
  'confirmPassword',
  'mobileNum',
  'verificationCode',
  ...OPTIONAL_REGISTRATION_FIELDS,
  'captcha',
] as const;

export type FieldRule = {
  patternId: PatternId;
  acceptedPattern: string;
  minLength: number;
  maxLength: number;
};

export type FieldProblem = { key: string; params?: Record<string, string | number> };

/** The i18n key of a pattern's message; `{{min}}` and `{{max}}` are substituted. */
export const patternMessageKey = (id: PatternId) => `patterns.${id}`;

export function ruleFor(patternId: PatternId, minLength: number, maxLength: number): FieldRule {
  return { patternId, acceptedPattern: PATTERNS[patternId], minLength, maxLength };
}

const compiled = new Map<string, RegExp>();
function compile(source: string): RegExp {
  let re = compiled.get(source);
  if (!re) {
    re = new RegExp(source, 'u');
    compiled.set(source, re);
  }
  return re;
}

/** Calendar check for the date patterns: 2026-02-30 matches the shape but is no date. */
function isRealDate(patternId: PatternId, value: string): boolean {
  const parts = value.split('-').map(Number);
  const [y, m, d] = patternId === 'DATE_YMD' ? parts : [parts[2], parts[0], parts[1]];
  if (y === undefined || m === undefined || d === undefined) return false;
  const date = new Date(Date.UTC(y, m - 1, d));
  return date.getUTCFullYear() === y && date.getUTCMonth() === m - 1 && date.getUTCDate() === d;
}

/**
 * Validates one value against a rule. Length counts Unicode code points, so a
 * Bengali or Thai name is measured the way a person counts its letters.
 */
export function validateField(rule: FieldRule, value: string): FieldProblem | null {
  const params = { min: rule.minLength, max: rule.maxLength };
  const length = [...value].length;
  const message = { key: patternMessageKey(rule.patternId), params };
  if (length < rule.minLength || length > rule.maxLength) return message;
  if (rule.acceptedPattern !== '*' && !compile(rule.acceptedPattern).test(value)) return message;
  if ((rule.patternId === 'DATE_YMD' || rule.patternId === 'DATE_MDY') && !isRealDate(rule.patternId, value)) {
    return message;
  }
  return null;
}

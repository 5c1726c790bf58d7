import { zodResolver } from '@hookform/resolvers/zod';
import { PATTERNS } from '@playfront/contract/registration-patterns';
import type { FieldRuleDto, RegistrationField, RegValidata, Whitelabel } from '@playfront/contract/system';
import { describe, expect, it } from 'vitest';
import { decodeProblem } from './field-problem.ts';
import { type PasswordLoginValues, passwordLoginSchema, registerSchema } from './form-rules.ts';
import { lazyZodResolver } from './lazy-resolver.ts';
import { emptyRegisterValues, planRegister, type RegisterValues } from './register-plan.ts';

const options = { fields: {}, shouldUseNativeValidation: false } as const;
const empty: PasswordLoginValues = { username: ' ', password: '', captcha: '', verificationCode: '', remember: false };
const filled: PasswordLoginValues = { username: 'demomember', password: 'secret', captcha: 'x1y2', verificationCode: '', remember: true };

describe('lazyZodResolver', () => {
  it("gives the form's own zod resolver's answers: the same fields, the same encoded catalogue keys", async () => {
    const schema = { captcha: true, verification: false };
    const lazy = lazyZodResolver<PasswordLoginValues>((rules) => rules.passwordLoginSchema(schema));
    const eager = zodResolver(passwordLoginSchema(schema));
    for (const values of [empty, filled]) {
      const [got, want] = await Promise.all([lazy(values, undefined, options), eager(values, undefined, options)]);
      expect(JSON.parse(JSON.stringify(got))).toEqual(JSON.parse(JSON.stringify(want)));
    }
    const errors = (await lazy(empty, undefined, options)).errors;
    expect(Object.keys(errors).sort()).toEqual(['captcha', 'password', 'username']);
  });

  it('builds the schema once, at the first check', async () => {
    let built = 0;
    const lazy = lazyZodResolver<PasswordLoginValues>((rules) => {
      built++;
      return rules.passwordLoginSchema({ captcha: false, verification: false });
    });
    expect(built).toBe(0);
    await lazy(filled, undefined, options);
    await lazy(empty, undefined, options);
    expect(built).toBe(1);
  });
});

describe('lazyZodResolver over the registration schema', () => {
  const field = (show: boolean, required: boolean): FieldRuleDto => ({
    patternId: 'LETTER_FIRST_ALNUM',
    acceptedPattern: PATTERNS.LETTER_FIRST_ALNUM,
    minLength: 6,
    maxLength: 11,
    show,
    required,
  });
  const names: RegistrationField[] = ['username', 'password', 'confirmPassword', 'mobileNum', 'email', 'captcha'];
  const rules = Object.fromEntries(names.map((n) => [n, field(n === 'username' || n === 'password', true)])) as RegValidata;
  const plan = planRegister('username', rules, { flags: { USERNAMEREG3: true }, features: {} } as Whitelabel);
  const countries = [{ code: 'BD', dialingCode: '+880', minDigits: 10, maxDigits: 11 }];
  const badUsername: RegisterValues = { ...emptyRegisterValues('+880'), username: '9lives' };
  const good: RegisterValues = {
    ...emptyRegisterValues('+880'),
    username: 'player01',
    password: 'secret12',
    confirmPassword: 'secret12',
    terms: true,
    ageConfirmed: true,
  };

  it("gives the eager resolver's answers: the rule's message for a bad username, nothing for a good form", async () => {
    const lazy = lazyZodResolver<RegisterValues>((formRules) => formRules.registerSchema(plan, rules, countries, 21));
    const eager = zodResolver(registerSchema(plan, rules, countries, 21));
    for (const values of [badUsername, good]) {
      const [got, want] = await Promise.all([lazy(values, undefined, options), eager(values, undefined, options)]);
      expect(JSON.parse(JSON.stringify(got))).toEqual(JSON.parse(JSON.stringify(want)));
    }
    const { errors } = await lazy(badUsername, undefined, options);
    expect(decodeProblem(String(errors.username?.message))).toEqual({
      key: 'patterns:LETTER_FIRST_ALNUM',
      params: { min: '6', max: '11' },
    });
    expect(decodeProblem(String(errors.ageConfirmed?.message))).toEqual({ key: 'patterns:age21Required', params: {} });
    expect((await lazy(good, undefined, options)).errors).toEqual({});
  });
});

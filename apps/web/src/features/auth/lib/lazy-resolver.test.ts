import { zodResolver } from '@hookform/resolvers/zod';
import { describe, expect, it } from 'vitest';
import { type PasswordLoginValues, passwordLoginSchema } from './form-rules.ts';
import { lazyZodResolver } from './lazy-resolver.ts';

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

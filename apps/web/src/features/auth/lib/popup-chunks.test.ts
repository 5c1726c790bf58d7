import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { staticImports } from '../../../static-imports.test-support.ts';

const src = path.resolve(import.meta.dirname, '../../..');

const zodImport = (spec: string) => spec === 'zod' || spec.startsWith('zod/') || spec === '@hookform/resolvers/zod';

describe('the sign-in popups open without zod (issue 19)', () => {
  // zod is 26 kB gzip and its schemas are built when evaluated: a form fetches it with its rules at the first check
  // (lazy-resolver.ts), so opening the popup on a phone runs none of it.
  it.each(['features/auth/components/register-modal.tsx', 'features/auth/components/login-popup-modal.tsx'])(
    '%s reaches no zod, nor the schemas of form-rules.ts, through its static imports',
    (entry) => {
      const reached = staticImports(path.join(src, entry));
      const files = [...reached.keys()].map((f) => path.relative(src, f));
      // The walk itself reaches the forms and what they draw with.
      expect(files).toEqual(expect.arrayContaining(['features/auth/components/form-parts.tsx', 'features/auth/lib/lazy-resolver.ts']));
      expect(files).not.toContain('features/auth/lib/form-rules.ts');
      expect([...reached].filter(([, specs]) => specs.some(zodImport)).map(([f]) => path.relative(src, f))).toEqual([]);
    },
  );

  it('the registration form draws from register-plan.ts and checks through the lazy resolver', () => {
    const files = [...staticImports(path.join(src, 'features/auth/components/register-modal.tsx')).keys()].map((f) =>
      path.relative(src, f),
    );
    expect(files).toEqual(expect.arrayContaining(['features/auth/components/register-form.tsx', 'features/auth/lib/register-plan.ts']));
  });
});

import type { zodResolver } from '@hookform/resolvers/zod';
import type { FieldValues, Resolver } from 'react-hook-form';

type FormRules = typeof import('./form-rules.ts');
type Schema = Parameters<typeof zodResolver>[0];

const loadRules = () => Promise.all([import('@hookform/resolvers/zod'), import('./form-rules.ts')]);

/**
 * A react-hook-form resolver over a form-rules.ts schema whose code (zod, the rules, zod's resolver) is fetched and
 * evaluated at the form's first check (its first submit, or a field's first blur in an `onTouched` form), not with the
 * form: opening the login or registration popup runs no zod.
 * The messages are the same encoded catalogue keys, so the errors stay translated. A failed fetch is tried again at
 * the next check.
 */
export function lazyZodResolver<T extends FieldValues>(schemaOf: (rules: FormRules) => Schema): Resolver<T> {
  let ready: Promise<Resolver<T>> | undefined;
  return (values, context, options) => {
    ready ??= loadRules().then(
      ([resolvers, rules]) => resolvers.zodResolver(schemaOf(rules)) as unknown as Resolver<T>,
      (err: unknown) => {
        ready = undefined;
        throw err;
      },
    );
    return ready.then((resolve) => resolve(values, context, options));
  };
}

let preloaded = false;

/** Fetches the rules ahead (on a form's first input; once a page), so the first submit rarely waits for them. */
export function preloadFormRules(): void {
  if (preloaded) return;
  preloaded = true;
  void loadRules().catch(() => {
    preloaded = false;
  });
}

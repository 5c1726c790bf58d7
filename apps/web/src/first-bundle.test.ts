import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const src = import.meta.dirname;
const contract = path.resolve(src, '../../../packages/contract/src');

/** The modules main.tsx reaches through static (non-type) imports: what the browser must load before the first screen. */
function firstBundle(): Map<string, string[]> {
  const reached = new Map<string, string[]>();
  const queue = [path.join(src, 'main.tsx')];
  while (queue.length) {
    const file = queue.pop() as string;
    if (reached.has(file)) continue;
    const code = fs.readFileSync(file, 'utf8');
    const specifiers = [...code.matchAll(/^(?:import|export)\s+(?!type\s)(?:[^;]*?\sfrom\s+)?'([^']+)'/gms)].map((m) => m[1] as string);
    reached.set(file, specifiers);
    for (const spec of specifiers) {
      const target = spec.startsWith('.')
        ? path.resolve(path.dirname(file), spec)
        : spec.startsWith('@playfront/contract/')
          ? path.join(contract, `${spec.slice('@playfront/contract/'.length)}.ts`)
          : null;
      if (target && /\.(tsx?)$/.test(target) && fs.existsSync(target)) queue.push(target);
    }
  }
  return reached;
}

describe('the first bundle of the member site', () => {
  it('imports no zod schema (zod is heavy and probes new Function, which the CSP refuses; decision 062)', () => {
    const bundle = firstBundle();
    expect(bundle.size).toBeGreaterThan(50);
    const withZod = [...bundle].filter(([, specs]) => specs.some((s) => s === 'zod' || s.startsWith('zod/'))).map(([f]) => f);
    expect(withZod).toEqual([]);
  });
});

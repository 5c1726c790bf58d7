// For tests only: what a module makes the browser load and run through its static imports.
import fs from 'node:fs';
import path from 'node:path';

const contract = path.resolve(import.meta.dirname, '../../../packages/contract/src');

/**
 * The modules `entry` (an absolute path) reaches through static (non-type) imports, each with the specifiers it
 * imports: relative files and `@playfront/contract/*`, not packages from node_modules.
 */
export function staticImports(entry: string): Map<string, string[]> {
  const reached = new Map<string, string[]>();
  const queue = [entry];
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

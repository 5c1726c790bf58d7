import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const src = path.dirname(fileURLToPath(import.meta.url));

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'testing' ? [] : sourceFiles(full);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts') ? [full] : [];
  });
}

const importsOf = (file: string) =>
  [...fs.readFileSync(file, 'utf8').matchAll(/(?:from|import)\s*\(?\s*'([^']+)'/g)].map((m) => m[1] as string);

describe('house boundaries', () => {
  it('reaches the platform only over HTTP: no runtime file imports the server', () => {
    const files = sourceFiles(src);
    expect(files.length).toBeGreaterThan(15);
    const offending = files.flatMap((file) =>
      importsOf(file)
        .filter((spec) => spec.includes('/server/') || spec.startsWith('@playfront/server'))
        .map((spec) => `${path.relative(src, file)} → ${spec}`),
    );
    expect(offending).toEqual([]);
  });

  it('keeps the page script free of Node modules and zod (it is bundled for the browser)', () => {
    const reachable = new Set<string>();
    const visit = (file: string) => {
      if (reachable.has(file)) return;
      reachable.add(file);
      for (const spec of importsOf(file)) if (spec.startsWith('.')) visit(path.resolve(path.dirname(file), spec));
    };
    visit(path.join(src, 'client/main.ts'));
    const bad = [...reachable].flatMap((file) =>
      importsOf(file)
        .filter((spec) => spec.startsWith('node:') || spec === 'zod')
        .map((spec) => `${path.relative(src, file)} → ${spec}`),
    );
    expect(reachable.size).toBeGreaterThan(8);
    expect(bad).toEqual([]);
  });
});

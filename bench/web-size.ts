// Initial bytes of `/`: the JS and CSS the browser must fetch before the home page can render
// (entry scripts, their static imports / modulepreloads and stylesheets named by index.html),
// gzip-compressed as the server sends them. Lazy chunks are listed but not counted.
// Run: node --import tsx bench/web-size.ts  (builds apps/web first if dist is missing)
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { reportFigure } from './figures.ts';

const root = path.resolve(import.meta.dirname, '..');
const dist = path.join(root, 'apps/web/dist');
if (!fs.existsSync(path.join(dist, 'index.html'))) {
  execFileSync(process.execPath, [path.join(root, 'node_modules/vite/bin/vite.js'), 'build', '--logLevel', 'warn'], {
    cwd: path.join(root, 'apps/web'),
    stdio: 'inherit',
  });
}

const html = fs.readFileSync(path.join(dist, 'index.html'), 'utf8');
const initial = new Set<string>();
for (const m of html.matchAll(/(?:src|href)="(\/assets\/[^"]+\.(?:js|css))"/g)) if (m[1]) initial.add(m[1]);

// Follow static imports of the entry chunks (Vite emits them as `import"./x.js"` / `from"./x.js"`).
const queue = [...initial].filter((f) => f.endsWith('.js'));
while (queue.length) {
  const file = queue.pop()!;
  const code = fs.readFileSync(path.join(dist, file), 'utf8');
  for (const m of code.matchAll(/(?:^|[;\s}])import\s*(?:[\w*{}\s,$]+from\s*)?"\.\/([^"]+\.js)"/g)) {
    const dep = `/assets/${m[1]}`;
    if (!initial.has(dep)) {
      initial.add(dep);
      queue.push(dep);
    }
  }
}

const size = (file: string) => {
  const buf = fs.readFileSync(path.join(dist, file));
  return { raw: buf.length, gzip: gzipSync(buf, { level: 9 }).length };
};
const rows = [...initial].sort().map((file) => ({ file, ...size(file) }));
const sum = (kind: 'js' | 'css', key: 'raw' | 'gzip') => rows.filter((r) => r.file.endsWith(`.${kind}`)).reduce((a, r) => a + r[key], 0);
const kb = (n: number) => `${(n / 1024).toFixed(1)} kB`;

console.log(`Initial assets of / (${new Date().toISOString().slice(0, 10)}, ${os.cpus().length} CPUs)`);
console.log('| file | raw | gzip |\n|---|---:|---:|');
for (const r of rows) console.log(`| ${r.file} | ${kb(r.raw)} | ${kb(r.gzip)} |`);
console.log(`| **JS total** | ${kb(sum('js', 'raw'))} | **${kb(sum('js', 'gzip'))}** |`);
console.log(`| **CSS total** | ${kb(sum('css', 'raw'))} | **${kb(sum('css', 'gzip'))}** |`);
const lazy = fs.readdirSync(path.join(dist, 'assets')).filter((f) => f.endsWith('.js') && !initial.has(`/assets/${f}`));
reportFigure({ name: 'home page initial JavaScript (gzip)', value: Number((sum('js', 'gzip') / 1024).toFixed(1)), unit: 'kB' });
reportFigure({ name: 'home page initial CSS (gzip)', value: Number((sum('css', 'gzip') / 1024).toFixed(1)), unit: 'kB' });
console.log(`lazy chunks (not counted): ${lazy.length}`);

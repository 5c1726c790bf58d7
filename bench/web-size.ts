// Initial bytes of `/`: the JS and CSS the browser must fetch before the home page can render
// (entry scripts, their static imports / modulepreloads and stylesheets named by index.html),
// gzip-compressed as the server sends them. Lazy chunks are listed but not counted.
// Beside it, the floor: the bare React + React Router page (bench/bare-page: BrowserRouter with one lazy route, as the site uses it),
// built with the web app's own Vite config and measured the same way (issue 19).
// Run: node --import tsx bench/web-size.ts  (builds apps/web first if dist is missing; WEB_DIST measures another build)
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { reportFigure } from './figures.ts';

const root = path.resolve(import.meta.dirname, '..');
const dist = path.resolve(process.env.WEB_DIST ?? path.join(root, 'apps/web/dist'));
const vite = path.join(root, 'node_modules/vite/bin/vite.js');
/** The aim of issue 19 for the initial JavaScript of `/`, gzip. */
const AIM_KB = 120;
if (!fs.existsSync(path.join(dist, 'index.html'))) {
  execFileSync(process.execPath, [vite, 'build', '--logLevel', 'warn'], {
    cwd: path.join(root, 'apps/web'),
    stdio: 'inherit',
    env: { ...process.env, NODE_ENV: 'production' },
  });
}

type Asset = { file: string; raw: number; gzip: number };

/** The entry's scripts and stylesheets, then every chunk they import statically (what the browser fetches first). */
function initialAssets(dir: string): { initial: Asset[]; lazy: number } {
  const html = fs.readFileSync(path.join(dir, 'index.html'), 'utf8');
  const initial = new Set<string>();
  for (const m of html.matchAll(/(?:src|href)="(?:\.?\/)?(assets\/[^"]+\.(?:js|css))"/g)) if (m[1]) initial.add(`/${m[1]}`);
  // Follow static imports of the entry chunks (Vite emits them as `import"./x.js"` / `from"./x.js"`).
  const queue = [...initial].filter((f) => f.endsWith('.js'));
  while (queue.length) {
    const file = queue.pop() as string;
    const code = fs.readFileSync(path.join(dir, file), 'utf8');
    for (const m of code.matchAll(/(?:^|[;\s}])import\s*(?:[\w*{}\s,$]+from\s*)?"\.\/([^"]+\.js)"/g)) {
      const dep = `/assets/${m[1]}`;
      if (!initial.has(dep)) {
        initial.add(dep);
        queue.push(dep);
      }
    }
  }
  const size = (file: string) => {
    const buf = fs.readFileSync(path.join(dir, file));
    return { raw: buf.length, gzip: gzipSync(buf, { level: 9 }).length };
  };
  const lazy = fs.readdirSync(path.join(dir, 'assets')).filter((f) => f.endsWith('.js') && !initial.has(`/assets/${f}`)).length;
  return { initial: [...initial].sort().map((file) => ({ file, ...size(file) })), lazy };
}

const sum = (assets: Asset[], kind: 'js' | 'css', key: 'raw' | 'gzip') =>
  assets.filter((r) => r.file.endsWith(`.${kind}`)).reduce((a, r) => a + r[key], 0);
const kb = (n: number) => `${(n / 1024).toFixed(1)} kB`;
const kbValue = (n: number) => Number((n / 1024).toFixed(1));

const home = initialAssets(dist);
console.log(`Initial assets of / (${new Date().toISOString().slice(0, 10)}, ${os.cpus().length} CPUs)`);
console.log('| file | raw | gzip |\n|---|---:|---:|');
for (const r of home.initial) console.log(`| ${r.file} | ${kb(r.raw)} | ${kb(r.gzip)} |`);
console.log(`| **JS total** | ${kb(sum(home.initial, 'js', 'raw'))} | **${kb(sum(home.initial, 'js', 'gzip'))}** |`);
console.log(`| **CSS total** | ${kb(sum(home.initial, 'css', 'raw'))} | **${kb(sum(home.initial, 'css', 'gzip'))}** |`);
console.log(`lazy chunks (not counted): ${home.lazy}`);

// The bare page, built with apps/web/vite.config.ts (same plugins, target and minifier) into a scratch folder.
const bareDist = fs.mkdtempSync(path.join(os.tmpdir(), 'playfront-bare-page-'));
try {
  execFileSync(
    process.execPath,
    [vite, 'build', path.join(root, 'bench/bare-page'), '--config', path.join(root, 'apps/web/vite.config.ts')].concat([
      '--outDir',
      bareDist,
      '--emptyOutDir',
      '--logLevel',
      'warn',
    ]),
    { cwd: path.join(root, 'apps/web'), stdio: 'inherit', env: { ...process.env, NODE_ENV: 'production' } },
  );
  const bare = initialAssets(bareDist);
  const homeJs = sum(home.initial, 'js', 'gzip');
  const bareJs = sum(bare.initial, 'js', 'gzip');
  console.log('\n| page | initial JS (gzip) | chunks |\n|---|---:|---:|');
  console.log(`| / (the site) | ${kb(homeJs)} | ${home.initial.filter((a) => a.file.endsWith('.js')).length} |`);
  console.log(`| bare React + React Router page | ${kb(bareJs)} | ${bare.initial.filter((a) => a.file.endsWith('.js')).length} |`);
  console.log(`| the site above the bare page | ${kb(homeJs - bareJs)} | |`);
  reportFigure({
    name: 'home page initial JavaScript (gzip)',
    value: kbValue(homeJs),
    unit: 'kB',
    aim: `≤ ${AIM_KB}`,
    met: kbValue(homeJs) <= AIM_KB,
  });
  reportFigure({ name: 'bare React + React Router page initial JavaScript (gzip)', value: kbValue(bareJs), unit: 'kB' });
  reportFigure({ name: 'home page initial CSS (gzip)', value: kbValue(sum(home.initial, 'css', 'gzip')), unit: 'kB' });
} finally {
  fs.rmSync(bareDist, { recursive: true, force: true });
}

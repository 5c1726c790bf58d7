// `npm start`: build the web app when it is missing or older than its sources, then serve site + API on one port.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { register } from 'tsx/esm/api';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const webDir = path.join(root, 'apps/web');
// WEB_DIST chooses where the built site lives (the e2e run builds into its own folder, so it never
// races an `npm start` or another run over apps/web/dist).
const webDist = path.resolve(process.env.WEB_DIST ?? path.join(webDir, 'dist'));
const builtIndex = path.join(webDist, 'index.html');

function newestMtime(dir) {
  let newest = 0;
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) newest = Math.max(newest, newestMtime(full));
    else newest = Math.max(newest, fs.statSync(full).mtimeMs);
  }
  return newest;
}

const sources = [path.join(webDir, 'src'), path.join(webDir, 'public'), path.join(root, 'packages/contract/src')];
const builtAt = fs.existsSync(builtIndex) ? fs.statSync(builtIndex).mtimeMs : 0;
const stale =
  sources.some((dir) => fs.existsSync(dir) && newestMtime(dir) > builtAt) || fs.statSync(path.join(webDir, 'index.html')).mtimeMs > builtAt;
if (stale) {
  const started = Date.now();
  console.log('[start] building the web app…');
  execFileSync(
    process.execPath,
    [path.join(root, 'node_modules/vite/bin/vite.js'), 'build', '--logLevel', 'warn', '--outDir', webDist, '--emptyOutDir'],
    {
      cwd: webDir,
      stdio: 'inherit',
      // Always the production bundle: Vite builds React's development bundle when NODE_ENV=development is in the
      // environment (as the server's own NODE_ENV may be), which is several times slower in the browser.
      env: { ...process.env, NODE_ENV: 'production' },
    },
  );
  console.log(`[start] web app built in ${((Date.now() - started) / 1000).toFixed(1)} s`);
}

process.env.WEB_DIST = webDist;
// `npm start` is the development run unless told otherwise: the sandbox gateway's built-in secret needs NODE_ENV set explicitly.
process.env.NODE_ENV ??= 'development';
register();
await import('../apps/server/src/main.ts');

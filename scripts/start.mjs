// `npm start`: build the web app and the operator console when missing or older than its sources, then serve site + API on one port.
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

function newestMtime(dir) {
  let newest = 0;
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) newest = Math.max(newest, newestMtime(full));
    else newest = Math.max(newest, fs.statSync(full).mtimeMs);
  }
  return newest;
}

/** Builds an app with Vite into `outDir` when the build is missing or older than its sources (or the contract's). */
function buildWhenStale(label, appDir, outDir, extraSources) {
  const builtIndex = path.join(outDir, 'index.html');
  const sources = [...extraSources, path.join(root, 'packages/contract/src')];
  const builtAt = fs.existsSync(builtIndex) ? fs.statSync(builtIndex).mtimeMs : 0;
  const stale =
    sources.some((dir) => fs.existsSync(dir) && newestMtime(dir) > builtAt) ||
    fs.statSync(path.join(appDir, 'index.html')).mtimeMs > builtAt;
  if (!stale) return;
  const started = Date.now();
  console.log(`[start] building the ${label}…`);
  execFileSync(
    process.execPath,
    [path.join(root, 'node_modules/vite/bin/vite.js'), 'build', '--logLevel', 'warn', '--outDir', outDir, '--emptyOutDir'],
    {
      cwd: appDir,
      stdio: 'inherit',
      // Always the production bundle: Vite builds React's development bundle when NODE_ENV=development is in the
      // environment (as the server's own NODE_ENV may be), which is several times slower in the browser.
      env: { ...process.env, NODE_ENV: 'production' },
    },
  );
  console.log(`[start] ${label} built in ${((Date.now() - started) / 1000).toFixed(1)} s`);
}

buildWhenStale('web app', webDir, webDist, [path.join(webDir, 'src'), path.join(webDir, 'public')]);
// The operator console (apps/console), served at /console; CONSOLE_DIST chooses where its build lives, as WEB_DIST does.
const consoleDir = path.join(root, 'apps/console');
const consoleDist = path.resolve(process.env.CONSOLE_DIST ?? path.join(consoleDir, 'dist'));
// The console shows the web's error texts (apps/web/src/i18n/locales/*/errors.json), so those count as its sources too.
buildWhenStale('console', consoleDir, consoleDist, [path.join(consoleDir, 'src'), path.join(webDir, 'src/i18n/locales')]);
process.env.CONSOLE_DIST = consoleDist;
// The browser journeys build once and then start several sites on that one build (e2e/support/global-setup.ts).
if (process.env.START_BUILD_ONLY === '1') process.exit(0);

process.env.WEB_DIST = webDist;
// `npm start` is the development run unless told otherwise: the sandbox gateway's built-in secret needs NODE_ENV set explicitly.
process.env.NODE_ENV ??= 'development';
register();
await import('../apps/server/src/main.ts');

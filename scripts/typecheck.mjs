// `npm run typecheck`: every TypeScript project checked, as many at once as there are CPUs (one after another took
// most of CI's set-up). Each project's errors are printed together, after it finishes.
import { spawn } from 'node:child_process';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const tsc = path.join(root, 'node_modules/typescript/bin/tsc');
// The big ones first, so the small ones fill in beside them. The server, the house, the lottery and the bench are one
// program (tsconfig.node-side.json, the same options as their own tsconfig files): the last three import the server's
// code, and as projects of their own each checked it again (about a minute of CI's set-up).
const PROJECTS = [
  'tsconfig.node-side.json',
  'apps/web',
  'apps/console',
  'e2e',
  'packages/contract',
  'apps/house/src/client',
  'apps/lottery/src/client',
];

function check(project) {
  const started = Date.now();
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [tsc, '-p', project], { cwd: root });
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    child.on('close', (code) => {
      const seconds = ((Date.now() - started) / 1000).toFixed(1);
      console.log(`${code === 0 ? 'ok  ' : 'FAIL'} ${project} (${seconds} s)`);
      if (output.trim()) console.log(output.trimEnd());
      resolve(code === 0);
    });
  });
}

const queue = [...PROJECTS];
let failed = 0;
const lanes = Array.from({ length: Math.min(os.availableParallelism(), queue.length) }, async () => {
  for (let project = queue.shift(); project; project = queue.shift()) if (!(await check(project))) failed++;
});
await Promise.all(lanes);
if (failed > 0) {
  console.error(`typecheck: ${failed} project(s) failed`);
  process.exit(1);
}

// `npm run bench`: every benchmark in turn, then one table of their headline figures with the
// machine's CPU count and the date, printed and written to bench/results/latest.md.
// Benchmarks needing PostgreSQL use BENCH_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/postgres);
// BENCH_SECONDS shortens or lengthens the timed parts (default 10 here).
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { FIGURE_PREFIX, type Figure } from './figures.ts';

const here = import.meta.dirname;
const BENCHES: { file: string; title: string }[] = [
  { file: 'web-size.ts', title: 'home page bytes' },
  { file: 'login.bench.ts', title: 'login latency' },
  { file: 'game-list.bench.ts', title: 'game list vs a bare route' },
  { file: 'ledger-post.bench.ts', title: 'the posting function alone vs pgbench' },
  { file: 'wallet.bench.ts', title: 'wallet vs pgbench' },
  { file: 'provider.bench.ts', title: 'provider wallet API vs pgbench' },
  { file: 'bonus.bench.ts', title: 'bonus claims and bets while wagering' },
  { file: 'agent.bench.ts', title: 'agent team pages, 10,000-member team' },
  { file: 'lighthouse.bench.ts', title: 'Lighthouse mobile' },
];

const env = {
  ...process.env,
  BENCH_SECONDS: process.env.BENCH_SECONDS ?? '10',
  BENCH_DATABASE_URL: process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres',
};

function run(file: string): Promise<{ figures: Figure[]; code: number | null; seconds: number }> {
  const started = Date.now();
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['--import', 'tsx', path.join(here, file)], { cwd: path.join(here, '..'), env });
    const figures: Figure[] = [];
    let pending = '';
    child.stdout.on('data', (chunk: Buffer) => {
      pending += chunk.toString('utf8');
      const lines = pending.split('\n');
      pending = lines.pop() ?? '';
      for (const line of lines) {
        if (line.startsWith(FIGURE_PREFIX)) figures.push(JSON.parse(line.slice(FIGURE_PREFIX.length)) as Figure);
        else process.stdout.write(`  ${line}\n`);
      }
    });
    child.stderr.pipe(process.stderr);
    child.on('close', (code) => resolve({ figures, code, seconds: (Date.now() - started) / 1000 }));
  });
}

const date = new Date().toISOString().slice(0, 10);
const cpus = os.cpus().length;
const rows: string[] = [];
const problems: string[] = [];
for (const b of BENCHES) {
  console.log(`\n### ${b.title} (${b.file})`);
  const { figures, code, seconds } = await run(b.file);
  if (code !== 0) problems.push(`${b.file} exited with ${code}`);
  if (figures.length === 0) problems.push(`${b.file} reported no figure`);
  for (const f of figures) {
    const aim = f.aim ? `${f.aim} ${f.met ? '(met)' : '(NOT met)'}` : '';
    rows.push(`| ${b.title} | ${f.name} | ${f.value.toLocaleString('en-US')} ${f.unit} | ${aim} |`);
  }
  console.log(`  (${seconds.toFixed(0)} s)`);
}

const table = [
  `# Playfront benchmarks, ${date}`,
  '',
  `Machine: ${cpus} CPUs (${os.cpus()[0]?.model ?? 'unknown'}), Node ${process.version}, timed parts ${env.BENCH_SECONDS} s each.`,
  '',
  '| benchmark | figure | value | aim |',
  '|---|---|---:|---|',
  ...rows,
  ...(problems.length ? ['', '**Problems:**', ...problems.map((p) => `- ${p}`)] : []),
  '',
].join('\n');
console.log(`\n${table}`);
fs.mkdirSync(path.join(here, 'results'), { recursive: true });
fs.writeFileSync(path.join(here, 'results', 'latest.md'), table);
console.log('written to bench/results/latest.md');
process.exit(problems.length ? 1 : 0);

// Lighthouse mobile run (Lighthouse's default: emulated phone, simulated slow 4G and CPU) against
// the built site with demo data: performance, accessibility, best practices and SEO of the pages
// a visitor opens first. Starts its own site (scripts/start.mjs) on a fresh embedded database
// unless BENCH_URL points at a running one.
// Run: npm run lighthouse -w @playfront/bench   (or: node --import tsx bench/lighthouse.bench.ts)
import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { freePort } from '../apps/server/test/free-port.ts';
import { reportFigure } from './figures.ts';

const root = path.resolve(import.meta.dirname, '..');
const PAGES = (process.env.BENCH_PAGES ?? '/,/rng').split(',');
const AIM = { performance: 90, accessibility: 95 };
/** Runs per page; the table shows the median run (LIGHTHOUSE_RUNS, default 5). */
const RUNS = Math.max(1, Number(process.env.LIGHTHOUSE_RUNS || 5));

async function startSite(): Promise<{ url: string; stop: () => Promise<void> }> {
  const port = await freePort();
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'playfront-lighthouse-'));
  const child: ChildProcess = spawn(process.execPath, [path.join(root, 'scripts/start.mjs')], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dir,
      DATABASE_URL: '',
      WEB_DIST: path.join(dir, 'web'),
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 180_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`site exited with ${child.exitCode}`);
    if (Date.now() > deadline) throw new Error('site did not start');
    try {
      if ((await fetch(`${url}/health`)).ok) break;
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 300));
  }
  return {
    url,
    stop: async () => {
      child.kill('SIGTERM');
      await new Promise((r) => child.once('exit', r));
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

const site = process.env.BENCH_URL ? { url: process.env.BENCH_URL, stop: async () => {} } : await startSite();
const chrome = await chromeLauncher.launch({
  chromePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  chromeFlags: [
    '--headless=new',
    '--no-sandbox',
    '--disable-gpu',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
  ],
});

type Row = {
  page: string;
  performance: number;
  /** Lowest and highest performance score of the runs. */
  performanceRange: string;
  accessibility: number;
  bestPractices: number;
  seo: number;
  fcp: string;
  lcp: string;
  tbt: string;
  cls: string;
};
const rows: Row[] = [];
const failedAudits: string[] = [];
const slowParts: string[] = [];
type Lhr = NonNullable<Awaited<ReturnType<typeof lighthouse>>>['lhr'];

/** One Lighthouse run of a page; a run Lighthouse itself could not record (runtimeError, e.g. NO_NAVSTART) is redone. */
async function runOnce(page: string): Promise<Lhr> {
  for (let attempt = 1; ; attempt++) {
    const result = await lighthouse(`${site.url}${page}`, {
      port: chrome.port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: ['performance', 'accessibility', 'best-practices', 'seo'],
    });
    if (!result) throw new Error(`no Lighthouse result for ${page}`);
    if (!result.lhr.runtimeError) return result.lhr;
    if (attempt === 3) throw new Error(`Lighthouse could not measure ${page}: ${result.lhr.runtimeError.code}`);
  }
}

try {
  for (const page of PAGES) {
    // Warm the server's caches once, so the run measures the page, not the first query.
    await fetch(`${site.url}${page}`);
    // Lighthouse's own advice for a score that varies from run to run: run it several times and report the median.
    const runs: Lhr[] = [];
    for (let i = 0; i < RUNS; i++) runs.push(await runOnce(page));
    const performanceOf = (lhr: Lhr) => Math.round((lhr.categories.performance?.score ?? 0) * 100);
    runs.sort((a, b) => performanceOf(a) - performanceOf(b));
    const lhr = runs[Math.floor(runs.length / 2)] as Lhr;
    const { categories, audits } = lhr;
    // LIGHTHOUSE_REPORT_DIR keeps the median run's whole report, to read what the summary leaves out.
    if (process.env.LIGHTHOUSE_REPORT_DIR) {
      fs.mkdirSync(process.env.LIGHTHOUSE_REPORT_DIR, { recursive: true });
      const name = page === '/' ? 'home' : page.replace(/[^a-z0-9]+/gi, '-').replace(/^-|-$/g, '');
      fs.writeFileSync(path.join(process.env.LIGHTHOUSE_REPORT_DIR, `${name}.json`), JSON.stringify(lhr));
    }
    const score = (id: string) => Math.round((categories[id]?.score ?? 0) * 100);
    const shown = (id: string) => audits[id]?.displayValue ?? '-';
    rows.push({
      page,
      performance: score('performance'),
      performanceRange: `${performanceOf(runs[0] as Lhr)}–${performanceOf(runs[runs.length - 1] as Lhr)}`,
      accessibility: score('accessibility'),
      bestPractices: score('best-practices'),
      seo: score('seo'),
      fcp: shown('first-contentful-paint'),
      lcp: shown('largest-contentful-paint'),
      tbt: shown('total-blocking-time'),
      cls: shown('cumulative-layout-shift'),
    });
    // Where the main thread went, for a page under the aim: the first thing to look at when fixing it.
    if (score('performance') < AIM.performance) {
      for (const id of ['mainthread-work-breakdown', 'bootup-time', 'layout-shifts', 'long-tasks']) {
        const items = ((audits[id]?.details as { items?: Record<string, unknown>[] } | undefined)?.items ?? []).slice(0, 5);
        for (const item of items) slowParts.push(`${page} ${id}: ${JSON.stringify(item).slice(0, 200)}`);
      }
    }
    for (const category of ['accessibility', 'best-practices']) {
      for (const ref of categories[category]?.auditRefs ?? []) {
        const audit = audits[ref.id];
        if (ref.weight > 0 && audit && audit.score !== null && audit.score < 1)
          failedAudits.push(`${page} ${category}: ${audit.id} (${audit.title})`);
      }
    }
  }
} finally {
  chrome.kill();
  await site.stop();
}

console.log(
  `\nLighthouse ${'12'} mobile (${new Date().toISOString().slice(0, 10)}, ${os.cpus().length} CPUs; aim: performance ≥ ${AIM.performance}, accessibility ≥ ${AIM.accessibility})`,
);
console.log(`| page | performance (median of ${RUNS}) | range | accessibility | best practices | SEO | FCP | LCP | TBT | CLS |`);
console.log('|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|');
for (const r of rows) {
  console.log(
    `| ${r.page} | ${r.performance} | ${r.performanceRange} | ${r.accessibility} | ${r.bestPractices} | ${r.seo} | ${r.fcp} | ${r.lcp} | ${r.tbt} | ${r.cls} |`,
  );
  const aimed = (category: string, value: number, aim: number) =>
    reportFigure({
      name: `Lighthouse mobile ${category} of ${r.page} (median of ${RUNS})`,
      value,
      unit: 'score',
      aim: `≥ ${aim}`,
      met: value >= aim,
    });
  aimed('performance', r.performance, AIM.performance);
  aimed('accessibility', r.accessibility, AIM.accessibility);
  reportFigure({ name: `Lighthouse mobile best practices of ${r.page}`, value: r.bestPractices, unit: 'score' });
}
if (slowParts.length) console.log(`\nMain-thread work on pages under the aim:\n${slowParts.map((a) => `- ${a}`).join('\n')}`);
if (failedAudits.length) console.log(`\nAudits not passed:\n${failedAudits.map((a) => `- ${a}`).join('\n')}`);

// Lighthouse mobile run (Lighthouse's default: emulated phone, simulated slow 4G and CPU) against
// the built site with demo data: performance, accessibility, best practices and SEO of every route of spec
// section 2 a person lands on (issue 19), as a guest and logged in. Starts its own site (scripts/start.mjs) on a
// fresh embedded database unless BENCH_URL points at a running one (then BENCH_OPERATOR_KEY for the console route).
// A logged-in route gets its session the way the site keeps it: the demo member (or agent) logs in through the
// real sealed login call, and the token and member keys are placed in the tab's session storage before the page's
// first script (the console: its staff session key, after the real enrolment with a TOTP code).
// Run: npm run lighthouse -w @playfront/bench   (or: node --import tsx bench/lighthouse.bench.ts)
// BENCH_PAGES=/,/login,member:/favorite,agent:/agentHome,staff:/console picks routes (default: all of them);
// LIGHTHOUSE_RUNS runs per route (default 3), LIGHTHOUSE_REPORT_DIR keeps each median run's whole report.
import { type ChildProcess, spawn } from 'node:child_process';
import { createHmac, randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
// Lighthouse's own browser driver (a dependency of lighthouse): a page of our own lets the run place a session first.
import puppeteer, { type Browser } from 'puppeteer-core';
import { DEMO_PASSWORD } from '../apps/server/src/seed/demo-accounts.ts';
import { DEMO_MERCHANT_CODE } from '../apps/server/src/seed/demo-brand.ts';
import { freePort } from '../apps/server/test/free-port.ts';
import { MEMBER_PAGES } from '../apps/web/src/app/member-centre/member-centre-pages.ts';
import { CONSOLE_PATHS, OPS_STAFF_PATH, STAFF_SESSION_STORAGE_KEY } from '../packages/contract/src/console-paths.ts';
import { sealForServer } from '../packages/contract/src/encrypted-payload.ts';
import { SESSION_PATHS } from '../packages/contract/src/session-paths.ts';
import { SYSTEM_PATHS } from '../packages/contract/src/system-paths.ts';
import { reportFigure } from './figures.ts';

const root = path.resolve(import.meta.dirname, '..');
/** Who opens a route: a new visitor, the demo member, the demo agent, or a console staff member. */
type Visitor = 'guest' | 'member' | 'agent' | 'staff';
type Route = { path: string; as: Visitor };
const ALL_ROUTES: Route[] = [
  ...['/', '/login', '/register', '/help', '/promotions', '/live', '/fish', '/rng?vassalage=PG', '/pvp', '/sports', '/esports']
    .concat(['/lott', '/elott', '/agent'])
    .map((p) => ({ path: p, as: 'guest' as const })),
  ...MEMBER_PAGES.map((p) => ({ path: `/member?page=${p}`, as: 'member' as const })),
  ...['/favorite', '/recent', '/pointMall', '/lottery'].map((p) => ({ path: p, as: 'member' as const })),
  { path: '/agentHome', as: 'agent' },
  { path: '/console', as: 'staff' },
];
/** `member:/favorite` → the demo member opens /favorite; a bare path is a guest's visit. */
const parseRoute = (entry: string): Route => {
  const m = /^(guest|member|agent|staff):(.*)$/.exec(entry.trim());
  return m ? { as: m[1] as Visitor, path: m[2] as string } : { as: 'guest', path: entry.trim() };
};
const ROUTES = process.env.BENCH_PAGES ? process.env.BENCH_PAGES.split(',').filter(Boolean).map(parseRoute) : ALL_ROUTES;
const label = (r: Route) => (r.as === 'guest' ? r.path : `${r.path} (${r.as})`);
const AIM = { performance: 95, accessibility: 100 };
/** Runs per route; the table shows the median run and the range (LIGHTHOUSE_RUNS, default 3). */
const RUNS = Math.max(1, Number(process.env.LIGHTHOUSE_RUNS || 3));
const OPERATOR_KEY = process.env.BENCH_OPERATOR_KEY ?? `bench-${randomUUID()}`;

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
      SEED_DEMO: 'true',
      OPERATOR_API_KEY: OPERATOR_KEY,
      WEB_DIST: path.join(dir, 'web'),
      CONSOLE_DIST: path.join(dir, 'console'),
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 300_000;
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
      if (child.exitCode === null) await new Promise((r) => child.once('exit', r));
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

const site = process.env.BENCH_URL ? { url: process.env.BENCH_URL, stop: async () => {} } : await startSite();

async function call(method: string, url: string, init: { headers?: Record<string, string>; body?: string } = {}) {
  const res = await fetch(`${site.url}${url}`, { method, headers: init.headers, body: init.body });
  const json = (await res.json()) as { value?: Record<string, unknown> };
  if (!res.ok || !json.value) throw new Error(`${method} ${url} → ${res.status} ${JSON.stringify(json)}`);
  return json.value;
}
const operatorCall = (method: string, url: string, body?: unknown) =>
  call(method, url, {
    headers: { 'x-operator-key': OPERATOR_KEY, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });

/**
 * The session storage a login leaves in the tab, after a real login of the demo account through the sealed login
 * call: the merchant the brand's permission answer named (lib/permission.ts keeps it before anyone can log in), the
 * token, then the member keys once member info answered (lib/session-store.ts). Without the merchant the tab would
 * be one no visitor has: its calls would carry a merchant header only from the page's own permission answer on.
 */
async function memberSession(username: string): Promise<Record<string, string>> {
  const { brand } = (await call('GET', SYSTEM_PATHS.permission)) as { brand: { merchantCode: string } };
  const { publicKey } = (await call('GET', SESSION_PATHS.publicKey)) as { publicKey: string };
  const { header, body } = await sealForServer(publicKey, { username, password: DEMO_PASSWORD }, { path: SESSION_PATHS.login });
  const { token } = (await call('POST', SESSION_PATHS.login, {
    headers: { merchant: DEMO_MERCHANT_CODE, encryption: header, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  })) as { token: string };
  const info = (await call('GET', SESSION_PATHS.memberInfo, { headers: { merchant: DEMO_MERCHANT_CODE, authorization: token } })) as {
    id: number | string;
    account: string;
    nickname: string;
    type: number;
  };
  return {
    merchant: brand.merchantCode,
    merchantCode: brand.merchantCode,
    token,
    isAgent: String(info.type !== 0 && username === 'demoagent'),
    account: info.account,
    nickname: info.nickname,
    username: info.account,
    customerId: String(info.id),
  };
}

/** RFC 6238 TOTP (SHA-1, 6 digits, 30 s): the code an authenticator app shows for a base32 secret. */
function totp(base32: string, at = Date.now()): string {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';
  let bits = '';
  for (const c of base32.replace(/=+$/, '').toUpperCase()) bits += alphabet.indexOf(c).toString(2).padStart(5, '0');
  const key = Buffer.from((bits.match(/.{8}/g) ?? []).map((b) => Number.parseInt(b, 2)));
  const counter = Buffer.alloc(8);
  counter.writeBigUInt64BE(BigInt(Math.floor(at / 30_000)));
  const mac = createHmac('sha1', key).update(counter).digest();
  const offset = (mac[mac.length - 1] as number) & 0xf;
  return String((mac.readUInt32BE(offset) & 0x7fffffff) % 1_000_000).padStart(6, '0');
}

/** A console owner made as an operator does (POST /ops/staff), enrolled through the console API with a TOTP code. */
async function staffSession(): Promise<Record<string, string>> {
  const made = (await operatorCall('POST', OPS_STAFF_PATH, { username: `bench${Date.now().toString().slice(-6)}`, role: 'owner' })) as {
    enrolmentLink: string;
  };
  const token = new URL(made.enrolmentLink, site.url).searchParams.get('token') ?? '';
  const json = { 'content-type': 'application/json', merchant: DEMO_MERCHANT_CODE };
  const started = (await call('POST', CONSOLE_PATHS.enrolStart, {
    headers: json,
    body: JSON.stringify({ token, password: 'correct-horse-battery-bench' }),
  })) as { secret: string };
  const confirmed = (await call('POST', CONSOLE_PATHS.enrolConfirm, {
    headers: json,
    body: JSON.stringify({ token, code: totp(started.secret) }),
  })) as { sessionToken: string };
  return { [STAFF_SESSION_STORAGE_KEY]: JSON.stringify({ token: confirmed.sessionToken, secondFactor: 'passed' }) };
}

// The demo brand's envelope rains recur every few minutes and would cover a page in some runs and not others: switched
// off through the operator API (as the e2e journeys do), so every run measures the same page.
async function stopDemoRains(): Promise<void> {
  const rains = (await operatorCall('GET', '/ops/envelopes/rains')) as { list: Record<string, unknown>[] };
  for (const rain of rains.list) await operatorCall('PUT', `/ops/envelopes/rains/${rain.id}`, { ...rain, active: false });
}

const sessions: Partial<Record<Visitor, Record<string, string>>> = {};
if (!process.env.BENCH_URL || process.env.BENCH_OPERATOR_KEY) await stopDemoRains();
if (ROUTES.some((r) => r.as === 'member')) sessions.member = await memberSession('demomember');
if (ROUTES.some((r) => r.as === 'agent')) sessions.agent = await memberSession('demoagent');
if (ROUTES.some((r) => r.as === 'staff')) sessions.staff = await staffSession();

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
const browser: Browser = await puppeteer.connect({ browserURL: `http://127.0.0.1:${chrome.port}`, defaultViewport: null });

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

/** A new tab; on a loaded machine Chromium now and then answers the first ask with "Session with given id not found". */
async function newTab() {
  for (let attempt = 1; ; attempt++) {
    try {
      return await browser.newPage();
    } catch (err) {
      if (attempt === 3) throw err;
      await new Promise((resolve) => setTimeout(resolve, 1000));
    }
  }
}

/**
 * One Lighthouse run of a route in a new tab, as Lighthouse opens one itself; a logged-in route's session is put in
 * the tab's session storage before the page's first script, where the site's own login leaves it. A run Lighthouse
 * itself could not record (runtimeError, e.g. NO_NAVSTART) is redone.
 */
async function runOnce(route: Route): Promise<Lhr> {
  for (let attempt = 1; ; attempt++) {
    const tab = await newTab();
    try {
      const stored = sessions[route.as];
      if (stored)
        await tab.evaluateOnNewDocument(
          (origin: string, entries: [string, string][]) => {
            // Runs in the page (a browser, not Node): the DOM's globals, reached through globalThis.
            const page = globalThis as unknown as { location: { origin: string }; sessionStorage: { setItem(k: string, v: string): void } };
            if (page.location.origin !== origin) return;
            for (const [key, value] of entries) page.sessionStorage.setItem(key, value);
          },
          new URL(site.url).origin,
          Object.entries(stored),
        );
      const result = await lighthouse(
        `${site.url}${route.path}`,
        { output: 'json', logLevel: 'error', onlyCategories: ['performance', 'accessibility', 'best-practices', 'seo'] },
        undefined,
        tab,
      );
      if (!result) throw new Error(`no Lighthouse result for ${label(route)}`);
      if (!result.lhr.runtimeError) {
        // A logged-in route that fell back to the login popup or home would measure the wrong page.
        // (The console moves a signed-in owner from /console on to its dashboard; a lost session ends on its login.)
        const ended = new URL(result.lhr.finalDisplayedUrl).pathname;
        const lost =
          route.as === 'staff'
            ? /^\/console\/(login|enrol)/.test(ended)
            : route.as !== 'guest' && ended !== new URL(`${site.url}${route.path}`).pathname;
        if (lost) throw new Error(`${label(route)} ended at ${result.lhr.finalDisplayedUrl}: the session was not taken`);
        return result.lhr;
      }
      if (attempt === 3) throw new Error(`Lighthouse could not measure ${label(route)}: ${result.lhr.runtimeError.code}`);
    } finally {
      await tab.close();
    }
  }
}

try {
  for (const route of ROUTES) {
    const page = label(route);
    // Warm the server's caches once, so the run measures the page, not the first query.
    await fetch(`${site.url}${route.path}`);
    // Lighthouse's own advice for a score that varies from run to run: run it several times and report the median.
    const runs: Lhr[] = [];
    for (let i = 0; i < RUNS; i++) runs.push(await runOnce(route));
    const performanceOf = (lhr: Lhr) => Math.round((lhr.categories.performance?.score ?? 0) * 100);
    runs.sort((a, b) => performanceOf(a) - performanceOf(b));
    const lhr = runs[Math.floor(runs.length / 2)] as Lhr;
    const { categories, audits } = lhr;
    // LIGHTHOUSE_REPORT_DIR keeps the median run's whole report, to read what the summary leaves out.
    if (process.env.LIGHTHOUSE_REPORT_DIR) {
      fs.mkdirSync(process.env.LIGHTHOUSE_REPORT_DIR, { recursive: true });
      const name = `${route.as}-${route.path === '/' ? 'home' : route.path.replace(/[^a-z0-9]+/gi, '-').replace(/^-|-$/g, '')}`;
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
    console.error(
      `[lighthouse] ${page}: ${rows.at(-1)?.performance} (${rows.at(-1)?.performanceRange}), accessibility ${rows.at(-1)?.accessibility}`,
    );
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
  await browser.disconnect();
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
}
if (slowParts.length) console.log(`\nMain-thread work on pages under the aim:\n${slowParts.map((a) => `- ${a}`).join('\n')}`);
if (failedAudits.length) console.log(`\nAudits not passed:\n${failedAudits.map((a) => `- ${a}`).join('\n')}`);

import { type Browser, type BrowserContext, chromium, type Page } from 'playwright-core';
import { inject } from 'vitest';
import type { E2eSite } from './global-setup.ts';

/** Debian's Chromium, with the flags this closed network needs (see DESIGN.md gotchas). */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export function launchBrowser(): Promise<Browser> {
  return chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS, headless: true });
}

/**
 * This test worker's site. The run starts one site per worker (global-setup.ts), and vitest numbers the workers
 * 1..n (VITEST_POOL_ID), so two files that run at the same time never share a site or its database.
 */
export function site(): E2eSite {
  const sites = inject('sites');
  const worker = Number(process.env.VITEST_POOL_ID ?? '1');
  const mine = sites[(worker - 1) % sites.length];
  if (!mine) throw new Error('no e2e site was started');
  return mine;
}

export type VisitorOptions = {
  /** Browser languages, most preferred first (Accept-Language and navigator.languages). */
  locale?: string;
  /** Pretend to come from this address (the server trusts X-Forwarded-For in tests). */
  ip?: string;
  viewport?: { width: number; height: number };
};

/** A fresh visitor: new profile (no storage), its own languages and address. */
export async function newVisitor(browser: Browser, options: VisitorOptions = {}): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({
    baseURL: site().baseUrl,
    locale: options.locale ?? 'bn-BD',
    viewport: options.viewport ?? { width: 1280, height: 800 },
    extraHTTPHeaders: options.ip ? { 'x-forwarded-for': options.ip } : {},
  });
  const page = await context.newPage();
  return { context, page };
}

/** Calls the operator API, as an operator's tool would. */
export async function operator(method: 'GET' | 'PUT' | 'POST' | 'DELETE', path: string, body?: unknown): Promise<unknown> {
  const res = await fetch(`${site().baseUrl}${path}`, {
    method,
    headers: { 'x-operator-key': site().operatorKey, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: body === undefined ? null : JSON.stringify(body),
  });
  if (!res.ok) throw new Error(`operator ${method} ${path} → ${res.status} ${await res.text()}`);
  return res.json();
}

/** The newest code the SMS (or e-mail) outbox holds for a recipient, read as an operator would. */
export async function lastOutboxCode(recipient: string): Promise<string> {
  const answer = (await operator('GET', `/ops/outbox?recipient=${encodeURIComponent(recipient)}`)) as {
    value: { payload: { code?: string } }[];
  };
  const code = answer.value[0]?.payload.code;
  if (!code) throw new Error(`no code in the outbox for ${recipient}`);
  return code;
}

import { type Browser, type BrowserContext, chromium, type Page } from 'playwright-core';
import { inject } from 'vitest';

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
    baseURL: inject('baseUrl'),
    locale: options.locale ?? 'bn-BD',
    viewport: options.viewport ?? { width: 1280, height: 800 },
    extraHTTPHeaders: options.ip ? { 'x-forwarded-for': options.ip } : {},
  });
  const page = await context.newPage();
  return { context, page };
}

/** Calls the operator API, as an operator's tool would. */
export async function operator(method: 'GET' | 'PUT' | 'POST' | 'DELETE', path: string, body?: unknown): Promise<unknown> {
  const res = await fetch(`${inject('baseUrl')}${path}`, {
    method,
    headers: { 'x-operator-key': inject('operatorKey'), ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
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

import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance, FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
import { escapeHtml } from '../../http/escape-html.ts';
import type { SandboxPaymentRow } from './funds.table.ts';
import { SANDBOX_PAGE_PREFIX, type SandboxWebhookBody } from './sandbox-gateway.ts';
import { SANDBOX_SIGNATURE_HEADER, SANDBOX_TIMESTAMP_HEADER, signSandbox } from './sandbox-signature.ts';

/**
 * The built-in sandbox payment gateway, served by this server but behaving like
 * an external one: its own table, its own page (server-rendered, no script, so
 * the site's CSP holds), and it reports results only through a signed webhook
 * sent with `fetch` to this server's listening address, then sends the payer
 * back to the return URL. Lets the whole deposit flow run without a provider.
 */
const TEXT = {
  en: {
    title: 'Sandbox payment',
    amount: 'Amount',
    order: 'Order',
    confirm: 'Pay now',
    cancel: 'Cancel payment',
    note: 'Test gateway: no real money moves.',
    done: 'This payment is already closed.',
    expired: 'This payment has expired.',
    missing: 'Payment not found.',
  },
  bn: {
    title: 'স্যান্ডবক্স পেমেন্ট',
    amount: 'পরিমাণ',
    order: 'অর্ডার',
    confirm: 'এখনই পরিশোধ করুন',
    cancel: 'পেমেন্ট বাতিল করুন',
    note: 'পরীক্ষামূলক গেটওয়ে: কোনো আসল টাকা লেনদেন হয় না।',
    done: 'এই পেমেন্টটি ইতিমধ্যে বন্ধ হয়ে গেছে।',
    expired: 'এই পেমেন্টের মেয়াদ শেষ হয়ে গেছে।',
    missing: 'পেমেন্ট পাওয়া যায়নি।',
  },
} as const;
type Lang = keyof typeof TEXT;

/** The page brings its own Bengali font: a payer's device may have none (system fonts show boxes). */
const FONT_PATH = `${SANDBOX_PAGE_PREFIX}/font/noto-sans-bengali-400.woff2`;
const fontFile = () =>
  createRequire(import.meta.url).resolve('@fontsource/noto-sans-bengali/files/noto-sans-bengali-bengali-400-normal.woff2');

/** Minor units → "1,234.50" without ever going through a float. */
export function formatMinor(amount: bigint): string {
  const negative = amount < 0n;
  const abs = negative ? -amount : amount;
  const whole = (abs / 100n).toString().replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return `${negative ? '-' : ''}${whole}.${(abs % 100n).toString().padStart(2, '0')}`;
}

function page(lang: Lang, body: string): string {
  const t = TEXT[lang];
  return `<!doctype html><html lang="${lang}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>${t.title}</title><style>@font-face{font-family:'Noto Sans Bengali';font-weight:400;font-display:swap;src:url(${FONT_PATH}) format('woff2');unicode-range:U+0951-0952,U+0964-0965,U+0980-09FE,U+1CD0,U+1CD2,U+1CD5-1CD6,U+1CD8,U+1CE1,U+1CEA,U+1CED,U+1CF2,U+1CF5-1CF7,U+200C-200D,U+20B9,U+25CC,U+A8F1}
body{font-family:system-ui,'Noto Sans Bengali',sans-serif;background:#101828;color:#f2f4f7;display:flex;justify-content:center;padding:2rem}
main{background:#1d2939;border-radius:12px;padding:1.5rem;max-width:24rem;width:100%}button{width:100%;padding:.75rem;margin-top:.75rem;border-radius:8px;border:0;font-size:1rem;cursor:pointer}
.pay{background:#fdb022;color:#101828}.cancel{background:#475467;color:#fff}dd{margin:0 0 .5rem;font-size:1.25rem}small{color:#98a2b3}</style></head>
<body><main><h1>${t.title}</h1>${body}<p><small>${t.note}</small></p></main></body></html>`;
}

/** This server's own address, as the gateway's webhook target (a wildcard bind is reached through loopback). */
function selfOrigin(app: FastifyInstance): string {
  const address = app.server.address() as AddressInfo | string | null;
  if (!address || typeof address === 'string') throw new Error('the server is not listening on TCP: the sandbox gateway cannot call back');
  const host = address.address === '0.0.0.0' || address.address === '::' ? '127.0.0.1' : address.address;
  return `http://${address.family === 'IPv6' && host !== '127.0.0.1' ? `[${host}]` : host}:${address.port}`;
}

export type SandboxGatewayOptions = { secret: string };

const ParamsSchema = z.object({ paymentId: z.string().regex(/^sbx_[0-9a-f]{32}$/) });
const ActionSchema = z.enum(['confirm', 'cancel']);

export const sandboxGatewayPlugin: FastifyPluginAsync<SandboxGatewayOptions> = async (app, { secret }) => {
  // The page's forms post url-encoded bodies; nothing in them is needed (the action is in the path).
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_req, _body, done) => done(null, {}));

  const langOf = (query: unknown): Lang => ((query as { lang?: string } | undefined)?.lang === 'en' ? 'en' : 'bn');

  app.get(FONT_PATH, { schema: { hide: true } }, async (_request, reply) =>
    reply
      .header('content-type', 'font/woff2')
      .header('cache-control', 'public, max-age=31536000, immutable')
      .send(fs.createReadStream(fontFile())),
  );

  app.get(`${SANDBOX_PAGE_PREFIX}/:paymentId`, { schema: { hide: true } }, async (request, reply) => {
    const lang = langOf(request.query);
    const t = TEXT[lang];
    reply.type('text/html; charset=utf-8').header('cache-control', 'no-store');
    const params = ParamsSchema.safeParse(request.params);
    const payment = params.success
      ? await app.deps.db.selectFrom('sandbox_payment').selectAll().where('id', '=', params.data.paymentId).executeTakeFirst()
      : undefined;
    if (!payment) return reply.status(404).send(page(lang, `<p>${t.missing}</p>`));
    if (payment.status !== 'PENDING') return page(lang, `<p>${t.done}</p>`);
    if (payment.expires_at <= app.deps.now()) return page(lang, `<p>${t.expired}</p>`);
    const action = (a: string) => `${SANDBOX_PAGE_PREFIX}/${payment.id}/${a}?lang=${lang}`;
    return page(
      lang,
      `<dl><dt>${t.amount}</dt><dd>${escapeHtml(payment.currency)} ${formatMinor(payment.amount)}</dd><dt>${t.order}</dt><dd>${escapeHtml(payment.merchant_order_no)}</dd></dl>
<form method="post" action="${action('confirm')}"><button class="pay" type="submit">${t.confirm}</button></form>
<form method="post" action="${action('cancel')}"><button class="cancel" type="submit">${t.cancel}</button></form>`,
    );
  });

  app.post(`${SANDBOX_PAGE_PREFIX}/:paymentId/:action`, { schema: { hide: true } }, async (request, reply) => {
    const { db, now } = app.deps;
    const lang = langOf(request.query);
    const params = ParamsSchema.safeParse(request.params);
    const action = ActionSchema.safeParse((request.params as { action?: string }).action);
    if (!params.success || !action.success)
      return reply
        .status(404)
        .type('text/html; charset=utf-8')
        .send(page(lang, `<p>${TEXT[lang].missing}</p>`));
    const at = now();
    // The conditional update makes a double click (or two tabs) close the payment once.
    const paid = action.data === 'confirm';
    const closed = await db
      .updateTable('sandbox_payment')
      .set({
        status: paid ? 'PAID' : 'CANCELLED',
        transaction_id: paid ? `sbxtx_${randomBytes(12).toString('hex')}` : null,
        completed_at: at,
      })
      .where('id', '=', params.data.paymentId)
      .where('status', '=', 'PENDING')
      .where('expires_at', '>', at)
      .returningAll()
      .executeTakeFirst();
    const payment =
      closed ?? (await db.selectFrom('sandbox_payment').selectAll().where('id', '=', params.data.paymentId).executeTakeFirst());
    if (!payment)
      return reply
        .status(404)
        .type('text/html; charset=utf-8')
        .send(page(lang, `<p>${TEXT[lang].missing}</p>`));
    if (closed) await notify(app, secret, closed, at, request.log);
    return reply.redirect(payment.return_url, 303);
  });
};

/** Posts the signed result, retrying a few times as real gateways do; the platform's side is idempotent. */
async function notify(app: FastifyInstance, secret: string, payment: SandboxPaymentRow, at: Date, log: FastifyInstance['log']) {
  const body: SandboxWebhookBody = {
    eventId: `evt_${randomBytes(12).toString('hex')}`,
    paymentId: payment.id,
    merchantOrderNo: payment.merchant_order_no,
    status: payment.status === 'PAID' ? 'PAID' : 'FAILED',
    transactionId: payment.transaction_id,
    amount: String(payment.amount),
    currency: payment.currency,
    reason: payment.status === 'PAID' ? null : 'CANCELLED_BY_PAYER',
  };
  const raw = JSON.stringify(body);
  const url = new URL(payment.notify_url, selfOrigin(app)).toString();
  for (let attempt = 1; attempt <= 3; attempt++) {
    const timestamp = String(Math.floor(at.getTime() / 1000));
    try {
      const res = await fetch(url, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          [SANDBOX_TIMESTAMP_HEADER]: timestamp,
          [SANDBOX_SIGNATURE_HEADER]: signSandbox(secret, timestamp, raw),
        },
        body: raw,
        signal: AbortSignal.timeout(10_000),
      });
      if (res.ok) return;
      log.warn({ status: res.status, attempt }, 'sandbox gateway: webhook refused');
      if (res.status < 500) return;
    } catch (err) {
      log.warn({ err, attempt }, 'sandbox gateway: webhook failed');
    }
  }
}

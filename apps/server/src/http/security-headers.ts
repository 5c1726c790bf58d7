import type { FastifyInstance } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';

/** The content security policy of the site's pages (the SPA, the house game pages, the sandbox payment page, /docs). */
const PAGE_CSP_DIRECTIVES = {
  defaultSrc: ["'self'"],
  scriptSrc: ["'self'"],
  styleSrc: ["'self'", "'unsafe-inline'"],
  imgSrc: ["'self'", 'data:', 'blob:'],
  fontSrc: ["'self'", 'data:'],
  connectSrc: ["'self'", 'ws:', 'wss:'],
  frameSrc: ["'self'"],
  frameAncestors: ["'self'"],
  objectSrc: ["'none'"],
  baseUri: ["'self'"],
  formAction: ["'self'"],
  upgradeInsecureRequests: null,
};

/**
 * A JSON answer runs no script and shows nothing: its policy allows nothing and no one may frame it (the
 * OWASP REST guidance), and it is a fixed string rather than the page policy built per request.
 */
export const API_CSP = "default-src 'none'; frame-ancestors 'none'";

/** The headers helmet would set for `options`, worked out once by running it against a recording response. */
function helmetHeaders(options: HelmetOptions): Record<string, string> {
  const headers: Record<string, string> = {};
  const res = {
    setHeader: (name: string, value: string | number | readonly string[]) => {
      headers[name.toLowerCase()] = String(value);
    },
    removeHeader: () => {},
  };
  // helmet's middleware only calls setHeader/removeHeader and next, synchronously.
  helmet(options)({} as never, res as never, () => {});
  return headers;
}

const COMMON: HelmetOptions = {
  // HSTS only makes sense over TLS: registerHsts sets it when the request came over HTTPS.
  strictTransportSecurity: false,
  referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
  crossOriginEmbedderPolicy: false,
};

/** Every answer's security headers but the CSP, computed once at start. */
export const BASE_SECURITY_HEADERS = helmetHeaders({ ...COMMON, contentSecurityPolicy: false });
/** The pages' CSP, computed once at start. */
export const PAGE_CSP = helmetHeaders({ ...COMMON, contentSecurityPolicy: { directives: PAGE_CSP_DIRECTIVES } })[
  'content-security-policy'
] as string;

/** The pages' CSP with some inline scripts allowed by their hashes (`'sha256-…'`): computed once by its caller. */
export function pageCspAllowing(scriptHashes: readonly string[]): string {
  const directives = { ...PAGE_CSP_DIRECTIVES, scriptSrc: [...PAGE_CSP_DIRECTIVES.scriptSrc, ...scriptHashes] };
  return helmetHeaders({ ...COMMON, contentSecurityPolicy: { directives } })['content-security-policy'] as string;
}

/**
 * helmet's header values worked out once, not per request (@fastify/helmet rebuilt them on every answer: 1–3.5 % of
 * a money call's CPU). Every answer gets the base headers; an HTML page gets the page CSP, anything else the API
 * CSP, unless its route set a stricter policy of its own.
 */
export function registerSecurityHeaders(app: FastifyInstance) {
  app.addHook('onRequest', async (_request, reply) => {
    reply.headers(BASE_SECURITY_HEADERS);
  });
  app.addHook('onSend', async (_request, reply) => {
    if (reply.hasHeader('content-security-policy')) return;
    const type = reply.getHeader('content-type');
    reply.header('content-security-policy', typeof type === 'string' && type.startsWith('text/html') ? PAGE_CSP : API_CSP);
  });
}

import type { FastifyRequest } from 'fastify';

/** The language of a call's answer texts: its Language header, EN or BN (the brand's default). */
export function langOf(request: FastifyRequest): 'en' | 'bn' {
  const h = request.headers.language;
  const v = (Array.isArray(h) ? h[0] : h)?.toLowerCase();
  return v?.startsWith('en') ? 'en' : 'bn';
}

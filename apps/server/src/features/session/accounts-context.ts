import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from '../../http/app-error.ts';
import { createOutboxEmailSender, type EmailSender } from '../../infra/messaging/email-sender.ts';
import { createOutboxSmsSender, type SmsSender } from '../../infra/messaging/sms-sender.ts';
import { findBrand } from '../brand/brand.repository.ts';
import type { BrandRow } from '../brand/brand.table.ts';
import { createLimits, type Limits } from './abuse-limits.ts';
import { type SocialProviders, socialProvidersFromConfig } from './social-login.ts';

/**
 * What the session and member routes share: the abuse limits and the message
 * senders. One per app (keyed by `app.deps`, which every encapsulated plugin
 * of an app shares), made on first use.
 */
export type AccountsContext = { limits: Limits; sms: SmsSender; email: EmailSender; social: SocialProviders };

const contexts = new WeakMap<object, AccountsContext>();

export function accountsContext(app: FastifyInstance): AccountsContext {
  let ctx = contexts.get(app.deps);
  if (!ctx) {
    ctx = {
      limits: createLimits(app.deps.redis, app.deps.config.redisKeyPrefix),
      sms: createOutboxSmsSender(app.deps.db, app.log),
      email: createOutboxEmailSender(app.deps.db, app.log),
      social: socialProvidersFromConfig(),
    };
    contexts.set(app.deps, ctx);
  }
  return ctx;
}

/** The brand a request belongs to: the Merchant header's, else the default brand. */
export async function requestBrand(request: FastifyRequest): Promise<BrandRow> {
  const header = request.headers.merchant;
  const merchant = (Array.isArray(header) ? header[0] : header)?.trim();
  const brand = await findBrand(request.server.deps.db, merchant || undefined);
  if (!brand) throw new AppError('NOT_FOUND');
  return brand;
}

export const ok = <T>(value: T) => ({ success: true as const, message: 'ok', value });

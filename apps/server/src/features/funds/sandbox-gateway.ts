import { randomBytes } from 'node:crypto';
import type { IncomingHttpHeaders } from 'node:http';
import { z } from 'zod';
import type { Db } from '../../db/database.ts';
import { AppError } from '../../http/app-error.ts';
import type { CreatePaymentInput, PaymentEvent, PaymentGateway } from './payment-gateway.ts';
import { SANDBOX_SIGNATURE_HEADER, SANDBOX_TIMESTAMP_HEADER, sandboxSignatureMatches } from './sandbox-signature.ts';

export const SANDBOX_GATEWAY_CODE = 'sandbox';
export const SANDBOX_PAGE_PREFIX = '/sandbox-pay';

const header = (headers: IncomingHttpHeaders, name: string) => {
  const v = headers[name];
  return Array.isArray(v) ? v[0] : v;
};

/** The body the sandbox gateway posts (amounts as strings of minor units, like everything else). */
export const SandboxWebhookBodySchema = z.object({
  eventId: z.string().min(8).max(100),
  paymentId: z.string().min(8).max(100),
  merchantOrderNo: z.string().min(1).max(64),
  status: z.enum(['PAID', 'FAILED']),
  transactionId: z.string().min(8).max(100).nullable(),
  amount: z.string().regex(/^[1-9]\d{0,15}$/),
  currency: z.string().regex(/^[A-Z]{3}$/),
  reason: z.string().max(200).nullable(),
});
export type SandboxWebhookBody = z.infer<typeof SandboxWebhookBodySchema>;

/**
 * The platform's client of the built-in sandbox gateway. Creating a payment
 * writes the gateway's own table directly (it lives in this process; a real
 * provider would be an HTTPS call), but its result comes back only the way a
 * real one's would: a signed webhook over HTTP.
 */
export function sandboxGateway(secret: string, maxSkewMs: number): PaymentGateway {
  return {
    code: SANDBOX_GATEWAY_CODE,

    async createPayment(db: Db, input: CreatePaymentInput) {
      const paymentId = `sbx_${randomBytes(16).toString('hex')}`;
      await db
        .insertInto('sandbox_payment')
        .values({
          id: paymentId,
          merchant_order_no: input.orderNo,
          amount: input.amount,
          currency: input.currency,
          notify_url: input.notifyPath,
          return_url: input.returnPath,
          expires_at: input.expiresAt,
        })
        .execute();
      return { paymentId, payUrl: `${SANDBOX_PAGE_PREFIX}/${paymentId}?lang=${input.lang}` };
    },

    verifyWebhook(rawBody, headers, now) {
      const timestamp = header(headers, SANDBOX_TIMESTAMP_HEADER) ?? '';
      const signature = header(headers, SANDBOX_SIGNATURE_HEADER) ?? '';
      if (!/^\d{1,12}$/.test(timestamp) || !sandboxSignatureMatches(secret, timestamp, rawBody, signature)) {
        throw new AppError('WEBHOOK_SIGNATURE_INVALID');
      }
      // Checked after the signature, so a forged call learns nothing about our clock.
      if (Math.abs(now.getTime() - Number(timestamp) * 1000) > maxSkewMs) throw new AppError('WEBHOOK_STALE');
    },

    parseWebhook(rawBody): PaymentEvent {
      let json: unknown;
      try {
        json = JSON.parse(rawBody.toString('utf8'));
      } catch {
        throw new AppError('VALIDATION');
      }
      const parsed = SandboxWebhookBodySchema.safeParse(json);
      if (!parsed.success) throw new AppError('VALIDATION');
      const b = parsed.data;
      if ((b.status === 'PAID') !== (b.transactionId !== null)) throw new AppError('VALIDATION');
      return {
        eventId: b.eventId,
        paymentId: b.paymentId,
        orderNo: b.merchantOrderNo,
        status: b.status,
        transactionId: b.transactionId,
        amount: BigInt(b.amount),
        currency: b.currency,
        reason: b.reason,
      };
    },
  };
}

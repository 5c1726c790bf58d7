import type { IncomingHttpHeaders } from 'node:http';
import type { Db } from '../../db/database.ts';

/**
 * What the platform needs from a payment provider. The built-in sandbox
 * implements it; a real provider (bKash, Nagad, a bank aggregator…) replaces
 * it without touching the deposit flow.
 */
export type CreatePaymentInput = {
  orderNo: string;
  amount: bigint;
  currency: string;
  /** 'en' or 'bn': the language of the provider's page, where it has one. */
  lang: 'en' | 'bn';
  /** Where the provider sends the payer back (a path of this site). */
  returnPath: string;
  /** Where the provider posts its signed result (a path of this site). */
  notifyPath: string;
  expiresAt: Date;
};

export type CreatedPayment = { paymentId: string; payUrl: string };

/** A provider's report about one payment, once its signature has been checked. */
export type PaymentEvent = {
  /** Unique per report: a second delivery of the same report has no effect. */
  eventId: string;
  paymentId: string;
  orderNo: string;
  status: 'PAID' | 'FAILED';
  /** The provider's transaction id (PAID): the ledger's idempotency key of the credit. */
  transactionId: string | null;
  amount: bigint;
  currency: string;
  reason: string | null;
};

export type PaymentGateway = {
  readonly code: string;
  createPayment(db: Db, input: CreatePaymentInput): Promise<CreatedPayment>;
  /** Throws AppError WEBHOOK_SIGNATURE_INVALID or WEBHOOK_STALE. Works on the raw bytes, before any parsing. */
  verifyWebhook(rawBody: Buffer, headers: IncomingHttpHeaders, now: Date): void;
  /** Throws AppError VALIDATION when the body is not a well-formed report. */
  parseWebhook(rawBody: Buffer): PaymentEvent;
};

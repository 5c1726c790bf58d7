import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/database.ts';
import { writeOutbox } from './outbox.ts';

export type SmsTemplate = 'verification-code';

export type SmsMessage = {
  brandId: number;
  /** E.164 without spaces: `+8801711000001`. */
  to: string;
  template: SmsTemplate;
  params: Record<string, string | number>;
};

/** Sends one SMS. Implementations must not throw for an unknown number: the caller's answer must not depend on it. */
export interface SmsSender {
  send(message: SmsMessage): Promise<void>;
}

/** Default sender: writes the message to the outbox table (no network). */
export function createOutboxSmsSender(db: Db, log: FastifyBaseLogger): SmsSender {
  return {
    send: (m) => writeOutbox(db, log, { brandId: m.brandId, channel: 'sms', recipient: m.to, template: m.template, payload: m.params }),
  };
}

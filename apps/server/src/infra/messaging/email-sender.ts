import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/database.ts';
import { writeOutbox } from './outbox.ts';

export type EmailTemplate = 'password-reset-code' | 'verification-code';

export type EmailMessage = {
  brandId: number;
  to: string;
  template: EmailTemplate;
  params: Record<string, string | number>;
};

export interface EmailSender {
  send(message: EmailMessage): Promise<void>;
}

/** Default sender: writes the message to the outbox table (no network). */
export function createOutboxEmailSender(db: Db, log: FastifyBaseLogger): EmailSender {
  return {
    send: (m) =>
      writeOutbox(db, log, {
        brandId: m.brandId,
        channel: 'email',
        recipient: m.to.toLowerCase(),
        template: m.template,
        payload: m.params,
      }),
  };
}

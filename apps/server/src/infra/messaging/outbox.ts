import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/database.ts';

export type OutboxMessage = {
  brandId: number | null;
  channel: 'sms' | 'email';
  recipient: string;
  template: string;
  payload: Record<string, unknown>;
};

/**
 * The default delivery: a row in `outbox` and one log line. A real gateway
 * would read this table (or replace the sender); the demo and the tests read
 * it through `GET /ops/outbox`. The log line never carries the code itself.
 */
export async function writeOutbox(db: Db, log: FastifyBaseLogger, message: OutboxMessage): Promise<void> {
  await db
    .insertInto('outbox')
    .values({
      brand_id: message.brandId,
      channel: message.channel,
      recipient: message.recipient,
      template: message.template,
      payload: JSON.stringify(message.payload),
    })
    .execute();
  log.info({ channel: message.channel, template: message.template, recipient: mask(message.recipient) }, 'message queued in outbox');
}

export async function readOutbox(db: Db, recipient: string, limit = 50) {
  return db.selectFrom('outbox').selectAll().where('recipient', '=', recipient).orderBy('id', 'desc').limit(limit).execute();
}

function mask(recipient: string): string {
  return recipient.length <= 4 ? '****' : `${'*'.repeat(recipient.length - 4)}${recipient.slice(-4)}`;
}

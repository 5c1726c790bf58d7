import type { FastifyInstance } from 'fastify';
import { publishLive } from '../../live/live-bus.ts';

/**
 * Tells the member, on every instance, that staff replied to their feedback (after the reply committed; best effort,
 * like every live push: the reply is in the database and the list shows it on the next load anyway).
 */
export function announceFeedbackReply(app: FastifyInstance, answered: { id: string; memberId: number; status: string }): void {
  publishLive(app, answered.memberId, {
    type: 'FEEDBACK_REPLIED',
    feedback: { id: answered.id, status: answered.status },
    at: app.deps.now().toISOString(),
  });
}

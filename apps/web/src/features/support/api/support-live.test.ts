import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { applySupportLiveEvent, isSupportEvent, withoutMessage } from './support-live.ts';

describe('support live events', () => {
  it('drops exactly the removed room message from every cached room answer, at once', () => {
    const client = new QueryClient();
    const answer = { list: [{ id: '1' }, { id: '2' }, { id: '3' }], mutedUntil: null };
    client.setQueryData(['support', 'room', 'token-a'], answer);
    client.setQueryData(['support', 'room', null], answer);
    applySupportLiveEvent(client, { type: 'ROOM_MESSAGE_REMOVED', room: { messageId: '2' }, at: '2026-11-26T10:00:00Z' });
    for (const key of [
      ['support', 'room', 'token-a'],
      ['support', 'room', null],
    ])
      expect(client.getQueryData<typeof answer>(key)?.list.map((m) => m.id)).toEqual(['1', '3']);
    expect(withoutMessage(answer, '9')).toBe(answer);
  });

  it('marks the feedback list stale on a reply and leaves other answers alone', () => {
    const client = new QueryClient();
    client.setQueryData(['support', 'feedback', 'tok', 1], { list: [] });
    client.setQueryData(['support', 'config', 'tok'], { minChars: 10 });
    applySupportLiveEvent(client, { type: 'FEEDBACK_REPLIED', feedback: { id: '5', status: 'ANSWERED' }, at: '2026-11-26T10:00:00Z' });
    expect(client.getQueryState(['support', 'feedback', 'tok', 1])?.isInvalidated).toBe(true);
    expect(client.getQueryState(['support', 'config', 'tok'])?.isInvalidated).toBe(false);
    expect(isSupportEvent({ type: 'BALANCE_CHANGED', at: '' })).toBe(false);
  });
});

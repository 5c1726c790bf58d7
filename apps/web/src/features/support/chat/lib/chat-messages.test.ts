import type { ChatMessage } from '@playfront/contract/support-chat-paths';
import { describe, expect, it } from 'vitest';
import { isMine, lastSeqOf, mergeMessages, readByStaff } from './chat-messages.ts';

const m = (seq: number, sender: ChatMessage['sender'] = 'MEMBER', text = `m${seq}`): ChatMessage => ({
  id: String(seq + 100),
  seq,
  sender,
  senderName: null,
  text,
  hasImage: false,
  createdAt: '2026-11-30T14:00:00Z',
});

describe('chat messages', () => {
  it('merges pages, polls and live events by sequence, each message once, in order', () => {
    const merged = mergeMessages([m(3), m(1)], [m(2), m(3, 'MEMBER', 'again'), m(5)]);
    expect(merged.map((x) => [x.seq, x.text])).toEqual([
      [1, 'm1'],
      [2, 'm2'],
      [3, 'again'],
      [5, 'm5'],
    ]);
    expect(lastSeqOf(merged)).toBe(5);
    expect(lastSeqOf([])).toBe(0);
  });

  it('shows a message of mine as read once the staff marker reached it; staff messages never carry ticks', () => {
    expect(readByStaff(m(4), 4)).toBe(true);
    expect(readByStaff(m(5), 4)).toBe(false);
    expect(readByStaff(m(2, 'STAFF'), 9)).toBe(false);
    expect(isMine(m(1, 'GUEST'))).toBe(true);
  });
});

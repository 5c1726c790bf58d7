import type { ChatMessage } from '@playfront/contract/support-chat-paths';

/** Messages by sequence, each once: live events, polls and pages may bring the same message more than once. */
export function mergeMessages(current: readonly ChatMessage[], incoming: readonly ChatMessage[]): ChatMessage[] {
  if (incoming.length === 0) return current as ChatMessage[];
  const bySeq = new Map<number, ChatMessage>();
  for (const m of current) bySeq.set(m.seq, m);
  for (const m of incoming) bySeq.set(m.seq, m);
  return [...bySeq.values()].sort((a, b) => a.seq - b.seq);
}

export const lastSeqOf = (messages: readonly ChatMessage[]) => messages.at(-1)?.seq ?? 0;

/** A message of mine is "read" once the staff's read marker reached it. */
export const isMine = (m: ChatMessage) => m.sender === 'MEMBER' || m.sender === 'GUEST';
export const readByStaff = (m: ChatMessage, staffReadSeq: number) => isMine(m) && m.seq <= staffReadSeq;

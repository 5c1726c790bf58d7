import { useRef } from 'react';
import { newRequestId } from '../lib/amount.ts';

/**
 * The idempotency key of one money request. A resend of the same content (a
 * lost answer, a double click) keeps the key, so the server applies it once;
 * changed content gets a new key (the server refuses old keys with new content).
 * `done()` after success: the next request is a new one.
 */
export function useRequestId() {
  const current = useRef<{ id: string; content: string } | null>(null);
  return {
    idFor(content: unknown) {
      const text = JSON.stringify(content);
      if (current.current?.content !== text) current.current = { id: newRequestId(), content: text };
      return current.current.id;
    },
    done() {
      current.current = null;
    },
  };
}

import type { LiveEvent } from '@playfront/contract/live';
import { useEffect, useRef } from 'react';
import { LiveConnection, liveUrl } from './live-connection.ts';

export type LiveEventHandlers = {
  onEvent: (event: LiveEvent) => void;
  /** Ready again after a drop: reload what missed events would have changed. */
  onResync: () => void;
};

/**
 * Keeps the member's live socket open while `token` is set and `enabled`
 * (logged in, not a trial account, spec sections 2 and 6); closes it on logout
 * or unmount.
 */
export function useLiveEvents(token: string | null, enabled: boolean, handlers: LiveEventHandlers) {
  const latest = useRef(handlers);
  latest.current = handlers;
  useEffect(() => {
    if (!token || !enabled) return;
    const connection = new LiveConnection(
      { url: liveUrl(window.location), token },
      {
        onEvent: (event) => latest.current.onEvent(event),
        onReady: (reconnected) => {
          if (reconnected) latest.current.onResync();
        },
      },
    );
    return () => connection.close();
  }, [token, enabled]);
}

import { useCallback, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { fromI18n } from '../../../lib/i18n.ts';
import { PHONE_QUERY, useMediaQuery } from '../../../lib/use-media-query.ts';
import type { LaunchRequest } from '../api/launch-game.ts';

export type LaunchGameRef = Pick<LaunchRequest, 'nodeId' | 'vendor' | 'gameCode' | 'lottery' | 'demo'>;

/**
 * The launch request of a game page: the game, the member's language, WEB or
 * H5 by screen width, "back" to the lobby, and the launch hosts that failed
 * here. `retry` asks again (a new game session); with a host, it avoids it.
 */
export function useLaunchRequest(game: LaunchGameRef | null) {
  const { i18n } = useTranslation();
  const language = fromI18n(i18n.resolvedLanguage ?? i18n.language);
  const phone = useMediaQuery(PHONE_QUERY);
  const [failedHosts, setFailedHosts] = useState<string[]>([]);
  const [attempt, setAttempt] = useState(0);
  const request = useMemo<(LaunchRequest & { attempt: number }) | null>(
    () => (game ? { ...game, language, device: phone ? 'H5' : 'WEB', backUrl: '/', failedHosts, attempt } : null),
    [game, language, phone, failedHosts, attempt],
  );
  const retry = useCallback((failedHost?: string) => {
    if (failedHost) setFailedHosts((hosts) => (hosts.includes(failedHost) ? hosts : [...hosts, failedHost].slice(-20)));
    setAttempt((n) => n + 1);
  }, []);
  return { request, retry, language };
}

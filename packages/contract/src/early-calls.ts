import type { LanguageCode } from './constants.ts';
import { type DatePreset, FUNDS_PATHS, MESSAGES_PAGE_SIZE, MESSAGES_PATHS } from './funds-paths.ts';
import { LUCKY_PATHS, luckyPath } from './lucky-paths.ts';
import { BETTING_RECORD_PAGE_SIZE, PLAY_PATHS } from './play-paths.ts';
import { PROTECTION_PATHS } from './protection-paths.ts';

/** The betting record's date window when its page opens. */
export const BETTING_RECORD_FIRST_PRESET: DatePreset = 'last7';

const withQuery = (path: string, query: Record<string, string | number>) =>
  `${path}?${new URLSearchParams(Object.entries(query).map(([key, value]): [string, string] => [key, String(value)]))}`;

/**
 * The member pages whose largest paint is drawn from their first call, and that call (a GET with the session's
 * token), by page (`/member?page=`): the page's boot script, drawn by the server, asks it while the HTML is still
 * being parsed, before any of the web's scripts has run, and the web's own first call of the same address takes that
 * answer instead of asking again (apps/web lib/early-answer.ts). Each is the very address the page's query asks first
 * (the web's early-answer.test.ts holds them to it); an address that drifted would only be asked twice, never
 * answered wrongly.
 */
export function memberPageEarlyCall(page: string, language: LanguageCode): string | undefined {
  switch (page) {
    case 'messageV2':
      return withQuery(MESSAGES_PATHS.list, { pageNo: 1, pageSize: MESSAGES_PAGE_SIZE });
    case 'responsibleGaming':
      return PROTECTION_PATHS.status;
    case 'transferUpline':
      return FUNDS_PATHS.withdrawInfo;
    case 'personalHistoryCopy':
      return withQuery(PLAY_PATHS.bettingRecord, {
        preset: BETTING_RECORD_FIRST_PRESET,
        pageNo: 1,
        pageSize: BETTING_RECORD_PAGE_SIZE,
        language,
      });
    case 'luckyWheel':
      return luckyPath(LUCKY_PATHS.game, 'wheel');
    default:
      return undefined;
  }
}

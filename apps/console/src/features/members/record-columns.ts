import type { MemberRecordKind } from '@playfront/contract/console-backoffice-paths';

/** A column of a member record table: the row field, its header key, and how its value is shown. */
export type RecordColumn = { field: string; header: string; format?: 'money' | 'time' | 'status' | 'kind' };

/** The columns of each record kind, in order (the server's row fields, console-backoffice.ts). */
export const RECORD_COLUMNS: Record<MemberRecordKind, RecordColumn[]> = {
  ledger: [
    { field: 'at', header: 'cols.at', format: 'time' },
    { field: 'kind', header: 'cols.kind', format: 'kind' },
    { field: 'amount', header: 'cols.amount', format: 'money' },
    { field: 'balanceAfter', header: 'cols.balanceAfter', format: 'money' },
    { field: 'reference', header: 'cols.reference' },
  ],
  bets: [
    { field: 'at', header: 'cols.at', format: 'time' },
    { field: 'vendorCode', header: 'cols.vendor' },
    { field: 'gameCode', header: 'cols.game' },
    { field: 'stake', header: 'cols.stake', format: 'money' },
    { field: 'payout', header: 'cols.payout', format: 'money' },
    { field: 'status', header: 'cols.status' },
  ],
  deposits: [
    { field: 'at', header: 'cols.at', format: 'time' },
    { field: 'orderNo', header: 'cols.orderNo' },
    { field: 'amount', header: 'cols.amount', format: 'money' },
    { field: 'channel', header: 'cols.channel' },
    { field: 'status', header: 'cols.status', format: 'status' },
  ],
  withdrawals: [
    { field: 'at', header: 'cols.at', format: 'time' },
    { field: 'orderNo', header: 'cols.orderNo' },
    { field: 'amount', header: 'cols.amount', format: 'money' },
    { field: 'method', header: 'backoffice.method' },
    { field: 'status', header: 'cols.status', format: 'status' },
  ],
  sessions: [
    { field: 'startedAt', header: 'cols.startedAt', format: 'time' },
    { field: 'lastSeenAt', header: 'cols.lastSeenAt', format: 'time' },
    { field: 'endedAt', header: 'backoffice.endedAt', format: 'time' },
    { field: 'ip', header: 'cols.ip' },
    { field: 'userAgent', header: 'cols.userAgent' },
  ],
  logins: [
    { field: 'at', header: 'cols.at', format: 'time' },
    { field: 'result', header: 'backoffice.loginResult', format: 'status' },
    { field: 'method', header: 'backoffice.loginMethod' },
    { field: 'ip', header: 'cols.ip' },
    { field: 'device', header: 'cols.userAgent' },
  ],
};

/** The key of a status word (`backoffice.statusWord.PAID`), so each is translated; unknown words are shown as sent. */
export const statusKey = (word: string) => `backoffice.statusWord.${word}`;

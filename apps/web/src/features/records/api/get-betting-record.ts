import type { LanguageCode } from '@playfront/contract/constants';
import type { DatePreset } from '@playfront/contract/funds-paths';
import type { BettingRecordValue } from '@playfront/contract/play';
import { BETTING_RECORD_PAGE_SIZE, PLAY_PATHS, type RoundStatus } from '@playfront/contract/play-paths';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

export type BettingRecordFilter = {
  preset: DatePreset;
  gameType?: string;
  vendor?: string;
  status?: RoundStatus;
};

/** GET /wps/member/record/betting (token): the member's game rounds in a window, newest first, with totals over the whole window. */
export const getBettingRecord = (language: LanguageCode, filter: BettingRecordFilter, pageNo: number, signal?: AbortSignal) =>
  api<BettingRecordValue>(PLAY_PATHS.bettingRecord, {
    query: { ...filter, pageNo, pageSize: BETTING_RECORD_PAGE_SIZE, language },
    signal,
  });

export const bettingRecordQueryOptions = (token: string | null, language: LanguageCode, filter: BettingRecordFilter, pageNo: number) =>
  queryOptions({
    queryKey: ['records', 'betting', token, language, filter, pageNo],
    queryFn: ({ signal }) => getBettingRecord(language, filter, pageNo, signal),
    enabled: Boolean(token),
    placeholderData: keepPreviousData,
  });

export const useBettingRecord = (token: string | null, language: LanguageCode, filter: BettingRecordFilter, pageNo: number) =>
  useQuery(bettingRecordQueryOptions(token, language, filter, pageNo));

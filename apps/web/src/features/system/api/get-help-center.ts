import type { LanguageCode } from '@playfront/contract/constants';
import type { HelpArticleSchema } from '@playfront/contract/system';
import { SYSTEM_PATHS } from '@playfront/contract/system-paths';
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '../../../lib/api-client.ts';

export type HelpArticle = z.infer<typeof HelpArticleSchema>;

/** GET /wps/system/helpCenter?lang=…&device=WEB: the help articles in one language. */
export const getHelpCenter = (lang: LanguageCode, signal?: AbortSignal) =>
  api<HelpArticle[]>(SYSTEM_PATHS.helpCenter, { query: { lang, device: 'WEB' }, signal });

export const helpCenterQueryOptions = (lang: LanguageCode) =>
  queryOptions({
    queryKey: ['system', 'helpCenter', lang],
    queryFn: ({ signal }) => getHelpCenter(lang, signal),
    staleTime: 10 * 60_000,
  });

export const useHelpCenter = (lang: LanguageCode) => useQuery(helpCenterQueryOptions(lang));

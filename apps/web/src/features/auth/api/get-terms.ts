import type { HelpArticleSchema } from '@playfront/contract/system';
import { SYSTEM_PATHS } from '@playfront/contract/system-paths';
import type { z } from 'zod';
import { api } from '../../../lib/api-client.ts';
import { currentLanguage } from '../../../lib/i18n.ts';

type HelpArticle = z.infer<typeof HelpArticleSchema>;

/** The terms article (slug `term`) of the help centre, in the page's language; null when the brand has none. */
export async function getTerms(): Promise<HelpArticle | null> {
  const articles = await api<HelpArticle[]>(SYSTEM_PATHS.helpCenter, { query: { lang: currentLanguage(), device: 'WEB' } });
  return articles.find((a) => a.slug === 'term') ?? null;
}

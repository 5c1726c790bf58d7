import { HELP_CATEGORIES, type HelpCategory } from '@playfront/contract/support-paths';

export type HelpArticleLike = { slug: string; title: string; content: string; category?: string };

/** The article's words without its markup, for searching (the HTML is the server's own, never user input). */
export function plainText(html: string): string {
  return html
    .replace(/<[^>]+>/g, ' ')
    .replace(/&nbsp;/g, ' ')
    .replace(/&amp;/g, '&')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/\s+/g, ' ')
    .trim();
}

/** Case- and accent-insensitive form for matching; Bengali is compared as written (NFC). */
const fold = (s: string) =>
  s
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .normalize('NFC')
    .toLocaleLowerCase();

/** Articles whose title or body holds every word of the query (in any order); an empty query keeps them all. */
export function searchArticles<A extends HelpArticleLike>(articles: readonly A[], query: string): A[] {
  const words = fold(query).split(/\s+/).filter(Boolean);
  if (words.length === 0) return [...articles];
  return articles.filter((a) => {
    const text = fold(`${a.title} ${plainText(a.content)}`);
    return words.every((w) => text.includes(w));
  });
}

const isHelpCategory = (c: string | undefined): c is HelpCategory => (HELP_CATEGORIES as readonly string[]).includes(c ?? '');

/** Articles grouped by category in the page's order; an unknown or missing category counts as GENERAL. */
export function byCategory<A extends HelpArticleLike>(articles: readonly A[]): { category: HelpCategory; articles: A[] }[] {
  return HELP_CATEGORIES.map((category) => ({
    category,
    articles: articles.filter((a) => (isHelpCategory(a.category) ? a.category : 'GENERAL') === category),
  })).filter((g) => g.articles.length > 0);
}

/**
 * The article a deep link means (`/help#term`): the exact slug, else the first whose slug starts with it (an
 * operator may call the terms `terms-and-conditions`); none for an empty or unknown hash.
 */
export function articleForHash<A extends { slug: string }>(articles: readonly A[], hash: string): A | undefined {
  let wanted = '';
  try {
    wanted = decodeURIComponent(hash.replace(/^#/, '')).trim().toLowerCase();
  } catch {
    return undefined;
  }
  if (!wanted) return undefined;
  return articles.find((a) => a.slug.toLowerCase() === wanted) ?? articles.find((a) => a.slug.toLowerCase().startsWith(wanted));
}

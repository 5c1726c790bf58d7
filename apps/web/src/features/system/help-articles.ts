/**
 * Which help article a link means. `/help#term` is the spec's name for the
 * terms; an operator may call that article `terms` or `terms-and-conditions`,
 * so an unknown slug falls back to the first article whose slug starts with it.
 */
export function findArticle<T extends { slug: string }>(articles: readonly T[], slug: string | undefined): T | undefined {
  const wanted = slug?.trim().toLowerCase();
  if (wanted) {
    const exact = articles.find((a) => a.slug.toLowerCase() === wanted);
    if (exact) return exact;
    const prefixed = articles.find((a) => a.slug.toLowerCase().startsWith(wanted));
    if (prefixed) return prefixed;
  }
  return articles[0];
}

/** `#term` → `term`; an empty hash → undefined. */
export const slugFromHash = (hash: string) => decodeURIComponent(hash.replace(/^#/, '')).trim() || undefined;

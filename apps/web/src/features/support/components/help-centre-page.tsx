import '../../../ui/styles/member-page.css';
import './support.css';
import { useEffect, useId, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate } from 'react-router';
import { LoadErrorState, LoadingState } from '../../../ui/page-states.tsx';
import { SafeHtml } from '../../../ui/safe-html.tsx';
import { articleForHash, byCategory, type HelpArticleLike, searchArticles } from '../lib/help-search.ts';

export type HelpCentreArticle = HelpArticleLike & { id: number };

export type HelpCentrePageProps = {
  /** The help centre call's state; the app layer reads it (system feature) and hands it here. */
  articles: readonly HelpCentreArticle[] | undefined;
  isPending: boolean;
  isError: boolean;
  onRetry: () => void;
  /** Where "send us feedback" goes (the member centre's feedback page). */
  feedbackHref: string;
};

/**
 * /help: the help centre as a page (issue 15). Articles by category, a search box over titles and bodies, and deep
 * links: `/help#<slug>` opens that article and scrolls to it; opening one puts its link in the address bar.
 */
export default function HelpCentrePage({ articles, isPending, isError, onRetry, feedbackHref }: HelpCentrePageProps) {
  const { t, i18n } = useTranslation('support');
  const id = useId();
  const { hash } = useLocation();
  const navigate = useNavigate();
  const [query, setQuery] = useState('');
  const [open, setOpen] = useState<ReadonlySet<string>>(new Set());
  const all = useMemo(() => articles ?? [], [articles]);
  const found = useMemo(() => searchArticles(all, query), [all, query]);
  const groups = useMemo(() => byCategory(found), [found]);

  // A deep link (first visit or a footer link while here) opens its article, clears a search hiding it, scrolls to it.
  const target = articleForHash(all, hash);
  const scrolledTo = useRef<string | null>(null);
  useEffect(() => {
    if (!target || scrolledTo.current === `${target.slug}${hash}`) return;
    scrolledTo.current = `${target.slug}${hash}`;
    setQuery('');
    setOpen((o) => new Set(o).add(target.slug));
    requestAnimationFrame(() => {
      const el = document.getElementById(`${id}-${target.slug}`);
      if (!el) return;
      const reduced = window.matchMedia?.('(prefers-reduced-motion: reduce)').matches;
      el.scrollIntoView({ behavior: reduced ? 'auto' : 'smooth', block: 'start' });
      el.querySelector<HTMLElement>('button')?.focus({ preventScroll: true });
    });
  }, [target, hash, id]);

  const toggle = (slug: string) => {
    const opening = !open.has(slug);
    setOpen((o) => {
      const next = new Set(o);
      if (opening) next.add(slug);
      else next.delete(slug);
      return next;
    });
    // The address names the article being read, so it can be shared; no new history entry per click.
    if (opening) {
      scrolledTo.current = `${slug}#${slug}`;
      navigate({ hash: `#${slug}` }, { replace: true, preventScrollReset: true });
    }
  };

  return (
    <main className="page help-centre" lang={i18n.resolvedLanguage}>
      <header className="wl-page-head">
        <h1 className="wl-page-title">{t('help.title')}</h1>
        <p className="wl-lead">{t('help.lead')}</p>
      </header>

      <search className="help-search">
        <label htmlFor={`${id}-search`} className="support-label">
          {t('help.search')}
        </label>
        <div className="help-search-row">
          <input
            id={`${id}-search`}
            className="support-input"
            type="search"
            value={query}
            placeholder={t('help.searchPlaceholder')}
            onChange={(e) => setQuery(e.target.value)}
            aria-describedby={`${id}-results`}
          />
          {query && (
            <button type="button" className="btn btn-ghost btn-sm" onClick={() => setQuery('')}>
              {t('help.clear')}
            </button>
          )}
        </div>
        <p id={`${id}-results`} className="support-hint" aria-live="polite">
          {query.trim() ? (found.length > 0 ? t('help.results', { count: found.length }) : t('help.noMatch', { query: query.trim() })) : ''}
        </p>
      </search>

      {isPending ? (
        <LoadingState ns="support" />
      ) : isError ? (
        <LoadErrorState ns="support" onRetry={onRetry} />
      ) : all.length === 0 ? (
        <p className="wl-state">{t('help.empty')}</p>
      ) : (
        groups.map((group) => (
          <section key={group.category} className="help-group" aria-labelledby={`${id}-${group.category}`}>
            <h2 id={`${id}-${group.category}`} className="help-group-title">
              {t(`help.categories.${group.category}`)}
            </h2>
            <ul className="help-list-page">
              {group.articles.map((a) => {
                const expanded = open.has(a.slug);
                return (
                  <li key={a.id} id={`${id}-${a.slug}`} className="help-entry" data-testid="help-article" data-slug={a.slug}>
                    <h3 className="help-entry-heading">
                      <button
                        type="button"
                        className="help-entry-toggle"
                        aria-expanded={expanded}
                        aria-controls={`${id}-${a.slug}-body`}
                        onClick={() => toggle(a.slug)}
                      >
                        <span>{a.title}</span>
                        <span className="help-entry-chevron" aria-hidden="true">
                          {expanded ? '−' : '+'}
                        </span>
                      </button>
                    </h3>
                    <div id={`${id}-${a.slug}-body`} className="help-entry-body" hidden={!expanded}>
                      {expanded && <SafeHtml className="rich-text" html={a.content} />}
                    </div>
                  </li>
                );
              })}
            </ul>
          </section>
        ))
      )}

      <p className="help-feedback">
        {t('help.feedbackPrompt')} <Link to={feedbackHref}>{t('help.feedbackLink')}</Link>
      </p>
    </main>
  );
}

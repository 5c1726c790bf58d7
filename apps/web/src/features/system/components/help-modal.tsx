import './help-modal.css';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { currentLanguage } from '../../../lib/i18n.ts';
import { Spinner } from '../../../ui/loader/loader-overlay.tsx';
import type { ModalBodyProps } from '../../../ui/modals/modal-types.ts';
import { SafeHtml } from '../../../ui/safe-html.tsx';
import { useHelpCenter } from '../api/get-help-center.ts';
import { findArticle } from '../help-articles.ts';

/** helpModal: the help centre's articles (list and content pane), opened on `options.slug`. */
export default function HelpModal({ options, titleId }: ModalBodyProps<'helpModal'>) {
  const { t, i18n } = useTranslation('system');
  const lang = currentLanguage();
  const help = useHelpCenter(lang);
  const articles = help.data ?? [];
  const [selected, setSelected] = useState<string | undefined>(undefined);
  const article = findArticle(articles, selected ?? options.slug);

  return (
    <div className="help" lang={i18n.resolvedLanguage}>
      <h2 id={titleId} className="modal-title">
        {t('help.title')}
      </h2>
      {help.isPending && <Spinner label={t('help.loading')} />}
      {help.isError && (
        <p role="alert" className="help-empty">
          {t('help.failed')}
        </p>
      )}
      {help.isSuccess && articles.length === 0 && <p className="help-empty">{t('help.empty')}</p>}
      {article && (
        <div className="help-layout">
          <nav className="help-nav" aria-label={t('help.articles')}>
            <ul>
              {articles.map((a) => (
                <li key={a.id}>
                  <button
                    type="button"
                    className="help-nav-item"
                    aria-current={a.id === article.id ? 'true' : undefined}
                    onClick={() => setSelected(a.slug)}
                  >
                    {a.title}
                  </button>
                </li>
              ))}
            </ul>
          </nav>
          <article className="help-article" aria-labelledby={`${titleId}-article`} tabIndex={-1}>
            <h3 id={`${titleId}-article`}>{article.title}</h3>
            <SafeHtml className="rich-text" html={article.content} />
          </article>
        </div>
      )}
    </div>
  );
}

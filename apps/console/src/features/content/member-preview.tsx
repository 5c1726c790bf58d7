import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { previewHtml } from './articles-api.ts';

export type MemberPreviewProps = { title: string; html: string; lang: 'EN' | 'BN'; kind: 'popup' | 'announcement' | 'help' };

/**
 * "Preview as a member sees it": the server's sanitised form of the editor's HTML (what will be stored and served),
 * drawn in a card styled like the member site (its dark theme and gold accent, the console's Bengali font). The HTML
 * shown is only ever the server's allow-listed output: no script, handler or javascript: link survives it.
 */
export function MemberPreview({ title, html, lang, kind }: MemberPreviewProps) {
  const { t } = useTranslation();
  const [clean, setClean] = useState<string | null>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    const controller = new AbortController();
    const timer = setTimeout(() => {
      previewHtml(html, controller.signal)
        .then((v) => {
          setClean(v.html);
          setFailed(false);
        })
        .catch(() => {
          if (!controller.signal.aborted) setFailed(true);
        });
    }, 350);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [html]);
  return (
    <figure style={{ margin: 0 }}>
      <figcaption className="muted">{t('content.previewOf', { lang })}</figcaption>
      {failed ? (
        <div className="alert error" role="alert">
          {t('content.previewFailed')}
        </div>
      ) : clean === null ? (
        <div className="state" role="status">
          {t('state.loading')}
        </div>
      ) : (
        <div className="member-preview" lang={lang.toLowerCase()}>
          <div className="member-card">
            <div className="member-kind">{t(`content.kinds.${kind}`)}</div>
            <h3 className="member-title">{title}</h3>
            {/* biome-ignore lint/security/noDangerouslySetInnerHtml: the server's sanitised (allow-listed) HTML, the very text members get. */}
            <div className="member-body" dangerouslySetInnerHTML={{ __html: clean }} />
          </div>
        </div>
      )}
    </figure>
  );
}

import DOMPurify from 'dompurify';
import { useMemo } from 'react';

export type SafeHtmlProps = { html: string; className?: string };

/**
 * Shows server-authored HTML (help articles, announcements) after DOMPurify
 * has removed scripts, handlers and other active content. Never pass user
 * input here: user text is rendered as text.
 */
export function SafeHtml({ html, className }: SafeHtmlProps) {
  const clean = useMemo(() => DOMPurify.sanitize(html, { USE_PROFILES: { html: true }, FORBID_TAGS: ['style', 'form', 'input'] }), [html]);
  // biome-ignore lint/security/noDangerouslySetInnerHtml: sanitised above; the source is server-authored content only.
  return <div className={className} dangerouslySetInnerHTML={{ __html: clean }} />;
}

import sanitizeHtml from 'sanitize-html';

/**
 * The one gate operator rich text (popups, announcements, help articles) passes before it is stored (decision 046).
 * An allow-list of what the console's editor (TipTap starter kit + links) produces: anything else — scripts, styles,
 * iframes, forms, event handlers, inline styles, classes, javascript:/data: links — is dropped. Links keep only
 * http(s), mailto and tel addresses or site paths, and open with rel="noopener noreferrer nofollow".
 * The member site runs DOMPurify on top (apps/web/src/ui/safe-html.tsx): two independent filters.
 */
const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: ['p', 'br', 'strong', 'b', 'em', 'i', 'u', 's', 'h2', 'h3', 'h4', 'ul', 'ol', 'li', 'blockquote', 'a', 'hr', 'code', 'pre'],
  allowedAttributes: { a: ['href', 'target', 'rel'] },
  allowedSchemes: ['http', 'https', 'mailto', 'tel'],
  allowedSchemesAppliedToAttributes: ['href'],
  allowProtocolRelative: false,
  disallowedTagsMode: 'discard',
  // Text inside these is dropped with the tag (not shown as text).
  nonTextTags: ['script', 'style', 'textarea', 'option', 'noscript', 'iframe', 'object', 'embed', 'template'],
  transformTags: {
    a: (_tagName, attribs): sanitizeHtml.Tag => {
      const href = (attribs.href ?? '').trim();
      // A link to nowhere or somewhere unsafe (javascript:, data:, //host…) becomes its text: a span is not allowed, its text stays.
      if (!/^(https?:\/\/|mailto:|tel:|\/(?!\/))/i.test(href)) return { tagName: 'span', attribs: {} };
      const internal = href.startsWith('/');
      const attrs: sanitizeHtml.Attributes = internal ? { href } : { href, target: '_blank', rel: 'noopener noreferrer nofollow' };
      return { tagName: 'a', attribs: attrs };
    },
  },
};

/** Operator HTML as stored and served: allow-listed tags and attributes only. */
export function sanitizeRichText(html: string): string {
  return sanitizeHtml(html, OPTIONS).trim();
}

/** Whether sanitised HTML still says something (an editor's empty `<p></p>` does not). */
export function hasText(html: string): boolean {
  return sanitizeHtml(html, { allowedTags: [], allowedAttributes: {} }).trim().length > 0;
}

import { describe, expect, it } from 'vitest';
import { hasText, sanitizeRichText } from './rich-text.ts';

describe('operator rich text sanitiser', () => {
  it('keeps what the editor makes: paragraphs, headings, lists, emphasis, quotes and links', () => {
    const html =
      '<h2>Rules</h2><p>Play <strong>fair</strong>, <em>always</em> <u>read</u> <s>old</s></p><ul><li>one</li></ul><ol><li>two</li></ol><blockquote><p>q</p></blockquote><hr><p><a href="https://example.com/x">link</a> <a href="/promotions">ours</a></p>';
    expect(sanitizeRichText(html)).toBe(
      '<h2>Rules</h2><p>Play <strong>fair</strong>, <em>always</em> <u>read</u> <s>old</s></p><ul><li>one</li></ul><ol><li>two</li></ol><blockquote><p>q</p></blockquote><hr /><p><a href="https://example.com/x" target="_blank" rel="noopener noreferrer nofollow">link</a> <a href="/promotions">ours</a></p>',
    );
  });

  it('strips scripts (with their text), event handlers, styles, iframes, forms and inline styles', () => {
    const out = sanitizeRichText(
      '<p onclick="steal()" style="color:red" class="x">hi<script>alert(1)</script></p><img src=x onerror="alert(2)"><iframe src="https://evil.example"></iframe><style>p{}</style><form><input name="p"></form><svg onload="alert(3)"></svg>',
    );
    expect(out).toBe('<p>hi</p>');
    expect(out).not.toMatch(/script|onerror|onclick|onload|alert|iframe|style|input/i);
  });

  it('drops javascript:, data: and protocol-relative links but keeps the text', () => {
    const out = sanitizeRichText(
      '<p><a href="javascript:alert(1)">a</a><a href="JaVaScRiPt:alert(1)">b</a><a href="  javascript:alert(1)">c</a><a href="data:text/html,x">d</a><a href="//evil.example">e</a><a href="vbscript:x">f</a></p>',
    );
    expect(out).not.toMatch(/javascript|data:|evil|vbscript/i);
    expect(out.replace(/<[^>]+>/g, '')).toBe('abcdef');
  });

  it('an editor paragraph with nothing in it has no text', () => {
    expect(hasText(sanitizeRichText('<p></p>'))).toBe(false);
    expect(hasText(sanitizeRichText('<p><script>x</script></p>'))).toBe(false);
    expect(hasText(sanitizeRichText('<p>হ্যালো</p>'))).toBe(true);
  });
});

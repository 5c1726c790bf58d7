import { describe, expect, it } from 'vitest';
import { safeUrl, withQuery } from './safe-url.ts';

describe('safeUrl', () => {
  it('keeps web, mail and phone links and site paths', () => {
    expect(safeUrl('https://t.me/playfront')).toBe('https://t.me/playfront');
    expect(safeUrl('mailto:support@example.com')).toBe('mailto:support@example.com');
    expect(safeUrl('tel:+8801700000000')).toBe('tel:+8801700000000');
    expect(safeUrl('/support/chat')).toBe('/support/chat');
  });

  it('drops script, data and protocol-relative links', () => {
    expect(safeUrl('javascript:alert(1)')).toBeUndefined();
    expect(safeUrl(' JavaScript:alert(1)')).toBeUndefined();
    expect(safeUrl('data:text/html,<script>1</script>')).toBeUndefined();
    expect(safeUrl('//evil.example/x')).toBeUndefined();
    expect(safeUrl('')).toBeUndefined();
    expect(safeUrl(null)).toBeUndefined();
  });
});

describe('withQuery', () => {
  it('adds parameters to relative and absolute links, skipping empty ones', () => {
    expect(withQuery('/download/ios', { lang: 'BN', token: 'abc' })).toBe('/download/ios?lang=BN&token=abc');
    expect(withQuery('/download/ios?x=1', { lang: 'EN', token: null })).toBe('/download/ios?x=1&lang=EN');
    expect(withQuery('https://app.example.com/ios', { lang: 'EN' })).toBe('https://app.example.com/ios?lang=EN');
  });
});

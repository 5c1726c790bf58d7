import { describe, expect, it } from 'vitest';
import { findArticle, slugFromHash } from './help-articles.ts';

const articles = [
  { slug: 'about', title: 'About us' },
  { slug: 'terms', title: 'Terms and conditions' },
  { slug: 'privacy', title: 'Privacy' },
];

describe('help article links', () => {
  it('opens the article the slug names', () => {
    expect(findArticle(articles, 'privacy')?.title).toBe('Privacy');
    expect(findArticle(articles, 'TERMS')?.title).toBe('Terms and conditions');
  });

  it('reads /help#term as the terms article', () => {
    expect(findArticle(articles, slugFromHash('#term'))?.slug).toBe('terms');
  });

  it('opens the first article for no slug or an unknown one', () => {
    expect(findArticle(articles, undefined)?.slug).toBe('about');
    expect(findArticle(articles, 'nothing-like-it')?.slug).toBe('about');
    expect(findArticle([], 'term')).toBeUndefined();
  });

  it('reads the hash', () => {
    expect(slugFromHash('')).toBeUndefined();
    expect(slugFromHash('#')).toBeUndefined();
    expect(slugFromHash('#responsible%20gaming')).toBe('responsible gaming');
  });
});

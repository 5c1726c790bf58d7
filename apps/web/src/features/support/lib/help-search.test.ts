import { describe, expect, it } from 'vitest';
import { articleForHash, byCategory, plainText, searchArticles } from './help-search.ts';

const articles = [
  { slug: 'term', title: 'Terms and Conditions', content: '<h3>Who may play</h3><p>You must be 18.</p>', category: 'RULES' },
  { slug: 'withdrawal-help', title: 'Withdrawals', content: '<p>Withdrawals go to your <b>bKash</b> wallet.</p>', category: 'PAYMENTS' },
  { slug: 'faq', title: 'FAQ', content: '<p>I forgot my password.</p>' },
  { slug: 'bn', title: 'উত্তোলন সহায়তা', content: '<p>টাকা তুলতে পেমেন্ট পাসওয়ার্ড লাগবে।</p>', category: 'PAYMENTS' },
];

describe('help centre search', () => {
  it('matches titles and bodies, every word, ignoring case and markup', () => {
    expect(searchArticles(articles, 'BKASH wallet').map((a) => a.slug)).toEqual(['withdrawal-help']);
    expect(searchArticles(articles, 'who play').map((a) => a.slug)).toEqual(['term']);
    expect(searchArticles(articles, '').map((a) => a.slug)).toHaveLength(4);
    expect(searchArticles(articles, 'casino')).toEqual([]);
    // "b" is markup, not a word of the text.
    expect(searchArticles(articles, '<b>')).toEqual([]);
  });

  it('finds Bengali text as written', () => {
    expect(searchArticles(articles, 'পাসওয়ার্ড').map((a) => a.slug)).toEqual(['bn']);
  });

  it('groups by category in the page order, unknown ones as general', () => {
    expect(byCategory(articles).map((g) => [g.category, g.articles.map((a) => a.slug)])).toEqual([
      ['PAYMENTS', ['withdrawal-help', 'bn']],
      ['RULES', ['term']],
      ['GENERAL', ['faq']],
    ]);
    expect(plainText('<p>a&amp;b</p>')).toBe('a&b');
  });
});

describe('help centre deep links', () => {
  it('opens the article the hash names, by exact slug or its start', () => {
    expect(articleForHash(articles, '#term')?.slug).toBe('term');
    expect(articleForHash(articles, '#withdrawal')?.slug).toBe('withdrawal-help');
    expect(articleForHash(articles, '#nothing')).toBeUndefined();
    expect(articleForHash(articles, '')).toBeUndefined();
    expect(articleForHash(articles, '#%E0%A4')).toBeUndefined();
  });
});

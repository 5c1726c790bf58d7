import { describe, expect, it } from 'vitest';
import { REFERRAL_SHARE_NETWORKS, referralLink, shareUrl } from './referral-paths.ts';

describe('referral links', () => {
  it('builds the register link the register popup reads (?referralCode=)', () => {
    expect(referralLink('https://play.example', 'AB23CD45')).toBe('https://play.example/register?referralCode=AB23CD45');
    const url = new URL(referralLink('https://play.example', 'A&B'));
    expect(url.searchParams.get('referralCode')).toBe('A&B');
  });

  it("shares through each network's own share URL, the link carried whole", () => {
    const link = 'https://play.example/register?referralCode=AB23CD45';
    const urls = Object.fromEntries(REFERRAL_SHARE_NETWORKS.map((n) => [n, new URL(shareUrl(n, link, 'Join me'))]));
    expect(urls.whatsapp?.origin).toBe('https://wa.me');
    expect(urls.whatsapp?.searchParams.get('text')).toBe(`Join me ${link}`);
    expect(urls.facebook?.href.startsWith('https://www.facebook.com/sharer/sharer.php?')).toBe(true);
    expect(urls.facebook?.searchParams.get('u')).toBe(link);
    expect(urls.telegram?.href.startsWith('https://t.me/share/url?')).toBe(true);
    expect(urls.telegram?.searchParams.get('url')).toBe(link);
    expect(urls.telegram?.searchParams.get('text')).toBe('Join me');
  });
});

import { LOTTERY_PREFIX } from '@playfront/contract/lottery';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LOTTERY_PAGE_CSP, lotteryPages, renderLotteryPage } from './pages.ts';

const app = Fastify();
const token = 'launch-token-0123456789abcdef';

beforeAll(async () => {
  await app.register(lotteryPages, { prefix: LOTTERY_PREFIX });
  await app.ready();
});
afterAll(() => app.close());

function bootOf(html: string): Record<string, unknown> {
  const match = /<script type="application\/json" id="lotto-boot">(.*?)<\/script>/s.exec(html);
  if (!match?.[1]) throw new Error('no boot data');
  return JSON.parse(match[1]) as Record<string, unknown>;
}

describe('lottery pages', () => {
  it('serves the launch page with its boot data, language, theme and a strict CSP', async () => {
    const res = await app.inject({
      url: `/lotto/play?vendor=elott&token=${token}&view=betting&game=ELOTT_1&lang=en&backUrl=%2Flottery&theme=light`,
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/html');
    expect(res.headers['content-security-policy']).toBe(LOTTERY_PAGE_CSP);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.body).toContain('<html lang="en" data-theme="light">');
    const boot = bootOf(res.body);
    expect(boot).toMatchObject({ page: 'play', vendor: 'ELOTT', token, view: 'betting', game: 'ELOTT_1', backUrl: '/lottery', lang: 'EN' });
    expect((boot.strings as Record<string, string>)['slip.place']).toBe('Place slip');
  });

  it('opens in Bengali and dark by default, and in the platform theme its cookie names', async () => {
    const dark = await app.inject({ url: `/lotto/play?vendor=LOTT&token=${token}` });
    expect(dark.body).toContain('<html lang="bn" data-theme="dark">');
    expect(bootOf(dark.body)).toMatchObject({ view: 'betting', game: null, backUrl: null, lang: 'BN' });
    const light = await app.inject({ url: `/lotto/play?vendor=LOTT&token=${token}&lang=bn`, headers: { cookie: 'a=b; pf_theme=light' } });
    expect(light.body).toContain('data-theme="light"');
  });

  it('refuses a launch without a token or with a bad vendor, in the player language, and keeps the back link on the site', async () => {
    const noToken = await app.inject({ url: '/lotto/play?vendor=LOTT&lang=en&backUrl=%2Flottery' });
    expect(noToken.statusCode).toBe(400);
    expect(noToken.body).toContain('This lottery link is not valid.');
    expect(bootOf(noToken.body)).toMatchObject({ page: 'error', code: 'BAD_LAUNCH', backUrl: '/lottery' });
    const badVendor = await app.inject({ url: `/lotto/play?vendor=%3Cx%3E&token=${token}&lang=bn&backUrl=https%3A%2F%2Fevil.example` });
    expect(badVendor.statusCode).toBe(400);
    expect(bootOf(badVendor.body)).toMatchObject({ page: 'error', code: 'BAD_LAUNCH', backUrl: null });
    const protocolRelative = await app.inject({ url: `/lotto/play?vendor=LOTT&token=${token}&backUrl=%2F%2Fevil.example` });
    expect(bootOf(protocolRelative.body).backUrl).toBeNull();
  });

  it('serves the verify page for a draw id and refuses odd ids', async () => {
    const res = await app.inject({ url: '/lotto/verify?draw=d-123&lang=en' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-security-policy']).toBe(LOTTERY_PAGE_CSP);
    expect(res.body).toContain('<title>Verify a draw</title>');
    expect(bootOf(res.body)).toMatchObject({ page: 'verify', drawId: 'd-123' });
    const odd = await app.inject({ url: '/lotto/verify?draw=%3Cscript%3E' });
    expect(bootOf(odd.body)).toMatchObject({ page: 'verify', drawId: null });
  });

  it('bundles the script and stylesheet the page names, cached for good by content hash', async () => {
    const page = await app.inject({ url: `/lotto/play?vendor=LOTT&token=${token}` });
    const script = /<script type="module" src="([^"]+)"/.exec(page.body)?.[1];
    const style = /<link rel="stylesheet" href="([^"]+)"/.exec(page.body)?.[1];
    expect(script).toMatch(/^\/lotto\/assets\/lotto-[A-Za-z0-9]+\.js$/);
    expect(style).toMatch(/^\/lotto\/assets\/lotto-style-[A-Za-z0-9]+\.css$/);
    const js = await app.inject({ url: script as string });
    expect(js.statusCode).toBe(200);
    expect(js.headers['content-type']).toContain('text/javascript');
    expect(js.headers['cache-control']).toContain('immutable');
    // Lean: no framework, the contract's derivation included (the verify page recomputes draws).
    expect(js.rawPayload.length).toBeLessThan(80_000);
    expect(js.body).toContain('lotto-boot');
    const again = await app.inject({ url: script as string, headers: { 'if-none-match': js.headers.etag as string } });
    expect(again.statusCode).toBe(304);
    const css = await app.inject({ url: style as string });
    expect(css.statusCode).toBe(200);
    expect(css.body).toContain('--accent');
    expect((await app.inject({ url: '/lotto/assets/nope.js' })).statusCode).toBe(404);
  });

  it('escapes what it renders: a closing script tag in the boot data cannot end the script', () => {
    const html = renderLotteryPage({
      lang: 'EN',
      title: '<b>x</b>',
      theme: 'dark',
      assets: { script: '/s.js', style: '/s.css' },
      boot: { page: 'verify', drawId: '</script><script>alert(1)</script>', backUrl: null },
    });
    expect(html).toContain('<title>&lt;b&gt;x&lt;/b&gt;</title>');
    expect(html).not.toContain('</script><script>alert(1)');
  });
});

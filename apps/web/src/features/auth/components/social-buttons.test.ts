import type { SocialProvider } from '@playfront/contract/social';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { providersFor } from '../lib/social-buttons.ts';
import { SocialButtonsView } from './social-buttons-view.tsx';

const PROVIDERS: SocialProvider[] = [
  { slug: 'google', displayName: 'Google', registration: true },
  { slug: 'staff-id', displayName: 'Staff ID', registration: false },
];
const WORDS: Record<string, string> = {
  'login.or': 'or',
  'social.continueWith': 'Continue with {{name}}',
  'social.redirecting': 'Opening {{name}}…',
};
const t = (key: string, params?: Record<string, string>) => (WORDS[key] ?? key).replace('{{name}}', params?.name ?? '');
const render = (providers: SocialProvider[], busy: string | null = null) =>
  renderToStaticMarkup(
    createElement(SocialButtonsView, {
      providers,
      busy,
      onChoose: () => {},
      orLabel: t('login.or'),
      labelOf: (p, opening) => t(opening ? 'social.redirecting' : 'social.continueWith', { name: p.displayName }),
    }),
  );
const buttons = (html: string) => [...html.matchAll(/<button[^>]*>([^<]*)<\/button>/g)].map((m) => m[1]);

describe('social sign-in buttons', () => {
  it('offer every provider in the login popup, and only the registering ones in the register popup', () => {
    expect(buttons(render(providersFor(PROVIDERS, 'login')))).toEqual(['Continue with Google', 'Continue with Staff ID']);
    expect(buttons(render(providersFor(PROVIDERS, 'register')))).toEqual(['Continue with Google']);
  });

  it('show nothing at all when the brand offers no provider (or the list has not loaded)', () => {
    expect(render(providersFor([], 'login'))).toBe('');
    expect(render(providersFor(undefined, 'register'))).toBe('');
  });

  it('say which provider is opening and lock the others while the browser leaves', () => {
    const html = render(PROVIDERS, 'google');
    expect(buttons(html)).toEqual(['Opening Google…', 'Continue with Staff ID']);
    expect(html.match(/disabled=""/g)).toHaveLength(2);
    expect(html).toContain('aria-busy="true"');
  });
});

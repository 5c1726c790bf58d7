import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';

// A member's session stored in this tab before the page starts (the session store reads it when it loads).
Object.assign(globalThis, {
  sessionStorage: {
    getItem: (k: string) => (k === 'token' ? 'member-session' : null),
    setItem: () => undefined,
    removeItem: () => undefined,
    clear: () => undefined,
  },
});
const { RestrictedWithdrawAccess, useWithdrawAccess } = await import('./withdraw-access.ts');

/** Shows what the withdraw parts would use. */
function Probe() {
  const access = useWithdrawAccess();
  return createElement('output', null, `${access.token ?? 'none'}|${access.restricted}`);
}
const render = (restrictedToken?: string) =>
  renderToStaticMarkup(
    restrictedToken ? createElement(RestrictedWithdrawAccess, { value: restrictedToken }, createElement(Probe)) : createElement(Probe),
  ).replace(/<\/?output>/g, '');

describe('whose withdraw page it is (decision 056)', () => {
  it('the member centre’s withdraw page uses the stored session token', () => {
    expect(render()).toBe('member-session|false');
  });

  it('inside the withdrawal-only screen the parts use the restricted token (even beside a stored session), marked restricted', () => {
    expect(render('restricted-token')).toBe('restricted-token|true');
  });
});

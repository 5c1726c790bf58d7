import { ROLE_PERMISSIONS, STAFF_ROLES } from '@playfront/contract/console-paths';
import { describe, expect, it } from 'vitest';
import { NAV_ITEMS, visibleNav } from './nav.ts';

describe('the side navigation by role', () => {
  const pages = (role: (typeof STAFF_ROLES)[number]) => visibleNav(ROLE_PERMISSIONS[role]).map((i) => i.path);

  it('shows the owner every page', () => {
    expect(pages('owner')).toEqual(NAV_ITEMS.map((i) => i.path));
  });

  it('hides from each role what its permissions do not allow', () => {
    expect(pages('content')).toEqual(['/dashboard', '/content']);
    expect(pages('finance')).toContain('/payments');
    expect(pages('finance')).toContain('/promotions');
    expect(pages('risk')).toContain('/promotions');
    expect(pages('finance')).not.toContain('/staff');
    expect(pages('finance')).not.toContain('/content');
    expect(pages('support')).toEqual(['/dashboard', '/members', '/support']);
    expect(pages('read-only')).not.toContain('/adjustments');
  });

  it('gives every role at least one page', () => {
    for (const role of STAFF_ROLES) expect(pages(role).length, role).toBeGreaterThan(0);
  });
});

import { describe, expect, it } from 'vitest';
import { systemScreen } from './system-screen.ts';

describe('system status → screen', () => {
  it('shows the loader while the status is loading', () => {
    expect(systemScreen({ isPending: true, isError: false })).toBe('loading');
  });

  it('maps 0, 1 and 2 to the app, the maintenance page and the region page', () => {
    expect(systemScreen({ isPending: false, isError: false, data: { status: 0 } })).toBe('app');
    expect(systemScreen({ isPending: false, isError: false, data: { status: 1 } })).toBe('maintenance');
    expect(systemScreen({ isPending: false, isError: false, data: { status: 2 } })).toBe('region');
  });

  it('shows the app when the status call fails or answers something unknown', () => {
    expect(systemScreen({ isPending: false, isError: true })).toBe('app');
    expect(systemScreen({ isPending: false, isError: false, data: { status: 7 } })).toBe('app');
  });
});

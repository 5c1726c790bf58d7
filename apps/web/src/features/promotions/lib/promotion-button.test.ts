import { ACTIVITY_ACTIONS, ACTIVITY_STATES } from '@playfront/contract/promotions-paths';
import { describe, expect, it } from 'vitest';
import { promotionButton } from './promotion-button.ts';

describe('the button a promotion shows for its state', () => {
  it('does the action the server names, for a member', () => {
    expect(promotionButton({ state: 'join', action: 'join' }, 'member')).toEqual({ kind: 'action', action: 'join', gate: null });
    expect(promotionButton({ state: 'join', action: 'apply' }, 'member')).toEqual({ kind: 'action', action: 'apply', gate: null });
    expect(promotionButton({ state: 'claim', action: 'claim' }, 'member')).toEqual({ kind: 'action', action: 'claim', gate: null });
    expect(promotionButton({ state: 'joined', action: 'deposit' }, 'member')).toEqual({ kind: 'action', action: 'deposit', gate: null });
  });

  it('asks a guest to log in and tells a trial account a real one is needed, whatever the action', () => {
    for (const action of ACTIVITY_ACTIONS) {
      expect(promotionButton({ state: 'join', action }, 'guest')).toEqual({ kind: 'action', action, gate: 'login' });
      expect(promotionButton({ state: 'join', action }, 'trial')).toEqual({ kind: 'action', action, gate: 'realAccount' });
    }
  });

  it('shows claimed, issued, applying, coming soon and closed as disabled labels, even with an action', () => {
    for (const state of ['claimed', 'issued', 'applying', 'comingSoon', 'close'] as const) {
      expect(promotionButton({ state, action: null }, 'member')).toEqual({ kind: 'label', state });
      expect(promotionButton({ state, action: 'claim' }, 'member')).toEqual({ kind: 'label', state });
    }
  });

  it('has an answer for every state, with or without an action', () => {
    for (const state of ACTIVITY_STATES) {
      expect(promotionButton({ state, action: null }, 'member').kind).toBe('label');
      for (const action of ACTIVITY_ACTIONS) expect(['label', 'action']).toContain(promotionButton({ state, action }, 'guest').kind);
    }
  });
});
